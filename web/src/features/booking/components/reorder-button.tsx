import { useNavigate } from 'react-router-dom';
import type { Booking } from '@fridgeparts/common/booking';
import type { CartLineInput } from '@fridgeparts/common/cart';
import { Button } from '../../../components/button';
import { paths } from '../../../lib/infra/paths';
import { countOf } from '../../../lib/domain/plural';
import { notify } from '../../../lib/infra/toast';
import { useAddToCart } from '../../../lib/domain/use-cart';

/** Every line of a past order as cart lines. */
export function reorderLines(booking: Booking): CartLineInput[] {
  return booking.lines.map((l) => ({ toolId: l.toolId, quantity: l.quantity }));
}

/**
 * Reorder (CONTRACT §8): puts all of a past order's lines into the cart (a part already there
 * gets the quantity added) and opens the cart, where today's prices, pack sizes and stock apply
 * and the buyer checks out. A line the server refuses (a tool removed since) is said in a toast.
 */
export function ReorderButton({ booking }: { booking: Booking }) {
  const { addToCart, pending } = useAddToCart();
  const navigate = useNavigate();
  const lines = reorderLines(booking);

  const start = async () => {
    try {
      await addToCart(lines);
    } catch (err) {
      notify.error((err as Error).message);
      return;
    }
    notify.success(`Added ${countOf(lines.length, 'line')}${booking.orderNumber ? ` of order ${booking.orderNumber}` : ''} to your cart`);
    navigate(paths.cart);
  };

  return (
    <Button variant="outlined" size="small" onClick={() => void start()} disabled={pending} aria-label={`Reorder ${booking.name}: add to cart`}>
      {pending ? 'Adding…' : 'Reorder'}
    </Button>
  );
}
