import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking, BookingInput } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/infra/api-client';
import { queryKeys } from '../../../lib/infra/query-keys';

/** A booking changes the tool's stock and the orders lists: they read again. */
function useBookingsChanged(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
  };
}

/**
 * POST /booking. Only the tool, quantity, contact (address, or a member's ship-to location), the optional PO number, backorder and ship complete go up: the server
 * takes the owner from the token and the price from the tool (CONTRACT §3, §7). Server refusals
 * toast through the API client.
 */
export function useCreateBooking(): { createBooking: (input: BookingInput) => Promise<Booking>; pending: boolean } {
  const changed = useBookingsChanged();
  const create = useMutation({
    mutationFn: (input: BookingInput) =>
      apiFetch<Booking>(API.booking, {
        method: 'POST',
        auth: true,
        body: {
          toolId: input.toolId,
          quantity: input.quantity,
          phone: input.phone,
          // A company member names a ship-to location, anyone else the address: the object (CONTRACT
          // §14), or the one line a form without it still holds; never both (decisions 0063, 0076).
          ...(input.shipToId ? { shipToId: input.shipToId } : input.shippingAddress ? { shippingAddress: input.shippingAddress } : { address: input.address }),
          ...(input.shippingMethodId ? { shippingMethodId: input.shippingMethodId } : {}),
          ...(input.poNumber ? { poNumber: input.poNumber } : {}),
          // CONTRACT §14 (decision 0080): the rest beyond the stock backordered, and waiting for every line; sent only when asked.
          ...(input.backorder ? { backorder: true } : {}),
          ...(input.shipComplete ? { shipComplete: true } : {}),
        },
      }),
    onSuccess: changed,
  });
  return { createBooking: create.mutateAsync, pending: create.isPending };
}

/**
 * POST /booking/quick: one order of every line, in one transaction, or nothing (CONTRACT §7, §8).
 * Quiet: the form shows the server's answer per line.
 */
export function useQuickOrder(): (body: unknown) => Promise<Booking> {
  const changed = useBookingsChanged();
  const order = useMutation({
    mutationFn: (body: unknown) => apiFetch<Booking>(API.quickOrder, { method: 'POST', auth: true, body, quiet: true }),
    onSuccess: changed,
  });
  return order.mutateAsync;
}
