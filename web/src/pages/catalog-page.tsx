import { ToolCatalog } from '../features/catalog/components/tool-catalog';
import { AddToCart } from '../features/cart/components/add-to-cart';
import ui from '../components/ui.module.css';
import { usePageTitle } from '../lib/infra/use-page-title';

/** /purchaseorder: the whole catalogue (the spec leaves this page open; see issue 3). */
export default function CatalogPage() {
  usePageTitle('All parts');
  return (
    <div className={ui.container} style={{ paddingTop: 32, paddingBottom: 48 }}>
      <h1 className={ui.pageTitle}>All parts</h1>
      <p className={ui.muted} style={{ margin: '0 0 24px' }}>
        Every part and tool in our catalogue. Search by any number the part is known by (ours, an older one, the appliance maker's or another maker's), its name
        or description, and narrow by category and specification.
      </p>
      <ToolCatalog cardAction={(tool) => <AddToCart tool={tool} compact />} />
    </div>
  );
}
