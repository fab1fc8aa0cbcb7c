import { coreReturnDays } from '../../config';
import type { OrderActor } from '@fridgeparts/common/order-lifecycle';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { AllOrdersQuery, Booking, BookingInput } from '@fridgeparts/common/booking';
import type { PageQuery } from '@fridgeparts/common/pagination';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import { normalizeEmail } from '@fridgeparts/common/user';
import { isDocumentId as isDocId } from '@fridgeparts/common/ids';
import { collections, db, type BookingDoc, type ToolDoc } from '../../data/firestore';
import { authUserByEmail } from '../users/auth-users';
import { badRequest, conflict, notFound } from '../../errors';
import type { Caller } from '../caller';
import { logs } from '../../logs';
import { bookingFromDoc, bookingStateOf, isSettled } from '@fridgeparts/common/documents/bookings';
import { bookingRef, NO_SUCH_BOOKING, orderMove } from './booking-records';
import { readPage, type Page } from '../pagination';
import { ordersQuery } from './order-export';
import { makeOrder } from './make-order';
import { BACKORDER_DISCONTINUED, readOrderStock } from './order-lines';
import { replacedMessage } from '../catalog/part-number-registry';
import { stopPaymentBeforeCancel } from '../payments/payments';
import { shipEverythingLeft } from '../shipping/shipments';
import { assertAdminNow } from '../users/users';
import { managesOrderCompany } from './approvals';
import { orderCompanyIn } from '../companies/company-side';

function fromSnap(snap: DocumentSnapshot<BookingDoc>): Booking {
  return bookingFromDoc(snap.id, snap.data() as BookingDoc, undefined, coreReturnDays());
}

/**
 * POST /booking (CONTRACT §3): an order of one line, made as every order is (make-order.ts
 * makeOrder). Owner from the token, unit price from the tool, and the stock check plus the
 * reservation in one transaction: concurrent bookings retry against the new stock and can never
 * oversell. A quantity that can not be booked answers the spec's message (400, under `quantity`).
 */
export async function createBooking(caller: Caller, input: BookingInput): Promise<Booking> {
  if (!isDocId(input.toolId)) throw notFound(`There is no tool with id "${input.toolId}".`);
  const toolRef = collections.tools().doc(input.toolId);
  return makeOrder(caller, async (tx) => {
    const tool = (await tx.get(toolRef)).data();
    if (!tool) throw notFound(`There is no tool with id "${input.toolId}". It may have been removed from the catalogue.`);
    // CONTRACT §11: a discontinued tool is never booked as itself; the buyer is sent to its replacement.
    if (tool.replacedBy) {
      // Decision 0080: nothing more is coming of a discontinued part, so it is not backordered either.
      const replaced = await replacedMessage(input.toolId, tool);
      const message = input.backorder ? `${BACKORDER_DISCONTINUED}. ${replaced}` : replaced;
      throw badRequest(message, { toolId: message });
    }
    // A member's one-line order is their company's order too (its spending limit, its terms and
    // prices): one read of membership and company, as on every path. It ships to the ship-to
    // location named (decision 0063), or else to the address sent, as before shipToId was taken.
    const company = await orderCompanyIn(tx, caller, input.shipToId, input.shipToId === undefined ? 'address' : 'ship-to');
    return {
      lines: [{ quantity: input.quantity, ref: toolRef, tool, ...(input.backorder ? { backorder: true } : {}) }],
      contact: { phone: input.phone, address: input.address ?? '' },
      poNumber: input.poNumber,
      company,
      shipping: input,
      shipComplete: input.shipComplete,
      refuse: ([problem]) => badRequest(problem.reason, { quantity: problem.reason }),
    };
  });
}

/** The uid whose bookings an email names: the caller's own, or (admins only) anyone's. */
async function uidForEmail(caller: Caller, email: string): Promise<string | null> {
  const wanted = normalizeEmail(email);
  if (wanted === caller.email) return caller.uid;
  await assertAdminNow(caller, 'You can only see your own bookings.');
  // Nobody with that address has no bookings; Auth out of reach is a 503, not "no bookings".
  return (await authUserByEmail(wanted))?.uid ?? null;
}

/** GET /booking?email=: newest first (index bookings uid + createdAt desc). */
export async function listBookingsOf(caller: Caller, email: string, page: PageQuery): Promise<Page<Booking>> {
  const uid = await uidForEmail(caller, email);
  if (!uid) return { items: [], nextCursor: null };
  return readPage({
    query: collections.bookings().where('uid', '==', uid),
    field: 'createdAt',
    dir: 'desc',
    limit: page.limit,
    cursor: page.cursor,
    map: fromSnap,
  });
}

/**
 * GET /mybooking/{id}: the owner, a company admin of the order's company (decision 0061) or an
 * admin. Someone else's booking answers 404, like an unknown id, so ids can not be probed for
 * existence (docs/decisions/0007-foreign-records-404.md).
 */
export async function getBooking(caller: Caller, id: string): Promise<Booking> {
  const snap = await bookingRef(id).get();
  const b = snap.data();
  if (!b) throw NO_SUCH_BOOKING(id);
  if (b.uid !== caller.uid && !(await managesOrderCompany(caller, b)))
    await assertAdminNow(caller, '').catch(() => {
      throw NO_SUCH_BOOKING(id);
    });
  // Only reads (decision 0070): an order on account whose invoice the provider could not finish
  // answers `pending`; the sweep finishes it (invoices.ts issuePendingInvoices, decision 0058).
  return bookingFromDoc(snap.id, b, undefined, coreReturnDays());
}

/**
 * Deletes an unsettled booking (the whole order) and returns every line's stock, in one
 * transaction: a second delete finds nothing (404), so stock comes back exactly once. `owns` decides whose booking may go.
 */
async function deleteAndRestock(
  id: string,
  actor: OrderActor,
  owns: (b: BookingDoc) => boolean,
  settledMessage: string,
  onAccountMessage = ON_ACCOUNT_CANCEL,
): Promise<void> {
  const ref = bookingRef(id);
  const before = (await ref.get()).data();
  if (!before || !owns(before)) throw NO_SUCH_BOOKING(id);
  // A payment in flight is stopped at the provider first; one that already went through is
  // recorded and the cancel refused (CONTRACT §5), so no paid booking is ever deleted.
  if (!isSettled(before) && bookingStateOf(before) === 'reserved') await stopPaymentBeforeCancel(id, before);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const b = snap.data();
    if (!b || !owns(b)) throw NO_SUCH_BOOKING(id);
    if (!isSettled(b) && b.paymentIntentId !== before.paymentIntentId) {
      throw conflict('A payment for this booking has just started. Please try again in a moment.');
    }
    // Only a reservation can go (or one still waiting for its company's approval, which the buyer
    // withdraws): paid, shipped and refunded orders are money the shop must account for, and an
    // expired or declined one has already given its stock back.
    const cancel = orderMove(b, 'cancel', actor);
    if (cancel.from === 'confirmed') throw conflict(onAccountMessage);
    if (isSettled(b) || !cancel.ok) throw conflict(settledMessage);
    // Every line's tool (one read each), then the writes: the whole order goes, its stock back once.
    const stock = cancel.stock === 'return' ? await readOrderStock(tx, b) : null;
    if (cancel.removes) tx.delete(ref);
    stock?.move(+1);
  });
}

/** Decision 0058: an order on account is stopped by voiding its invoice, which releases it. */
export const ON_ACCOUNT_CANCEL =
  "This order is on your company's account and its invoice has been issued, so it can not be cancelled here. Ask the shop to void the invoice; that releases the order.";

/** DELETE /booking?email=&id=: the caller cancels one of their unpaid bookings. */
export async function cancelBooking(caller: Caller, email: string, id: string): Promise<DeletedCountResponse> {
  const wanted = normalizeEmail(email);
  if (wanted !== caller.email) await assertAdminNow(caller, 'You can only cancel your own bookings.');
  const owns = (b: BookingDoc) => (wanted === caller.email ? b.uid === caller.uid : b.email === wanted);
  await deleteAndRestock(id, wanted === caller.email ? 'buyer' : 'shop-admin', owns, 'This booking is paid, so it can not be cancelled.');
  logs.bookingCancelled(id, wanted === caller.email ? 'owner' : 'admin');
  return { deletedCount: 1 };
}

/** The shop admin's own words for it: the void is theirs to do (decision 0066). */
export const ON_ACCOUNT_DELETE =
  "This order is on a company's account and its invoice has been issued, so it can not be cancelled. Void its invoice instead (Void invoice in Manage All Orders); that releases the order and returns its stock.";

/** DELETE /bookingOrder/{id} (admin): unpaid orders only. */
export async function deleteOrder(id: string): Promise<DeletedCountResponse> {
  await deleteAndRestock(id, 'shop-admin', () => true, 'This order is paid, so it can not be cancelled.', ON_ACCOUNT_DELETE);
  logs.bookingCancelled(id, 'admin');
  return { deletedCount: 1 };
}

/**
 * GET /bookingOrder (admin): every booking (or those the filters select), newest first. The quantities shown are the tool's
 * current ones (one getAll for the page); a deleted tool falls back to the booking's snapshot.
 */
export async function listAllBookings(page: AllOrdersQuery): Promise<Page<Booking>> {
  const docs: { id: string; b: BookingDoc }[] = [];
  const result = await readPage({
    // Filtered by state and UTC date range (CONTRACT §7; indexes in firestore.indexes.json).
    query: ordersQuery(page),
    field: 'createdAt',
    // "To ship" is a work queue: the oldest order first (CONTRACT §14).
    dir: page.toShip ? 'asc' : 'desc',
    limit: page.limit,
    cursor: page.cursor,
    map: (d) => {
      docs.push({ id: d.id, b: d.data() });
      return d.id;
    },
  });
  const toolIds = [...new Set(docs.map((d) => d.b.toolId).filter(isDocId))];
  const tools = new Map<string, ToolDoc>();
  if (toolIds.length > 0) {
    const snaps = await db.getAll(...toolIds.map((t) => collections.tools().doc(t)));
    for (const s of snaps) if (s.exists) tools.set(s.id, s.data() as ToolDoc);
  }
  return { items: docs.map(({ id, b }) => bookingFromDoc(id, b, tools.get(b.toolId), coreReturnDays())), nextCursor: result.nextCursor };
}

/**
 * PATCH /api/orders/shipped/{id} (admin): the old Shipped action is one shipment of every line's
 * units left to ship (CONTRACT §14, decision 0079), through the shipments' one writer; shipping a
 * shipped order again changes nothing.
 */
export async function markShipped(id: string): Promise<Booking> {
  return shipEverythingLeft(id);
}
