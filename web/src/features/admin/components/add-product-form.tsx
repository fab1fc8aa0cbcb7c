import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@fridgeparts/common/messages';
import { toolInputSchema, type ToolInput, type ToolInputForm } from '@fridgeparts/common/tool';
import { notify } from '../../../lib/toast';
import { useAddProduct } from '../api/use-products';
import { CommercialFields } from './commercial-fields';

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
      <CommercialFields register={register} errors={errors} />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ justifySelf: 'start' }}>
        {isSubmitting ? 'Adding…' : 'Add Product'}
      </Button>
    </Box>
  );
}
