import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@fridgeparts/common/booking';
import type { CheckoutInput } from '@fridgeparts/common/cart';
import { useSession } from '../../../lib/infra/session';

/** What checkout sends: the contact (address or, for a company member, shipToId) and PO number, and the version of the cart the page showed. */
export interface CheckoutRequest extends CheckoutInput {
  version: string;
}

/** The order placed, and what the page says of it (placed, on account, waiting for approval). */
export interface Placed {
  booking: Booking;
  placed: string;
}

/** The request and its cache work (checkout-request.ts): a step after the page shows, so a chunk of its own (the route's JS budget, issue 9). */
export const loadCheckoutRequest = () => import('./checkout-request');

/**
 * POST /booking/checkout (CONTRACT §8): books the cart as one order, which the server empties in
 * the same transaction, if the cart is still the one the page showed (If-Match its version,
 * CONTRACT §13): a cart that changed meanwhile is not booked (412), and the cache takes the cart as
 * it is now, for the page to show and say so. Quiet: the cart page puts the server's word on the
 * lines it names and says the rest itself. After it, the cart shows empty at once (the nav bar's
 * count too) and is read again; the stock and the orders lists read again. Answers the order and
 * the words that say it was placed.
 */
export function useCheckout(): (input: CheckoutRequest) => Promise<Placed> {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const uid = user?.uid;
  return useCallback(async (input: CheckoutRequest) => (await loadCheckoutRequest()).placeCheckout(queryClient, uid, input), [queryClient, uid]);
}
