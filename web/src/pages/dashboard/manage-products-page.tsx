import ui from '../../components/ui.module.css';
import { ProductsTable } from '../../features/admin/components/products-table';
import { usePageTitle } from '../../lib/infra/use-page-title';

/** Manage All Products (SPEC §2). */
export default function ManageProductsPage() {
  usePageTitle('Manage All Products');
  return (
    <>
      <h1 className={ui.pageTitle}>Manage All Products</h1>
      <ProductsTable />
    </>
  );
}
