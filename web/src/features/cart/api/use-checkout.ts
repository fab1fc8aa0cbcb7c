import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import type { Cart, CheckoutInput } from '@fridgeparts/common/cart';
import { apiFetch } from '../../../lib/infra/api-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import { useSession } from '../../../lib/infra/session';
import { takeCartNow } from '../../../lib/domain/use-cart';

/** The cart as checkout leaves it, until it is read again (the version it had: no newer one is known yet). */
const emptied = (cart: Cart | undefined): Cart | undefined => cart && { ...cart, lines: [], lineCount: 0, total: 0, ready: false };

/** What checkout sends: the contact (address or, for a company member, shipToId) and PO number, and the version of the cart the page showed. */
export interface CheckoutRequest extends CheckoutInput {
  version: string;
}

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
 * POST /booking/checkout (CONTRACT §8): books the cart as one order, which the server empties in
 * the same transaction, if the cart is still the one the page showed (If-Match its version,
 * CONTRACT §13): a cart that changed meanwhile is not booked (412), and the cache takes the cart as
 * it is now, for the page to show and say so. Quiet: the cart page puts the server's word on the
 * lines it names and says the rest itself. After it, the cart shows empty at once (the nav bar's
 * count too) and is read again; the stock and the orders lists read again.
 */
export function useCheckout(): (input: CheckoutRequest) => Promise<Booking> {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const checkout = useMutation({
    mutationFn: (input: CheckoutRequest) =>
      apiFetch<Booking>(API.checkout, {
        method: 'POST',
        auth: true,
        quiet: true,
        ifMatch: input.version,
        body: bodyOf(input),
      }),
    onSuccess: () => {
      if (user) {
        queryClient.setQueryData(queryKeys.cart(user.uid), emptied);
        void queryClient.invalidateQueries({ queryKey: queryKeys.cart(user.uid) });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
    onError: (err) => takeCartNow(queryClient, user?.uid, err),
  });
  return checkout.mutateAsync;
}
