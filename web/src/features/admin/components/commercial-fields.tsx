import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ToolInputForm } from '@fridgeparts/common/tool';
import { FormInput } from '../../../components/form/form-input';
import css from './product-fields.module.css';

const whole = { min: 1, step: 1, inputMode: 'numeric' as const };

/** The fields both forms have; Add A Product also has Available quantity. */
type Shared = Pick<ToolInputForm, 'price' | 'priceBreaks' | 'packSize' | 'minimumQuantity' | 'coreDeposit' | 'taxCode'>;

/**
 * The commercial fields of a product (CONTRACT §7): price, price breaks, pack size, minimum and
 * available quantity, and the refundable core deposit (decision 0088) and tax code (CONTRACT §15). Add A Product and Edit product show the same fields with the same rules
 * (common/tool commercialFields), so they are written once here. Edit passes `stock` instead of
 * Available quantity: the stock as it is and Add stock, never a number that overwrites it
 * (CONTRACT §13). Plain FormInput fields.
 */
export function CommercialFields<F extends Shared & FieldValues>({ form: anyForm, stock }: { form: UseFormReturn<F, unknown, unknown>; stock?: ReactNode }) {
  // Both forms' values include these fields; the cast narrows the generic form to them (Available
  // quantity is only drawn for Add A Product, whose form has it).
  const form = anyForm as unknown as UseFormReturn<ToolInputForm, unknown, unknown>;
  return (
    <>
      <div className={css.money}>
        <FormInput form={form} name="price" label="Price" type="number" required helperText="Per unit, in dollars" min={0} step="0.01" inputMode="decimal" />
      </div>
      <FormInput
        form={form}
        name="priceBreaks"
        label="Price breaks"
        placeholder="100: 23.00, 250: 21.50"
        helperText="Optional volume prices: quantity: unit price, lowest quantity first"
      />
      <div className={stock ? css.pairs : css.columns}>
        <FormInput form={form} name="packSize" label="Pack size" type="number" required helperText="Sold in multiples of this" {...whole} />
        <FormInput form={form} name="minimumQuantity" label="Minimum quantity" type="number" required {...whole} />
        {!stock && <FormInput form={form} name="availableQuantity" label="Available quantity" type="number" required {...whole} />}
      </div>
      {stock}
      <div className={css.pairs}>
        <FormInput
          form={form}
          name="coreDeposit"
          label="Core deposit (refundable)"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          helperText="Per unit, in dollars, refunded when the old part comes back; empty: none"
        />
        <FormInput
          form={form}
          name="taxCode"
          label="Tax code"
          placeholder="txcd_99999999"
          spellCheck={false}
          maxLength={13}
          helperText="Stripe product tax code, txcd_ and 8 digits; empty: txcd_99999999, general tangible goods"
        />
      </div>
    </>
  );
}
