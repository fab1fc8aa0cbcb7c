import ui from '../../components/ui.module.css';
import { AddProductForm } from '../../features/admin/components/add-product-form';
import { usePageTitle } from '../../lib/infra/use-page-title';

/** Add A Product (SPEC §2). */
export default function AddProductPage() {
  usePageTitle('Add A Product');
  return (
    <>
      <h1 className={ui.pageTitle}>Add A Product</h1>
      <AddProductForm />
    </>
  );
}
