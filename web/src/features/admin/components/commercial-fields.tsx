import type { FieldValues, UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import type { ToolEditForm } from '@fridgeparts/common/tool';
import { FormTextField } from '../../../components/form/form-text-field';

/**
 * The commercial fields of a product (CONTRACT §7): price, price breaks, pack size, minimum and
 * available quantity. Add A Product and Edit product show the same fields with the same rules
 * (common/tool commercialFields), so they are written once here.
 */
export function CommercialFields<F extends ToolEditForm & FieldValues>({ form: anyForm }: { form: UseFormReturn<F, unknown, unknown> }) {
  // Both forms' values include every commercial field; the cast narrows the generic form to them.
  const form = anyForm as unknown as UseFormReturn<ToolEditForm, unknown, unknown>;
  const whole = { htmlInput: { min: 1, step: 1, inputMode: 'numeric' as const } };
  return (
    <>
      <FormTextField
        form={form}
        name="price"
        label="Price"
        type="number"
        required
        helperText="Per unit, in dollars"
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' } }}
      />
      <FormTextField form={form} name="priceBreaks" label="Price breaks" placeholder="100: 23.00, 250: 21.50" helperText="Optional volume prices: quantity: unit price, lowest quantity first" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <FormTextField form={form} name="packSize" label="Pack size" type="number" required helperText="Sold in multiples of this" slotProps={whole} />
        <FormTextField form={form} name="minimumQuantity" label="Minimum quantity" type="number" required slotProps={whole} />
        <FormTextField form={form} name="availableQuantity" label="Available quantity" type="number" required slotProps={whole} />
      </Box>
    </>
  );
}
