import { MESSAGES } from '@fridgeparts/common/messages';
import type { ToolInput, ToolInputForm } from '@fridgeparts/common/tool';
import { FormInput, FormTextarea } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import ui from '../../../components/ui.module.css';
import { useAddProduct } from '../api/use-products';
import { CommercialFields } from './commercial-fields';
import css from './product-fields.module.css';

const EMPTY: ToolInputForm = { image: '', name: '', description: '', partNumber: '', price: '', packSize: '1', priceBreaks: '', minimumQuantity: '', availableQuantity: '' };

/** Add A Product (SPEC §2): all fields required, validated with the server's own schema. Plain markup, no MUI (issue 9). */
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
    <form noValidate onSubmit={submit} onFocus={prefetch} aria-label="Add A Product" className={css.form}>
      <FormInput form={form} name="image" label="Image URL" type="url" required placeholder="https://…" />
      <FormInput form={form} name="name" label="Product name" required />
      <FormTextarea form={form} name="description" label="Description" required rows={3} />
      <FormInput
        form={form}
        name="partNumber"
        label="Part number"
        required
        placeholder="FP-CMP-134A-033"
        helperText="Unique; capitals, digits and dashes"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
      />
      <CommercialFields form={form} />
      <button type="submit" className={`${ui.button} ${ui.contained} ${ui.large} ${css.submit}`} disabled={isSubmitting}>
        {isSubmitting ? 'Adding…' : 'Add Product'}
      </button>
    </form>
  );
}
