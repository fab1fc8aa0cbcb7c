import ui from '../../components/ui.module.css';
import { QuickOrderForm } from '../../features/booking/components/quick-order-form';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './buyer-page.module.css';

/** Quick order (CONTRACT §7). */
export default function QuickOrderPage() {
  usePageTitle('Quick order');
  return (
    <>
      <h1 className={ui.pageTitle}>Quick order</h1>
      <p className={css.lede}>
        Order by part number: paste lines from your purchase order or upload a CSV. Every line is checked before you book; book them all together as one order
        now, or add them to your cart.
      </p>
      <QuickOrderForm />
    </>
  );
}
