import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@fridgeparts/common/messages';
import { toolInputSchema, type ToolInput, type ToolInputForm } from '@fridgeparts/common/tool';
import { notify } from '../../../lib/toast';
import { useAddProduct } from '../api/use-products';

const EMPTY: ToolInputForm = { image: '', name: '', description: '', partNumber: '', price: '', packSize: '1', priceBreaks: '', minimumQuantity: '', availableQuantity: '' };

/** Add A Product (SPEC §2): all fields required, validated with the server's own schema. */
export function AddProductForm() {
  const addProduct = useAddProduct();
  const { register, handleSubmit, reset, getValues, formState } = useForm<ToolInputForm, unknown, ToolInput>({
    resolver: zodResolver(toolInputSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  // The schema turns the price into cents; the request carries what was typed (SPEC §3: as text).
  const submit = handleSubmit(async () => {
    try {
      await addProduct(getValues());
    } catch {
      return; // the API client showed the server's message
    }
    notify.success(MESSAGES.productAdded);
    reset(EMPTY);
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Add A Product" sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <TextField label="Image URL" type="url" required placeholder="https://…" {...register('image')} error={!!errors.image} helperText={errors.image?.message} />
      <TextField label="Product name" required {...register('name')} error={!!errors.name} helperText={errors.name?.message} />
      <TextField label="Description" required multiline minRows={3} {...register('description')} error={!!errors.description} helperText={errors.description?.message} />
      <TextField
        label="Part number"
        required
        placeholder="FP-CMP-134A-033"
        {...register('partNumber')}
        error={!!errors.partNumber}
        helperText={errors.partNumber?.message ?? 'Unique; capitals, digits and dashes'}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 32 } }}
      />
      <TextField
        label="Price"
        type="number"
        required
        {...register('price')}
        error={!!errors.price}
        helperText={errors.price?.message ?? 'Per unit, in dollars'}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { min: 0, step: '0.01', inputMode: 'decimal' } }}
      />
      <TextField
        label="Price breaks"
        placeholder="100: 23.00, 250: 21.50"
        {...register('priceBreaks')}
        error={!!errors.priceBreaks}
        helperText={errors.priceBreaks?.message ?? 'Optional volume prices: quantity: unit price, lowest quantity first'}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextField
          label="Pack size"
          type="number"
          required
          {...register('packSize')}
          error={!!errors.packSize}
          helperText={errors.packSize?.message ?? 'Sold in multiples of this'}
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
        <TextField
          label="Minimum quantity"
          type="number"
          required
          {...register('minimumQuantity')}
          error={!!errors.minimumQuantity}
          helperText={errors.minimumQuantity?.message}
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
        <TextField
          label="Available quantity"
          type="number"
          required
          {...register('availableQuantity')}
          error={!!errors.availableQuantity}
          helperText={errors.availableQuantity?.message}
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ justifySelf: 'start' }}>
        {isSubmitting ? 'Adding…' : 'Add Product'}
      </Button>
    </Box>
  );
}
