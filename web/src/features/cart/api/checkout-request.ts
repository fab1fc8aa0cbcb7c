import type { QueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import type { Cart } from '@fridgeparts/common/cart';
import { apiFetch } from '../../../lib/infra/api-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import { takeCartNow } from '../../../lib/domain/use-cart';
import { countOf } from '../../../lib/domain/plural';
import { OVER_SPENDING_LIMIT_WORDS } from '@fridgeparts/common/spending-limit';
import type { CheckoutRequest, Placed } from './use-checkout';

/** The cart as checkout leaves it, until it is read again (the version it had: no newer one is known yet). */
const emptied = (cart: Cart | undefined): Cart | undefined => cart && { ...cart, lines: [], lineCount: 0, total: 0, ready: false };

/**
 * A company member names a ship-to location (CONTRACT §10), anyone else the address as an object
 * (§14; the one line only when a caller has no object); never both. The shipping option chosen, when one is.
 */
function bodyOf({ phone, address, shipToId, shippingAddress, shippingMethodId, poNumber }: CheckoutRequest) {
  return {
    phone,
    ...(shipToId ? { shipToId } : shippingAddress ? { shippingAddress } : { address }),
    ...(shippingMethodId ? { shippingMethodId } : {}),
    ...(poNumber ? { poNumber } : {}),
  };
}

/**
 * POST /booking/checkout (use-checkout.ts useCheckout says what it does), and the cache after it:
 * the cart emptied and read again, the stock and the orders read again; a 412's cart taken as the
 * cart now. Loaded when the checkout form is first used (or on Place order), not with the page.
 */
export async function placeCheckout(queryClient: QueryClient, uid: string | undefined, input: CheckoutRequest): Promise<Placed> {
  let booking: Booking;
  try {
    booking = await apiFetch<Booking>(API.checkout, { method: 'POST', auth: true, quiet: true, ifMatch: input.version, body: bodyOf(input) });
  } catch (err) {
    takeCartNow(queryClient, uid, err);
    throw err;
  }
  if (uid) {
    queryClient.setQueryData(queryKeys.cart(uid), emptied);
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart(uid) });
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
  return { booking, placed: placedText(booking) };
}

/** What the page says once the order is placed: waiting for approval, on account, or to pay. */
function placedText(booking: Booking): string {
  return booking.state === 'awaiting-approval'
    ? `Order ${booking.orderNumber} placed: ${countOf(booking.lineCount, 'line')}. ${OVER_SPENDING_LIMIT_WORDS}`
    : booking.state === 'confirmed'
      ? `Order ${booking.orderNumber} confirmed on account: ${countOf(booking.lineCount, 'line')}. Its invoice goes to your company.`
      : `Order ${booking.orderNumber} placed: ${countOf(booking.lineCount, 'line')}. Pay for it here.`;
}
