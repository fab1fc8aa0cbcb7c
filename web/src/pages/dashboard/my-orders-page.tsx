import ui from '../../components/ui.module.css';
import { ReorderButton } from '../../features/booking/components/reorder-button';
import { MyOrdersTable } from '../../features/orders/components/my-orders-table';
import { usePageTitle } from '../../lib/infra/use-page-title';

/** My Booking Order (SPEC §2). */
export default function MyOrdersPage() {
  usePageTitle('My Booking Order');
  return (
    <>
      <h1 className={ui.pageTitle}>My Booking Order</h1>
      <MyOrdersTable reorder={(booking) => <ReorderButton booking={booking} />} />
    </>
  );
}
