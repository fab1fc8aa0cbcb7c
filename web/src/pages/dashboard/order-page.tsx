import { useParams } from 'react-router-dom';
import { OrderDetails } from '../../features/orders/components/order-details';

/** /dashboard/order/{id} (CONTRACT §8): one order, for its owner and for admins. */
export default function OrderPage() {
  const { id = '' } = useParams();
  return <OrderDetails id={id} />;
}
