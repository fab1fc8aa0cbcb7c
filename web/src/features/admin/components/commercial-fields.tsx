import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ToolEditForm } from '@fridgeparts/common/tool';

/**
 * The commercial fields of a product (CONTRACT §7): price, price breaks, pack size, minimum and
 * available quantity. Add A Product and Edit product show the same fields with the same rules
 * (common/tool commercialFields), so they are written once here.
 */
export function CommercialFields<F extends ToolEditForm>({ register, errors }: { register: UseFormRegister<F>; errors: FieldErrors<F> }) {
  // Both forms' values include every commercial field; the cast narrows the generic form to them.
  const reg = register as unknown as UseFormRegister<ToolEditForm>;
  const err = errors as FieldErrors<ToolEditForm>;
  const whole = { htmlInput: { min: 1, step: 1, inputMode: 'numeric' as const } };
  return (
    <>
      <TextField
        label="Price"
        type="number"
        required
        {...reg('price')}
        error={!!err.price}
        helperText={err.price?.message ?? 'Per unit, in dollars'}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' } }}
      />
      <TextField
        label="Price breaks"
        placeholder="100: 23.00, 250: 21.50"
        {...reg('priceBreaks')}
        error={!!err.priceBreaks}
        helperText={err.priceBreaks?.message ?? 'Optional volume prices: quantity: unit price, lowest quantity first'}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextField label="Pack size" type="number" required {...reg('packSize')} error={!!err.packSize} helperText={err.packSize?.message ?? 'Sold in multiples of this'} slotProps={whole} />
        <TextField label="Minimum quantity" type="number" required {...reg('minimumQuantity')} error={!!err.minimumQuantity} helperText={err.minimumQuantity?.message} slotProps={whole} />
        <TextField label="Available quantity" type="number" required {...reg('availableQuantity')} error={!!err.availableQuantity} helperText={err.availableQuantity?.message} slotProps={whole} />
      </Box>
    </>
  );
}
