import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ToolEditForm } from '@fridgeparts/common/tool';
import { FormInput } from '../../../components/form/form-input';
import css from './product-fields.module.css';

const whole = { min: 1, step: 1, inputMode: 'numeric' as const };

/**
 * The commercial fields of a product (CONTRACT §7): price, price breaks, pack size, minimum and
 * available quantity. Add A Product and Edit product show the same fields with the same rules
 * (common/tool commercialFields), so they are written once here. Plain FormInput fields, no MUI.
 */
export function CommercialFields<F extends ToolEditForm & FieldValues>({ form: anyForm }: { form: UseFormReturn<F, unknown, unknown> }) {
  // Both forms' values include every commercial field; the cast narrows the generic form to them.
  const form = anyForm as unknown as UseFormReturn<ToolEditForm, unknown, unknown>;
  return (
    <>
      <div className={css.money}>
        <FormInput form={form} name="price" label="Price" type="number" required helperText="Per unit, in dollars" min={0} step="0.01" inputMode="decimal" />
      </div>
      <FormInput form={form} name="priceBreaks" label="Price breaks" placeholder="100: 23.00, 250: 21.50" helperText="Optional volume prices: quantity: unit price, lowest quantity first" />
      <div className={css.columns}>
        <FormInput form={form} name="packSize" label="Pack size" type="number" required helperText="Sold in multiples of this" {...whole} />
        <FormInput form={form} name="minimumQuantity" label="Minimum quantity" type="number" required {...whole} />
        <FormInput form={form} name="availableQuantity" label="Available quantity" type="number" required {...whole} />
      </div>
    </>
  );
}
