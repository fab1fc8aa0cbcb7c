import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/infra/api-client';
import { invalidateOthers } from '../../../lib/infra/query-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import type { ShipBody } from '../lib/ship-form';
import type { TrackingPatch } from '../lib/tracking-form';
import {
  afterChange,
  requestCancelShipment,
  requestCorrectTracking,
  requestDelivered,
  requestRefund,
  requestShipment,
  requestShipped,
  requestVoidInvoice,
} from './order-actions';

/**
 * GET /mybooking/{id} (CONTRACT §8: the owner or an admin; anyone else gets 404, like an unknown
 * id). Under the same key as the Payment page's read, so a payment made there shows here. Errors
 * are shown by the page (not found, or Try again), not toasted.
 */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.one(id),
    queryFn: ({ signal }) => apiFetch<Booking>(API.myBooking(id), { auth: true, quiet: true, signal }),
    enabled: Boolean(id),
  });

/** How often and how many times the page reads an order on account again while its invoice is being issued. */
export const INVOICE_POLL = { everyMs: 2_000, reads: 10 };

/**
 * An order confirmed on account is answered before Stripe has issued its invoice only when the
 * provider was slow or failed midway (decision 0058); each read of the order finishes it, so the
 * page reads again every 2 s until the link is there, at most 10 times (then it says to reload).
 */
export function invoicePending(order: Booking | undefined): boolean {
  return order?.state === 'confirmed' && order.payment?.status === 'pending';
}

export interface OrderView {
  order: Booking | undefined;
  loading: boolean;
  error: Error | null;
  retry: () => void;
  /** Admin: mark the paid order shipped. */
  markShipped: () => Promise<void>;
  shipping: boolean;
  /** Admin: refund the paid, unshipped order in full (the page confirms first). */
  refund: () => Promise<void>;
  /** Admin: void the confirmed on-account order's invoice, which releases it (the page confirms first). */
  voidInvoice: () => Promise<void>;
  /** Admin: ship lines with carrier and tracking (the dialog's Idempotency-Key); the order is read again. */
  ship: (body: ShipBody, idempotencyKey: string) => Promise<Shipment>;
  /** Admin: record a shipment's delivery. */
  deliver: (shipment: Shipment) => Promise<void>;
  /** Admin: cancel a shipment not yet delivered (the page confirms first). */
  cancelShipment: (shipment: Shipment) => Promise<void>;
  /** Admin: correct a shipment's carrier, service and tracking; the page shows the answered shipment at once. */
  correctTracking: (shipment: Shipment, patch: TrackingPatch) => Promise<Shipment>;
  /** An order on account whose invoice was still not issued after the page's reads again. */
  invoiceLate: boolean;
}

/**
 * The order page: one order, and the admin's ship and refund (the requests of Manage All Orders).
 * A change shows at once from the server's answer (state and timeline); every list of orders
 * reads again when next shown, and the catalogue after a refund, whose stock came back.
 */
export function useOrder(id: string): OrderView {
  const queryClient = useQueryClient();
  const options = orderQuery(id);
  const query = useQuery({
    ...options,
    refetchInterval: (q) => (invoicePending(q.state.data) && q.state.dataUpdateCount <= INVOICE_POLL.reads ? INVOICE_POLL.everyMs : false),
  });
  const changed = (answer: Booking | undefined, known: Partial<Booking>) => {
    queryClient.setQueryData<Booking>(options.queryKey, (old) => (old ? { ...old, ...afterChange(answer, { _id: id }, known) } : old));
    if (!answer || answer._id !== id) void queryClient.invalidateQueries({ queryKey: options.queryKey });
    void invalidateOthers(queryClient, queryKeys.orders.all, options.queryKey);
  };
  const ship = useMutation({
    mutationFn: () => requestShipped({ _id: id }),
    onSuccess: (answer) => changed(answer, { status: 'shipped', state: 'shipped' }),
  });
  const refunder = useMutation({
    mutationFn: () => requestRefund({ _id: id }),
    onSuccess: (answer) => {
      changed(answer, { state: 'refunded' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });
  const voider = useMutation({
    mutationFn: () => requestVoidInvoice({ _id: id }),
    onSuccess: (answer) => {
      changed(answer, { state: 'expired' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });
  // A shipment's answer is the shipment, not the order: the order (its lines' quantities, its state) is read again.
  const reread = async () => {
    await queryClient.invalidateQueries({ queryKey: options.queryKey });
    void invalidateOthers(queryClient, queryKeys.orders.all, options.queryKey);
  };
  const shipper = useMutation({
    mutationFn: ({ body, key }: { body: ShipBody; key: string }) => requestShipment({ _id: id }, body, key),
    onSuccess: reread,
  });
  const deliverer = useMutation({ mutationFn: (s: Shipment) => requestDelivered({ _id: id }, s), onSuccess: reread });
  const canceller = useMutation({
    mutationFn: (s: Shipment) => requestCancelShipment({ _id: id }, s),
    onSuccess: (answer) => changed(answer, {}),
  });
  // The answer is the shipment as corrected: it replaces the one shown, then the order is read again.
  const corrector = useMutation({
    mutationFn: ({ s, patch }: { s: Shipment; patch: TrackingPatch }) => requestCorrectTracking({ _id: id }, s, patch),
    onSuccess: (answer) => {
      queryClient.setQueryData<Booking>(options.queryKey, (old) =>
        old ? { ...old, shipments: (old.shipments ?? []).map((x) => (x.id === answer.id ? answer : x)) } : old,
      );
      return reread();
    },
  });
  const { refetch } = query;
  return {
    order: query.data,
    loading: query.isPending && Boolean(id),
    error: query.data ? null : query.error,
    retry: () => void refetch(),
    markShipped: async () => void (await ship.mutateAsync()),
    shipping: ship.isPending,
    refund: async () => void (await refunder.mutateAsync()),
    voidInvoice: async () => void (await voider.mutateAsync()),
    ship: (body, key) => shipper.mutateAsync({ body, key }),
    deliver: async (s) => void (await deliverer.mutateAsync(s)),
    cancelShipment: async (s) => void (await canceller.mutateAsync(s)),
    correctTracking: (s, patch) => corrector.mutateAsync({ s, patch }),
    // dataUpdatedAt is read so that every read again renders (the answer itself may not change).
    invoiceLate:
      invoicePending(query.data) && query.dataUpdatedAt > 0 && (queryClient.getQueryState(options.queryKey)?.dataUpdateCount ?? 0) > INVOICE_POLL.reads,
  };
}
