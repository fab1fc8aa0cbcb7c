import { createHash } from 'node:crypto';
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { bookingStateOf } from '@fridgeparts/common/documents/bookings';
import { returnFromDoc, type ReturnDoc as ReturnFields } from '@fridgeparts/common/documents/returns';
import { defaultRestockingFeePercent, RETURN_LIMITS, rmaNumberOf } from '@fridgeparts/common/returns/returns';
import type { ReturnApprove, ReturnDecline, ReturnRequest, ReturnsQuery } from '@fridgeparts/common/returns/returns.schema';
import type { BookingReturns, Return, ReturnsPage } from '@fridgeparts/common/returns/returns.answers';
import type { BookingState } from '@fridgeparts/common/constants';
import { collections, db, type BookingDoc, type ReturnDoc, type ToolDoc } from '../../data/firestore';
import { badRequest, conflict, notFound } from '../../errors';
import { coreReturnDays, returnDays } from '../../config';
import type { Caller } from '../caller';
import { bookingRef, NO_SUCH_BOOKING } from '../booking-records';
import { managesOrderCompany } from '../companies/company-side';
import { readPage } from '../pagination';
import { queueReturnEmail } from '../mail/mail-outbox';
import { buildRmaSlip } from '../orders/rma-slip';
import { coreLineFields, coreLineProblem, isCoreReturn, moveCores } from './core-rules';
import { orderQuantities, refundCentsOf, refundDueAmong, requestedLineProblem, returnableLines, type OrderReturn } from './return-rules';
import { approveWarrantyClaim, warrantyClaimOf } from './warranty';

/**
 * Returns (CONTRACT §16, issue 47 slice 1, decision 0086): returns/{rid}, written only here. Each
 * step is one transaction on the return and its order: the order lines' `returnOpenQuantity`
 * (requested or approved) and `returnedQuantity` (received) move with the return, so two requests
 * racing for the last unit retry against each other and one is refused, and each step's email is
 * queued in the commit that makes it (mail/return-{rid}-{step}, once).
 */

const NO_SUCH_RETURN = (rid: string) => notFound(`This order has no return with id "${rid}".`);

/** A return's id: fixed by the order and the Idempotency-Key, so a replay names the same return. */
export const returnIdOf = (bookingId: string, key: string): string => createHash('sha256').update(`return\n${bookingId}\n${key}`).digest('hex').slice(0, 24);

/** What a request asked, so a key sent again with another body is told apart from a replay. */
const fingerprintOf = (input: ReturnRequest): string => createHash('sha256').update(JSON.stringify(input)).digest('base64url');

export const returnRef = (rid: string): DocumentReference<ReturnDoc> => collections.returns().doc(rid);

/** The states an order's parts can come back from: something has shipped, and the order was not refunded whole. */
const RETURNS_FROM: readonly BookingState[] = ['partially-shipped', 'shipped', 'delivered'];

function notReturnable(state: BookingState): Error {
  switch (state) {
    case 'refunded':
      return conflict('This order was refunded, so nothing more can be returned.');
    case 'returned':
      return conflict('Every part of this order has been returned already.');
    default:
      return conflict('Nothing of this order has shipped yet, so nothing can be returned. Cancel the order, or ask the shop to refund it.');
  }
}

/**
 * The order, for a buyer caller: its buyer, a company admin of its company, or a shop admin.
 * Anyone else gets the 404 an unknown order gets (as GET /booking/{id}: ids are not probed).
 */
export async function readOrderFor(caller: Caller, bookingId: string): Promise<BookingDoc> {
  const b = (await bookingRef(bookingId).get()).data();
  if (!b) throw NO_SUCH_BOOKING(bookingId);
  if (b.uid === caller.uid || caller.admin || (await managesOrderCompany(caller, b))) return b;
  throw NO_SUCH_BOOKING(bookingId);
}

/** Whether each tool of the order may come back for any reason (CONTRACT §16: `returnable`, default true). */
async function returnableToolsOf(b: BookingDoc, tx?: Transaction): Promise<Map<string, boolean>> {
  const ids = [...new Set((b.lines ?? [{ toolId: b.toolId }]).map((l) => l.toolId))].filter((id) => id.length > 0);
  const refs = ids.map((id) => collections.tools().doc(id));
  const snaps = refs.length === 0 ? [] : tx ? await tx.getAll(...refs) : await db.getAll(...refs);
  return new Map(snaps.map((s) => [s.id, (s.data() as ToolDoc | undefined)?.returnable !== false]));
}

/**
 * A return as answered: `refundDue` from the order, while it waits for its refund, held to what
 * the order's other returns (`others`, read by orderReturnsOf) leave it, as its refund will be.
 */
export function returnAnswer(rid: string, r: ReturnFields, b: BookingDoc | undefined, others: readonly OrderReturn[] = []): Return {
  return returnFromDoc(rid, r, r.state === 'received' && b ? refundCentsOf(refundDueAmong(rid, r, b, others)) : null);
}

/** Every return of the order (in `tx` when given): what a refund and a `refundDue` are held to. */
export async function orderReturnsOf(bookingId: string, tx?: Transaction): Promise<OrderReturn[]> {
  const query = collections.returns().where('bookingId', '==', bookingId);
  const snap = tx ? await tx.get(query) : await query.get();
  return snap.docs.map((d) => ({ id: d.id, r: d.data() }));
}

/** The answer of a return read in `tx` as it is (a replay, a step already taken): a received one with the order's returns read beside it. */
async function answerAsIs(tx: Transaction, rid: string, r: ReturnDoc, b: BookingDoc): Promise<Return> {
  return returnAnswer(rid, r, b, r.state === 'received' ? await orderReturnsOf(r.bookingId, tx) : []);
}

/** counters/returns: { year, seq }, the RMA numbers' yearly sequence (like the order numbers'). */
const RETURN_COUNTER = () => collections.counters().doc('returns');

/**
 * POST /booking/{id}/returns (buyer callers): a return of the lines named, each within its
 * reason's window and at most shipped less returned less requested; 201 the return, requested.
 * The same Idempotency-Key again answers the same return and writes nothing; the key with another
 * body is 409.
 */
export async function requestReturn(caller: Caller, bookingId: string, key: string, input: ReturnRequest): Promise<Return> {
  await readOrderFor(caller, bookingId);
  const rid = returnIdOf(bookingId, key);
  const fingerprint = fingerprintOf(input);
  const ref = bookingRef(bookingId);
  return db.runTransaction(async (tx) => {
    const b = (await tx.get(ref)).data();
    if (!b) throw NO_SUCH_BOOKING(bookingId);
    const earlier = (await tx.get(returnRef(rid))).data();
    if (earlier) {
      if (earlier.fingerprint !== fingerprint)
        throw conflict('This Idempotency-Key was used for another return of this order. Send a new key for a new return.');
      return answerAsIs(tx, rid, earlier, b);
    }
    const state = bookingStateOf(b);
    if (!RETURNS_FROM.includes(state)) throw notReturnable(state);
    const tools = await returnableToolsOf(b, tx);
    const now = new Date();
    const days = returnDays();
    const problems: [string, string][] = [];
    input.lines.forEach((r, i) => {
      const toolId = b.lines?.[Number(r.lineId)]?.toolId ?? b.toolId;
      const problem = r.reason === 'core' ? coreLineProblem(b, r, coreReturnDays(), now) : requestedLineProblem(b, r, tools.get(toolId) ?? true, days, now);
      if (problem) problems.push([`lines.${i}`, problem]);
    });
    if (problems.length > 0) throw badRequest(problems.map(([, m]) => m).join(' '), Object.fromEntries(problems));
    const core = input.lines.some((r) => r.reason === 'core');
    if (core && !input.lines.every((r) => r.reason === 'core'))
      throw badRequest('A core return holds only core lines: return the parts themselves in a return of their own.', { lines: 'Mixed core and part lines' });

    const { lines, q } = orderQuantities(b);
    const year = now.getUTCFullYear();
    const counter = (await tx.get(RETURN_COUNTER())).data();
    const seq = (counter && counter.year === year ? counter.seq : 0) + 1;
    const at = Timestamp.fromDate(now);
    const doc: ReturnDoc = {
      bookingId,
      orderNumber: b.orderNumber || bookingId,
      userId: b.uid,
      buyerEmail: b.email,
      buyerName: b.userName,
      companyId: b.companyId ?? null,
      rmaNumber: rmaNumberOf(year, seq),
      state: 'requested',
      lines: input.lines.map((r) => {
        const l = lines[Number(r.lineId)];
        return {
          lineId: r.lineId,
          toolId: l.toolId,
          name: l.name,
          partNumber: l.partNumber ?? null,
          quantity: r.quantity,
          reason: r.reason,
          note: r.note ?? null,
          unitPriceCents: l.unitPriceCents,
          resaleableQuantity: 0,
          damagedQuantity: 0,
          ...(r.reason === 'core' ? coreLineFields(l) : {}),
        };
      }),
      restockingFeePercent: null,
      declineReason: null,
      refund: null,
      createdAt: at,
      createdBy: caller.uid,
      approvedAt: null,
      receivedAt: null,
      refundedAt: null,
      declinedAt: null,
      version: 1,
      key,
      fingerprint,
      warranty: warrantyClaimOf(input),
    };
    const adds = new Map(input.lines.map((r) => [Number(r.lineId), r.quantity]));
    const newLines = core
      ? moveCores(b, doc, 1)
      : lines.map((l, i) => (adds.has(i) ? { ...l, returnOpenQuantity: q[i].returnOpenQuantity + adds.get(i)! } : l));
    tx.set(RETURN_COUNTER(), { year, seq });
    tx.set(returnRef(rid), doc);
    tx.update(ref, { lines: newLines });
    queueReturnEmail(tx, 'requested', rid, doc);
    return returnAnswer(rid, doc, b);
  });
}

/** The most returns GET /booking/{id}/returns answers (an order has at most 50 lines; returns stay few). */
const RETURNS_PER_ORDER = 200;

/** GET /booking/{id}/returns (buyer callers): the order's returns, oldest first, and what may still come back. */
export async function listBookingReturns(caller: Caller, bookingId: string): Promise<BookingReturns> {
  const b = await readOrderFor(caller, bookingId);
  const [snap, tools] = await Promise.all([collections.returns().where('bookingId', '==', bookingId).limit(RETURNS_PER_ORDER).get(), returnableToolsOf(b)]);
  const all = snap.docs.map((d) => ({ id: d.id, r: d.data() }));
  const returns = [...all]
    .sort((x, y) => x.r.createdAt.toMillis() - y.r.createdAt.toMillis() || x.id.localeCompare(y.id))
    .map(({ id, r }) => returnAnswer(id, r, b, all));
  const state = bookingStateOf(b);
  const returnable = RETURNS_FROM.includes(state) ? returnableLines(b, tools, returnDays(), new Date()) : [];
  return { returns, returnable };
}

/** GET /returns?state=&cursor= (shop admin): returns oldest first, 25 a page, in one state or all. */
export async function listReturns(query: ReturnsQuery): Promise<ReturnsPage> {
  const base = collections.returns();
  const page = await readPage({
    query: query.state ? base.where('state', '==', query.state) : base,
    field: 'createdAt',
    dir: 'asc',
    limit: RETURN_LIMITS.pageSize,
    cursor: query.cursor,
    map: (d) => ({ id: d.id, r: d.data() }),
  });
  const received = [...new Set(page.items.filter((x) => x.r.state === 'received').map((x) => x.r.bookingId))];
  const [orders, returnsOf] = await Promise.all([
    received.length > 0
      ? db.getAll(...received.map((id) => bookingRef(id))).then((snaps) => new Map(snaps.map((s) => [s.id, s.data() as BookingDoc | undefined])))
      : new Map<string, BookingDoc | undefined>(),
    Promise.all(received.map(async (id) => [id, await orderReturnsOf(id)] as const)).then((pairs) => new Map(pairs)),
  ]);
  return {
    returns: page.items.map(({ id, r }) => returnAnswer(id, r, orders.get(r.bookingId), returnsOf.get(r.bookingId))),
    nextCursor: page.nextCursor,
  };
}

/** Reads a return of the order and the order in `tx`; a return of another order is no return of this one (404). */
export async function readReturn(tx: Transaction, bookingId: string, rid: string): Promise<{ r: ReturnDoc; b: BookingDoc }> {
  const r = (await tx.get(returnRef(rid))).data();
  if (!r || r.bookingId !== bookingId) throw NO_SUCH_RETURN(rid);
  const b = (await tx.get(bookingRef(bookingId))).data();
  if (!b) throw NO_SUCH_BOOKING(bookingId);
  return { r, b };
}

/**
 * POST /booking/{id}/returns/{rid}/approve (shop admin): approved with its restocking fee (given,
 * else 15% when a line is not-needed, else 0); the buyer is emailed the RMA number and the
 * address. A replay (or a later step) answers the return as it is; a declined one is 409.
 */
export async function approveReturn(bookingId: string, rid: string, input: ReturnApprove): Promise<Return> {
  return db.runTransaction(async (tx) => {
    const { r, b } = await readReturn(tx, bookingId, rid);
    if (r.state === 'declined') throw conflict(`Return ${r.rmaNumber} was declined, so it can not be approved. The buyer may request a new return.`);
    if (r.state !== 'requested') return answerAsIs(tx, rid, r, b);
    if (r.warranty) return returnAnswer(rid, await approveWarrantyClaim(tx, rid, r, b), b);
    const after: ReturnDoc = {
      ...r,
      state: 'approved',
      restockingFeePercent: input.restockingFeePercent ?? defaultRestockingFeePercent(r.lines),
      approvedAt: Timestamp.now(),
      version: r.version + 1,
    };
    tx.update(returnRef(rid), { state: after.state, restockingFeePercent: after.restockingFeePercent, approvedAt: after.approvedAt, version: after.version });
    queueReturnEmail(tx, 'approved', rid, after);
    return returnAnswer(rid, after, b);
  });
}

/** The order's lines with a return's open quantities taken off (declined, or received). */
export function releaseOpen(b: BookingDoc, r: Pick<ReturnDoc, 'lines'>, returned: ReadonlyMap<number, number> = new Map()) {
  const { lines, q } = orderQuantities(b);
  const takes = new Map(r.lines.map((l) => [Number(l.lineId), l.quantity]));
  return lines.map((l, i) =>
    takes.has(i)
      ? { ...l, returnOpenQuantity: Math.max(0, q[i].returnOpenQuantity - takes.get(i)!), returnedQuantity: q[i].returnedQuantity + (returned.get(i) ?? 0) }
      : l,
  );
}

/**
 * POST /booking/{id}/returns/{rid}/decline (shop admin): declined with the reason; its open
 * quantities are released (returnable again). A replay answers the same; a return already received
 * or refunded is 409.
 */
export async function declineReturn(bookingId: string, rid: string, input: ReturnDecline): Promise<Return> {
  return db.runTransaction(async (tx) => {
    const { r, b } = await readReturn(tx, bookingId, rid);
    if (r.state === 'declined') return returnAnswer(rid, r, b);
    if (r.state === 'received' || r.state === 'refunded' || r.state === 'closed')
      throw conflict(`Return ${r.rmaNumber} has been received already, so it can not be declined.`);
    const after: ReturnDoc = { ...r, state: 'declined', declineReason: input.reason, declinedAt: Timestamp.now(), version: r.version + 1 };
    tx.update(returnRef(rid), { state: after.state, declineReason: after.declineReason, declinedAt: after.declinedAt, version: after.version });
    tx.update(bookingRef(bookingId), { lines: isCoreReturn(r) ? moveCores(b, r, -1) : releaseOpen(b, r) });
    queueReturnEmail(tx, 'declined', rid, after);
    return returnAnswer(rid, after, b);
  });
}

/** GET /booking/{id}/returns/{rid}/slip (buyer callers): the return's RMA slip; anyone else the 404 of GET /booking/{id}. */
export async function getReturnSlip(caller: Caller, bookingId: string, rid: string): Promise<{ fileName: string; pdf: Buffer }> {
  const b = await readOrderFor(caller, bookingId);
  const r = (await returnRef(rid).get()).data();
  if (!r || r.bookingId !== bookingId) throw NO_SUCH_RETURN(rid);
  const fileName = `${r.rmaNumber.replace(/[^A-Za-z0-9_-]/g, '-')}-slip.pdf`;
  return { fileName, pdf: await buildRmaSlip(returnAnswer(rid, r, b)) };
}
