import { useState } from 'react';
import type { TaxView } from '../../../lib/domain/tax-words';
import type { Cart } from '@fridgeparts/common/cart';
import { Notice } from '../../../components/notice';
import { useCart } from '../../../lib/domain/use-cart';
import { CartTable } from './cart-table';
import { CheckoutForm } from './checkout-form';
import css from './cart.module.css';
import { MESSAGES } from '@fridgeparts/common/messages';

/**
 * The cart page's content (CONTRACT §8): the lines, the total and, below them, the checkout. A
 * checkout the server refuses marks the cart lines it names, until the cart changes. A change or
 * checkout refused because the cart changed meanwhile elsewhere (CONTRACT §13) leaves the cart as
 * it is now on the page, with a notice saying so, until the next change here.
 */
export function CartCheckout() {
  const state = useCart();
  const [refusal, setRefusal] = useState<{ for: Cart | undefined; byLine: Map<number, string> } | null>(null);
  const [moved, setMoved] = useState(false);
  // The cart's sales tax for the ship-to the checkout holds (CONTRACT §15), shown on each line.
  const [tax, setTax] = useState<TaxView | null>(null);
  const checkoutProblems = refusal && refusal.for === state.cart ? refusal.byLine : NONE;
  const changed = () => {
    setRefusal(null);
    setMoved(false);
  };
  return (
    <>
      {moved && (
        <Notice severity="warning" role="alert" title="Your cart changed elsewhere" className={css.moved}>
          <p data-testid="cart-moved">{MESSAGES.cartMoved}</p>
        </Notice>
      )}
      <CartTable state={state} tax={tax} checkoutProblems={checkoutProblems} onChanged={changed} onMoved={() => setMoved(true)} />
      {state.cart && state.cart.lines.length > 0 && (
        <CheckoutForm cart={state.cart} onLineProblems={(byLine) => setRefusal({ for: state.cart, byLine })} onMoved={() => setMoved(true)} onTax={setTax} />
      )}
    </>
  );
}

const NONE = new Map<number, string>();
