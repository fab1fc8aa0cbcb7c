import ui from '../../components/ui.module.css';
import { ShippingAdmin } from '../../features/shipping/components/shipping-admin';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './shipping-page.module.css';

/**
 * Shipping (CONTRACT §14, decision 0078): the shop's shipping methods for the admin, to add, edit
 * and delete; buyers are offered those that serve their address, cheapest first (decision 0075).
 */
export default function ShippingPage() {
  usePageTitle('Shipping');
  return (
    <>
      <h1 className={ui.pageTitle}>Shipping</h1>
      <p className={css.lede}>
        How orders ship and what they pay: each method serves its zones, and an order pays the first of its rates whose limits it fits. Buyers are offered the
        methods that serve their address, cheapest first.
      </p>
      <ShippingAdmin />
    </>
  );
}
