import { useParams } from 'react-router-dom';
import ui from '../../components/ui.module.css';
import { PaymentCheckout } from '../../features/payment/components/payment-checkout';
import css from '../../features/payment/components/payment.module.css';
import { usePageTitle } from '../../lib/infra/use-page-title';

/** /dashboard/payment/{id} (SPEC §2): pay for one of the caller's bookings by card. */
export default function PaymentPage() {
  const { id } = useParams();
  usePageTitle('Payment');
  return (
    <div className={css.page}>
      <h1 className={ui.pageTitle}>Payment</h1>
      <PaymentCheckout bookingId={id} />
    </div>
  );
}
