import { MESSAGES } from '@fridgeparts/common/messages';
import type { ToolInput, ToolInputForm } from '@fridgeparts/common/tool';
import { Button } from '../../../components/button';
import { FormInput, FormTextarea } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { useAddProduct } from '../api/use-products';
import { CommercialFields } from './commercial-fields';
import { CategorySpecFields } from './finding-fields';
import { ShippingStockFields } from './shipping-stock-fields';
import css from './product-fields.module.css';

const EMPTY: ToolInputForm = {
  image: '',
  name: '',
  description: '',
  partNumber: '',
  price: '',
  packSize: '1',
  priceBreaks: '',
  minimumQuantity: '',
  availableQuantity: '',
  weight: '',
  freight: false,
  leadTimeDays: '14',
  restock: [],
  category: '',
  specs: {},
  coreDeposit: '',
  taxCode: '',
};

/** Empty is allowed (CONTRACT §9): the shop then assigns the next free FP-ITEM number. */
const PART_NUMBER_HINT = 'Unique; capitals, digits and dashes. Leave empty to assign the next free number, like FP-ITEM-000123';

/**
 * Add A Product (SPEC §2): every field but part number, pack size, price breaks, category and specs
 * required, validated with the server's own schema. Its other numbers are added on the product's
 * Edit, where they are checked against the catalogue's.
 */
export function AddProductForm() {
  const addProduct = useAddProduct();
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<ToolInputForm, ToolInput>({
    // Loaded on first validation (or focus), so zod is not part of the page's first load.
    schema: () => import('@fridgeparts/common/tool').then((m) => m.toolInputSchema),
    defaultValues: EMPTY,
    // The schema turns the price into cents; the request carries what was typed (SPEC §3: as text).
    // Specs left empty are not sent: the form has an input for every spec of the catalogue.
    action: async (_parsed, f) => {
      const typed = f.getValues();
      const specs = Object.fromEntries(Object.entries(typed.specs ?? {}).filter(([, v]) => v.trim() !== ''));
      await addProduct({ ...typed, specs });
    },
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
        placeholder="FP-CMP-134A-033"
        helperText={PART_NUMBER_HINT}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
      />
      <CommercialFields form={form} />
      <ShippingStockFields form={form} weightRequired />
      <CategorySpecFields form={form} />
      <FormError message={formError} />
      <Button type="submit" size="large" className={css.submit} disabled={isSubmitting}>
        {isSubmitting ? 'Adding…' : 'Add Product'}
      </Button>
    </form>
  );
}
