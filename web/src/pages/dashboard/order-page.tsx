import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import type { Booking } from '@fridgeparts/common/booking';
import { OrderDetails } from '../../features/orders/components/order-details';

// Only an order something of which has shipped can have returns: their section loads then, not
// with every order page (the route's first load is near its budget).
const OrderReturns = lazy(() => import('../../features/returns/components/order-returns'));

function returnsOf(order: Booking) {
  if (!order.lines.some((l) => l.shippedQuantity > 0)) return null;
  return (
    <Suspense fallback={null}>
      <OrderReturns bookingId={order._id} orderNumber={order.orderNumber || order._id} lines={order.lines} />
    </Suspense>
  );
}

/** /dashboard/order/{id} (CONTRACT §8): one order, for its owner and for admins; under it its returns (CONTRACT §16). */
export default function OrderPage() {
  const { id = '' } = useParams();
  return <OrderDetails id={id} after={returnsOf} />;
}
