import { useFieldArray, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { ToolEditForm } from '@fridgeparts/common/tool';
import { Button } from '../../../components/button';
import { FormInput } from '../../../components/form/form-input';
import css from './product-fields.module.css';

/** What both product forms hold for these fields (text in the inputs, the checkbox a boolean). */
type Shipping = Pick<ToolEditForm, 'weight' | 'freight' | 'leadTimeDays' | 'restock'>;

/** At most this many expected deliveries (common/src/availability/restock-schema.ts). */
const MAX_ROWS = 10;

/**
 * How a part ships and when more comes (CONTRACT §14), on Add A Product and Edit product: weight in
 * pounds, LTL freight only, lead time in days, and the deliveries expected (quantity and day), one
 * row each. Checked with the server's own schemas (the tool's); the days may not be in the past.
 */
export function ShippingStockFields<F extends FieldValues>({
  form: anyForm,
  weightRequired,
}: {
  form: UseFormReturn<F, unknown, unknown>;
  weightRequired: boolean;
}) {
  // Both forms' values include these fields; the cast narrows the generic form to them.
  const form = anyForm as unknown as UseFormReturn<Shipping, unknown, unknown>;
  const rows = useFieldArray({ control: form.control, name: 'restock' as never });
  const freightError = form.formState.errors.freight?.message;
  return (
    <fieldset className={css.group}>
      <legend>Shipping and restock</legend>
      <div className={css.pairs}>
        <FormInput
          form={form}
          name="weight"
          label="Weight (lb)"
          required={weightRequired}
          inputMode="decimal"
          placeholder="12.5"
          helperText={weightRequired ? 'Pounds, up to 2 decimals' : 'Pounds, up to 2 decimals; empty keeps it as it is'}
        />
        <FormInput
          form={form}
          name="leadTimeDays"
          label="Lead time (days)"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          helperText="Days until more can be made when it runs out"
        />
      </div>
      <label className={css.check}>
        <input type="checkbox" {...form.register('freight')} aria-invalid={Boolean(freightError)} />
        Freight only (goes by LTL freight, never parcel)
      </label>
      {rows.fields.map((row, i) => (
        <div key={row.id} className={css.restockRow} data-testid="restock-row">
          <FormInput form={form} name={`restock.${i}.quantity`} label={`Expected quantity ${i + 1}`} type="number" min={1} step={1} inputMode="numeric" />
          <FormInput form={form} name={`restock.${i}.expectedOn`} label={`Expected on ${i + 1}`} type="date" />
          <Button variant="text" onClick={() => rows.remove(i)} aria-label={`Remove expected delivery ${i + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      {rows.fields.length < MAX_ROWS && (
        <Button variant="outlined" className={css.addRow} onClick={() => rows.append({ quantity: '', expectedOn: '' } as never)}>
          Add expected delivery
        </Button>
      )}
    </fieldset>
  );
}
