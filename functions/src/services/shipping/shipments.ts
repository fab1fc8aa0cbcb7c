import { coreReturnDays } from '../../config';
import { createHash } from 'node:crypto';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { Booking } from '@fridgeparts/common/booking';
import { bookingFromDoc, bookingStateOf, isSettled, orderLinesOf, type BookingLineDoc } from '@fridgeparts/common/documents/bookings';
import { lineQuantitiesOf, shipmentEvent, shipmentState, statesFor, type LineQuantities } from '@fridgeparts/common/order-lifecycle';
import {
  activeShipments,
  needsTrackingUrl,
  SHIPMENT_LIMITS,
  shipmentFromDoc,
  shipmentProblems,
  shippableOf,
  TRACKING_URL_REQUIRED,
  type ShipmentDoc,
} from '@fridgeparts/common/shipping/shipments';
import type { ShipmentInput, ShipmentPatch } from '@fridgeparts/common/shipping/shipments.schema';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import type { BookingState } from '@fridgeparts/common/constants';
import { db, type BookingDoc } from '../../data/firestore';
import { badRequest, conflict, notFound } from '../../errors';
import { bookingRef, NO_SUCH_BOOKING, orderMove } from '../orders/booking-records';
import { queueOrderEmail, queueShipmentEmail } from '../mail/mail-outbox';
import { deliveredEmail, shipmentEmail } from '../mail/shipment-emails';

/**
 * Shipments (CONTRACT §14, decision 0079). Every call is one transaction on the order document,
 * which holds its shipments (an array, at most SHIPMENT_LIMITS.perOrder): the lines' shipped
 * quantities, the shipments and the order's state move together, and two shipments at once retry
 * against each other's quantities, so nothing ships twice. The state is derived from the lines
 * (order-lifecycle.ts shipmentState), the move asked of the lifecycle table.
 */

const NO_SUCH_SHIPMENT = (sid: string) => notFound(`This order has no shipment with id "${sid}". It may have been cancelled.`);

/** A shipment's id: fixed by the order and the Idempotency-Key, so a replay names the same shipment. */
export const shipmentIdOf = (bookingId: string, key: string): string => createHash('sha256').update(`${bookingId}\n${key}`).digest('hex').slice(0, 24);

/** What a request asked, so a key sent again with another body is told apart from a replay. */
export const fingerprintOf = (input: ShipmentInput): string => createHash('sha256').update(JSON.stringify(input)).digest('base64url');

/** Each line's running quantities as stored (defaults for an order older than them). */
function quantitiesOf(b: BookingDoc): { lines: BookingLineDoc[]; q: LineQuantities[] } {
  const state = bookingStateOf(b);
  const lines = orderLinesOf(b);
  return { lines, q: lines.map((l) => lineQuantitiesOf(l, state)) };
}

/** The states an order ships from: paid, on-account confirmed, or partly shipped (the lifecycle's `ship-part` rows). */
const SHIPS_FROM: readonly BookingState[] = statesFor('ship-part', 'shop-admin');

/** Why an order in `state` does not ship, in the words the old Shipped action used. */
/** Said when an order that ships complete still waits for backordered parts. */
export const SHIPS_COMPLETE = 'The buyer asked for this order to ship complete: it waits until every backordered part has arrived.';

function notShippable(state: BookingState): Error {
  switch (state) {
    case 'refunded':
      return conflict('This order was refunded, so it can not be shipped.');
    case 'awaiting-approval':
      return conflict('This order is waiting for approval by a company admin, so it can not be shipped.');
    case 'declined':
      return conflict('This order was declined by a company admin, so it can not be shipped.');
    case 'shipped':
    case 'delivered':
      return conflict('Every line of this order has shipped already.');
    case 'expired':
      return conflict('This order was released unpaid, so it can not be shipped.');
    default:
      return conflict('This order is not paid yet, so it can not be shipped.');
  }
}

interface NewShipment {
  id: string;
  key: string;
  fingerprint: string;
  lines: { lineId: string; quantity: number }[];
  carrier: ShipmentDoc['carrier'];
  service: string | null;
  trackingNumbers: string[];
  trackingUrl: string | null;
  shippedAt: Timestamp;
  legacy?: boolean;
}

/**
 * Records `s` on the order read in `tx` (after its reads): the lines' shipped quantities, the
 * shipment, the state the lines now imply and the buyer's email, in the one commit.
 */
function writeShipment(tx: Transaction, bookingId: string, b: BookingDoc, s: NewShipment): { after: BookingDoc; doc: ShipmentDoc<Timestamp> } {
  const { lines, q } = quantitiesOf(b);
  const problems = shipmentProblems(s.lines, q);
  if (problems.length > 0) {
    throw badRequest(problems.map((p) => p.message).join(' '), Object.fromEntries(problems.map((p) => [p.field, p.message])));
  }
  // The buyer chose to wait for every line (CONTRACT §14): nothing ships while a part is backordered.
  if (b.shipComplete === true && q.some((l) => l.backorderedQuantity > 0)) throw conflict(SHIPS_COMPLETE);
  const adds = new Map(s.lines.map((l) => [Number(l.lineId), l.quantity]));
  const newLines = lines.map((l, i) => ({ ...l, shippedQuantity: q[i].shippedQuantity + (adds.get(i) ?? 0) }));
  const doc: ShipmentDoc<Timestamp> = {
    id: s.id,
    key: s.key,
    fingerprint: s.fingerprint,
    lines: s.lines.map((r) => {
      const l = lines[Number(r.lineId)];
      return { lineId: r.lineId, toolId: l.toolId, partNumber: l.partNumber ?? null, name: l.name, quantity: r.quantity };
    }),
    carrier: s.carrier,
    service: s.service,
    trackingNumbers: s.trackingNumbers,
    trackingUrl: s.trackingUrl,
    shippedAt: s.shippedAt,
    deliveredAt: null,
    cancelledAt: null,
    ...(s.legacy ? { legacy: true } : {}),
  };
  const event = shipmentEvent(newLines.map((l) => ({ quantity: l.quantity, shippedQuantity: l.shippedQuantity })));
  const move = orderMove(b, event, 'shop-admin');
  if (!move.ok || !move.set) throw notShippable(bookingStateOf(b));
  const change = { lines: newLines, shipments: [...(b.shipments ?? []), doc], ...move.set };
  const after: BookingDoc = { ...b, ...change };
  tx.update(bookingRef(bookingId), change);
  // The old Shipped action's first shipment keeps its one email (mail/{id}-shipped, as before);
  // every other shipment has its own (mail/{id}-shipment-{sid}), a later one of the old action too
  // (the backordered rest, or after a cancel): rewriting mail/{id}-shipped would send it again.
  const firstLegacy = s.legacy && !(b.shipments ?? []).some((x) => x.legacy);
  if (firstLegacy) queueOrderEmail(tx, 'shipped', bookingId, after);
  else queueShipmentEmail(tx, 'shipment', bookingId, doc.id, after.email, shipmentEmail(after, doc, bookingId, event === 'ship'));
  return { after, doc };
}

/**
 * POST /booking/{id}/shipments (shop admin): ships the lines named, at most what each has left to
 * ship. The same Idempotency-Key again answers the same shipment and writes nothing; the key with
 * another body is 409.
 */
export async function createShipment(bookingId: string, key: string, input: ShipmentInput): Promise<Shipment> {
  const ref = bookingRef(bookingId);
  const id = shipmentIdOf(bookingId, key);
  const fingerprint = fingerprintOf(input);
  return db.runTransaction(async (tx) => {
    const b = (await tx.get(ref)).data();
    if (!b) throw NO_SUCH_BOOKING(bookingId);
    const earlier = (b.shipments ?? []).find((s) => s.id === id);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint)
        throw conflict('This Idempotency-Key was used for another shipment of this order. Send a new key for a new shipment.');
      if (earlier.cancelledAt) throw conflict('The shipment made with this Idempotency-Key was cancelled. Send a new key to ship again.');
      return shipmentFromDoc(earlier);
    }
    const state = bookingStateOf(b);
    if (!SHIPS_FROM.includes(state)) throw notShippable(state);
    if ((b.shipments ?? []).length >= SHIPMENT_LIMITS.perOrder)
      throw conflict(`This order has ${SHIPMENT_LIMITS.perOrder} shipments recorded, the most one order keeps.`);
    const { doc } = writeShipment(tx, bookingId, b, {
      id,
      key,
      fingerprint,
      lines: input.lines,
      carrier: input.carrier,
      service: input.service ?? null,
      trackingNumbers: input.trackingNumbers,
      trackingUrl: input.trackingUrl ?? null,
      shippedAt: input.shippedAt ? Timestamp.fromMillis(Date.parse(input.shippedAt)) : Timestamp.now(),
    });
    return shipmentFromDoc(doc);
  });
}

/**
 * The admin's old Shipped action (PATCH /api/orders/shipped/{id}): one shipment of every line's
 * units left to ship, carrier `other` without tracking (only this path ships without it), through
 * the same writer. A fully shipped order answers as it is (a repeat changes nothing).
 */
export async function shipEverythingLeft(bookingId: string): Promise<Booking> {
  const ref = bookingRef(bookingId);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const b = snap.data();
    if (!b) throw NO_SUCH_BOOKING(bookingId);
    const state = bookingStateOf(b);
    if (state === 'shipped' || state === 'delivered') return bookingFromDoc(snap.id, b, undefined, coreReturnDays());
    if (!SHIPS_FROM.includes(state)) throw notShippable(state);
    const { q } = quantitiesOf(b);
    const lines = q.map((l, i) => ({ lineId: String(i), quantity: shippableOf(l) })).filter((l) => l.quantity > 0);
    if (lines.length === 0) throw conflict('Every line left to ship is waiting for stock (backordered), so nothing can ship yet.');
    const key = `shipped-action-${(b.shipments ?? []).length}`;
    const { after } = writeShipment(tx, bookingId, b, {
      id: shipmentIdOf(bookingId, key),
      key,
      fingerprint: 'shipped-action',
      lines,
      carrier: 'other',
      service: null,
      trackingNumbers: [],
      trackingUrl: null,
      shippedAt: Timestamp.now(),
      legacy: true,
    });
    return bookingFromDoc(snap.id, after, undefined, coreReturnDays());
  });
}

/** Reads the order and one of its shipments (not cancelled) in `tx`. */
async function readShipment(tx: Transaction, bookingId: string, sid: string): Promise<{ b: BookingDoc; all: ShipmentDoc<Timestamp>[]; index: number }> {
  const b = (await tx.get(bookingRef(bookingId))).data();
  if (!b) throw NO_SUCH_BOOKING(bookingId);
  const all = b.shipments ?? [];
  const index = all.findIndex((s) => s.id === sid && !s.cancelledAt);
  if (index < 0) throw NO_SUCH_SHIPMENT(sid);
  return { b, all, index };
}

/** PATCH /booking/{id}/shipments/{sid}: corrects carrier, service or tracking; freight and other still need their link. */
export async function correctShipment(bookingId: string, sid: string, patch: ShipmentPatch): Promise<Shipment> {
  return db.runTransaction(async (tx) => {
    const { all, index } = await readShipment(tx, bookingId, sid);
    const before = all[index];
    const s: ShipmentDoc<Timestamp> = {
      ...before,
      ...(patch.carrier !== undefined ? { carrier: patch.carrier } : {}),
      ...(patch.service !== undefined ? { service: patch.service } : {}),
      ...(patch.trackingNumbers !== undefined ? { trackingNumbers: patch.trackingNumbers } : {}),
      ...(patch.trackingUrl !== undefined ? { trackingUrl: patch.trackingUrl } : {}),
    };
    // The old Shipped action's shipment may stay as it was made (other, no tracking) until
    // someone adds tracking; once corrected, it follows the rule of every shipment.
    const untouchedLegacy = before.legacy && s.carrier === 'other' && s.trackingNumbers.length === 0 && !s.trackingUrl;
    if (needsTrackingUrl(s.carrier) && !s.trackingUrl && !untouchedLegacy) throw badRequest(TRACKING_URL_REQUIRED, { trackingUrl: TRACKING_URL_REQUIRED });
    tx.update(bookingRef(bookingId), { shipments: all.map((x, i) => (i === index ? s : x)) });
    return shipmentFromDoc(s);
  });
}

/**
 * POST /booking/{id}/shipments/{sid}/delivered: records the delivery once (a repeat answers the
 * same and queues no second email); the order is `delivered` when every line has shipped and every
 * shipment has arrived.
 */
export async function markDelivered(bookingId: string, sid: string): Promise<Shipment> {
  return db.runTransaction(async (tx) => {
    const { b, all, index } = await readShipment(tx, bookingId, sid);
    if (all[index].deliveredAt) return shipmentFromDoc(all[index]);
    const at = Timestamp.now();
    const s: ShipmentDoc<Timestamp> = { ...all[index], deliveredAt: at };
    const shipments = all.map((x, i) => (i === index ? s : x));
    const { q } = quantitiesOf(b);
    const whole = shipmentState('paid', q, activeShipments(shipments)) === 'delivered';
    const move = whole ? orderMove(b, 'deliver', 'shop-admin', at) : null;
    const change = { shipments, ...(move?.ok && move.set ? move.set : {}) };
    const after: BookingDoc = { ...b, ...change };
    tx.update(bookingRef(bookingId), change);
    queueShipmentEmail(tx, 'delivered', bookingId, sid, after.email, deliveredEmail(after, s, bookingId, whole));
    return shipmentFromDoc(s);
  });
}

/**
 * DELETE /booking/{id}/shipments/{sid}: cancels a shipment not yet delivered (409 once it is):
 * its quantities are unshipped again and the order's state follows its lines back. It stays
 * stored, marked, so its Idempotency-Key is never taken for a new shipment.
 */
export async function cancelShipment(bookingId: string, sid: string): Promise<Booking> {
  return db.runTransaction(async (tx) => {
    const { b, all, index } = await readShipment(tx, bookingId, sid);
    const s = all[index];
    if (s.deliveredAt) throw conflict('This shipment was delivered, so it can not be cancelled. Arrange a return instead.');
    const state = bookingStateOf(b);
    if (state !== 'partially-shipped' && state !== 'shipped') throw conflict(`This order is ${state}, so its shipments stay as they are.`);
    const { lines, q } = quantitiesOf(b);
    const takes = new Map(s.lines.map((l) => [Number(l.lineId), l.quantity]));
    const newLines = lines.map((l, i) => ({ ...l, shippedQuantity: Math.max(0, q[i].shippedQuantity - (takes.get(i) ?? 0)) }));
    const shipments = all.map((x, i) => (i === index ? { ...x, cancelledAt: Timestamp.now() } : x));
    // Before anything shipped it was paid (or its invoice paid), else confirmed on account.
    const before = isSettled(b) || b.paidAt ? 'paid' : 'confirmed';
    const next = shipmentState(before, newLines, activeShipments(shipments));
    const fully = next === 'shipped';
    const change = { lines: newLines, shipments, state: next, status: fully ? ('shipped' as const) : null, shippedAt: fully ? (b.shippedAt ?? null) : null };
    tx.update(bookingRef(bookingId), change);
    return bookingFromDoc(bookingId, { ...b, ...change }, undefined, coreReturnDays());
  });
}
