import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import type { ShipBody } from '../lib/ship-form';
import type { TrackingPatch } from '../lib/tracking-form';
import { apiFetch } from '../../../lib/infra/api-client';

/**
 * The admin's actions on an order, the same requests from Manage All Orders and from the
 * order page: the server answers the order as it is after the change (its timeline included).
 */
export function requestShipped(booking: Pick<Booking, '_id'>): Promise<Booking | undefined> {
  return apiFetch<Booking | undefined>(API.markShipped(booking._id), { method: 'PATCH', auth: true, body: { status: 'shipped' } });
}

/** A full refund through the provider (CONTRACT §5); the server answers 409 for unpaid or shipped orders. */
export function requestRefund(booking: Pick<Booking, '_id'>): Promise<Booking | undefined> {
  return apiFetch<Booking | undefined>(API.refundOrder(booking._id), { method: 'POST', auth: true });
}

/**
 * Voids a confirmed on-account order's invoice (decision 0066): the server answers the order
 * released, its stock back; 409 when the invoice is paid, void, not issued yet or the order shipped.
 */
export function requestVoidInvoice(booking: Pick<Booking, '_id'>): Promise<Booking> {
  return apiFetch<Booking>(API.voidInvoice(booking._id), { method: 'POST', auth: true });
}

/** The server's answer when it is this order, else what the change is known to set. */
export function afterChange(answer: Booking | undefined, booking: Pick<Booking, '_id'>, known: Partial<Booking>): Partial<Booking> {
  return answer && answer._id === booking._id ? answer : known;
}

/**
 * Ships lines of an order (CONTRACT §14, decision 0079): the key is the dialog's own, so a double
 * click or a retry after a lost answer makes one shipment; the server answers it (201).
 */
export function requestShipment(booking: Pick<Booking, '_id'>, body: ShipBody, idempotencyKey: string): Promise<Shipment> {
  return apiFetch<Shipment>(API.shipments(booking._id), { method: 'POST', auth: true, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Records a shipment's delivery (once; a repeat answers the same shipment). */
export function requestDelivered(booking: Pick<Booking, '_id'>, shipment: Pick<Shipment, 'id'>): Promise<Shipment> {
  return apiFetch<Shipment>(API.shipmentDelivered(booking._id, shipment.id), { method: 'POST', auth: true });
}

/** Cancels a shipment not yet delivered: its quantities are unshipped again; the server answers the order. */
export function requestCancelShipment(booking: Pick<Booking, '_id'>, shipment: Pick<Shipment, 'id'>): Promise<Booking> {
  return apiFetch<Booking>(API.shipment(booking._id, shipment.id), { method: 'DELETE', auth: true });
}

/** Corrects a shipment's carrier, service and tracking (CONTRACT §14); the server answers the shipment with its new links. */
export function requestCorrectTracking(booking: Pick<Booking, '_id'>, shipment: Pick<Shipment, 'id'>, patch: TrackingPatch): Promise<Shipment> {
  return apiFetch<Shipment>(API.shipment(booking._id, shipment.id), { method: 'PATCH', auth: true, body: patch });
}
