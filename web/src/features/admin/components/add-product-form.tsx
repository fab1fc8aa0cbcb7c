import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { ToolInput, ToolInputForm } from '@fridgeparts/common/tool';
import { FormTextField } from '../../../components/form/form-text-field';
import { useShopForm } from '../../../components/form/use-shop-form';
import { useAddProduct } from '../api/use-products';
import { CommercialFields } from './commercial-fields';

const EMPTY: ToolInputForm = { image: '', name: '', description: '', partNumber: '', price: '', packSize: '1', priceBreaks: '', minimumQuantity: '', availableQuantity: '' };

/** Add A Product (SPEC §2): all fields required, validated with the server's own schema. */
export function AddProductForm() {
  const addProduct = useAddProduct();
  const { form, submit, prefetch, isSubmitting } = useShopForm<ToolInputForm, ToolInput>({
    // Loaded on first validation (or focus), so zod is not part of the page's first load.
    schema: () => import('@fridgeparts/common/tool').then((m) => m.toolInputSchema),
    defaultValues: EMPTY,
    // The schema turns the price into cents; the request carries what was typed (SPEC §3: as text).
    action: async (_parsed, f) => void (await addProduct(f.getValues())),
    success: MESSAGES.productAdded,
    resetTo: 'defaults',
  });

  return (
    <Box component="form" noValidate onSubmit={submit} onFocus={prefetch} aria-label="Add A Product" sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <FormTextField form={form} name="image" label="Image URL" type="url" required placeholder="https://…" />
      <FormTextField form={form} name="name" label="Product name" required />
      <FormTextField form={form} name="description" label="Description" required multiline minRows={3} />
      <FormTextField
        form={form}
        name="partNumber"
        label="Part number"
        required
        placeholder="FP-CMP-134A-033"
        helperText="Unique; capitals, digits and dashes"
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 32 } }}
      />
      <CommercialFields form={form} />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ justifySelf: 'start' }}>
        {isSubmitting ? 'Adding…' : 'Add Product'}
      </Button>
    </Box>
  );
}
