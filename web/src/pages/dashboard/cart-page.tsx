import ui from '../../components/ui.module.css';
import { CartCheckout } from '../../features/cart/components/cart-checkout';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './buyer-page.module.css';

/** /dashboard/cart (CONTRACT §8): the buyer's cart and its checkout, one order and one payment. */
export default function CartPage() {
  usePageTitle('Cart');
  return (
    <>
      <h1 className={ui.pageTitle}>Cart</h1>
      <p className={css.lede}>Parts you have added, priced as they are now. Change a quantity or remove a line, then place them all as one order.</p>
      <CartCheckout />
    </>
  );
}
