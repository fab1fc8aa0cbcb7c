import { useState } from 'react';
import type { Cart } from '@fridgeparts/common/cart';
import { useCart } from '../../../lib/use-cart';
import { CartTable } from './cart-table';
import { CheckoutForm } from './checkout-form';

/**
 * The cart page's content (CONTRACT §8): the lines, the total and, below them, the checkout. A
 * checkout the server refuses marks the cart lines it names, until the cart changes.
 */
export function CartCheckout() {
  const state = useCart();
  const [refusal, setRefusal] = useState<{ for: Cart | undefined; byLine: Map<number, string> } | null>(null);
  const checkoutProblems = refusal && refusal.for === state.cart ? refusal.byLine : NONE;
  return (
    <>
      <CartTable state={state} checkoutProblems={checkoutProblems} onChanged={() => setRefusal(null)} />
      {state.cart && state.cart.lines.length > 0 && <CheckoutForm cart={state.cart} onLineProblems={(byLine) => setRefusal({ for: state.cart, byLine })} />}
    </>
  );
}

const NONE = new Map<number, string>();
