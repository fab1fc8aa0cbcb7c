import ui from '../../components/ui.module.css';
import { AddProductForm } from '../../features/admin/components/add-product-form';
import { usePageTitle } from '../../lib/use-page-title';

/** Add A Product (SPEC §2): plain markup and CSS, no MUI before interaction (issue 9). */
export default function AddProductPage() {
  usePageTitle('Add A Product');
  return (
    <>
      <h1 className={ui.pageTitle}>Add A Product</h1>
      <AddProductForm />
    </>
  );
}
