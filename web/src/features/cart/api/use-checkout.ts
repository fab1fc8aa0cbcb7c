import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import type { Cart, CheckoutInput } from '@fridgeparts/common/cart';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

/** The cart as checkout leaves it, until it is read again (the version it had: no newer one is known yet). */
const emptied = (cart: Cart | undefined): Cart | undefined => cart && { ...cart, lines: [], lineCount: 0, total: 0, ready: false };

/**
 * POST /booking/checkout (CONTRACT §8): books the cart as one order, which the server empties in
 * the same transaction. Quiet: the cart page puts the server's word on the lines it names and says
 * the rest itself. After it, the cart shows empty at once (the nav bar's count too) and is read
 * again; the stock and the orders lists read again.
 */
export function useCheckout(): (input: CheckoutInput) => Promise<Booking> {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const checkout = useMutation({
    mutationFn: (input: CheckoutInput) =>
      apiFetch<Booking>(API.checkout, {
        method: 'POST',
        auth: true,
        quiet: true,
        body: { phone: input.phone, address: input.address, ...(input.poNumber ? { poNumber: input.poNumber } : {}) },
      }),
    onSuccess: () => {
      if (user) {
        queryClient.setQueryData(queryKeys.cart(user.uid), emptied);
        void queryClient.invalidateQueries({ queryKey: queryKeys.cart(user.uid) });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
  return checkout.mutateAsync;
}
