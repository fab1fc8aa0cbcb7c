import { coreReturnDays } from '../../config';
import type { ApprovalDecision, Booking, BookingState } from '@fridgeparts/common/booking';
import { bookingFromDoc, bookingStateOf, type ApprovalDoc } from '@fridgeparts/common/documents/bookings';
import type { StoredTime } from '@fridgeparts/common/documents/time';
import type { PageQuery } from '@fridgeparts/common/pagination';
import { needsApproval } from '@fridgeparts/common/spending-limit';
import { nextState, type OrderEvent } from '@fridgeparts/common/order-lifecycle';
import { collections, db, type BookingDoc, type CompanyDoc } from '../../data/firestore';
import { conflict, forbidden, notFound } from '../../errors';
import { logs } from '../../logs';
import { bookingRef, NO_SUCH_BOOKING, orderMove } from './booking-records';
import type { Caller } from '../caller';
import { companyAccess } from '../companies/company-access';
import { companyRef, readAdmins, readCompanySide } from '../companies/company-side';
import { afterOrderPlaced, confirmOnAccountInTx, paysOnAccount } from '../payments/invoices';
import { queueApprovalEmails } from '../mail/mail-outbox';
import { now, readOrderStock } from './order-lines';
import { readPage, type Page } from '../pagination';

/**
 * Approvals and the company's orders (CONTRACT §10, decision 0056). A company member's order
 * ships to one of the company's ship-to locations; one whose total is above the member's spending
 * limit is placed `awaiting-approval` with its stock reserved, and a company admin approves it
 * (on to approvedState) or declines it (stock back), once, in one transaction each. Membership and
 * role are read in the transaction that acts on them, never from a token (decision 0055).
 */

// An order over the member's limit waits for a company admin: one rule, which the web's order forms
// also apply to say so before the click.
export { needsApproval };

/**
 * Where an approved order goes. Card terms: `reserved`, to be paid by card within a hold that
 * starts again at the approval (holdStartOf). Net 30 terms: `confirmed` on account (decision 0058),
 * its credit checked and taken by the approval's transaction and its invoice issued after it.
 */
export function approvedEvent(company: Pick<CompanyDoc, 'terms'>): OrderEvent {
  return paysOnAccount(company) ? 'approve-on-account' : 'approve';
}

export function approvedState(company: Pick<CompanyDoc, 'terms'>): BookingState {
  return nextState('awaiting-approval', approvedEvent(company)) as BookingState;
}

/**
 * When an unpaid order's hold began: its approval for an approved order (the buyer could not pay
 * while it waited), else when it was placed. The sweep releases it RESERVATION_HOLD_HOURS later.
 */
export function holdStartOf<T extends StoredTime>(b: { createdAt: T; approval?: Pick<ApprovalDoc<T>, 'decision' | 'decidedAt'> | null }): T {
  return b.approval?.decision === 'approved' && b.approval.decidedAt ? b.approval.decidedAt : b.createdAt;
}

/** The 409 of an approve or decline that finds the order no longer waiting (the second of a race). */
export function notWaitingMessage(b: Pick<BookingDoc, 'state' | 'paid' | 'transactionId' | 'status' | 'approval'>): string {
  const state = bookingStateOf(b);
  const by = b.approval?.decidedBy?.email;
  if (b.approval?.decision === 'approved') return `This order was already approved${by ? ` by ${by}` : ''}.`;
  if (b.approval?.decision === 'declined' || state === 'declined') return `This order was already declined${by ? ` by ${by}` : ''}.`;
  if (state === 'expired') return 'This order was not decided in time and its reservation was released, so there is nothing to approve or decline.';
  return 'This order is not waiting for approval: it was within the buyer’s spending limit.';
}

const NOT_COMPANY_ADMIN = "Only an admin of the order's company may approve or decline it.";
const OWN_ORDER = 'You placed this order yourself: another company admin approves it.';

/**
 * POST /booking/{id}/approve and /decline (CONTRACT §10): one transaction that reads the order,
 * the caller's membership (a company admin of the order's company, read now), the company and its
 * admins (for the emails), and on decline every line's tool, before any write; then moves the
 * order on, stores who decided, when and the note, gives a declined order's stock back and queues
 * the event's emails. A second decision, raced or late, finds the order no longer waiting: 409.
 * A caller who is no company admin gets 403 (a shop admin too: the company decides its own
 * spending); an admin of another company gets 404, as for an order that does not exist.
 */
export async function decideApproval(caller: Caller, id: string, decision: ApprovalDecision, note: string | undefined): Promise<Booking> {
  const ref = bookingRef(id);
  const after = await db.runTransaction(async (tx) => {
    const b = (await tx.get(ref)).data();
    // A shop admin manages every company's people, but approving its spending is the company's.
    const access = companyAccess(await readCompanySide(caller, tx), b?.companyId, 'decide');
    if (access === 'forbidden') throw forbidden(NOT_COMPANY_ADMIN);
    if (!b || !b.companyId || access !== 'allowed') throw NO_SUCH_BOOKING(id);
    // The lifecycle decides (decision 0070): only an order still waiting moves, by its company's admin.
    if (!orderMove(b, decision === 'approved' ? 'approve' : 'decline', 'company-admin').ok) throw conflict(notWaitingMessage(b));
    if (decision === 'approved' && b.uid === caller.uid) throw forbidden(OWN_ORDER);
    const company = (await tx.get(companyRef(b.companyId))).data();
    const admins = await readAdmins(tx, b.companyId);
    const move = orderMove(b, decision === 'approved' ? approvedEvent(company ?? { terms: 'card' }) : 'decline', 'company-admin');
    if (!move.ok) throw conflict(notWaitingMessage(b));
    const stock = move.stock === 'return' ? await readOrderStock(tx, b) : null;
    const approval: NonNullable<BookingDoc['approval']> = {
      spendingLimitCents: b.approval?.spendingLimitCents ?? 0,
      decision,
      decidedBy: { uid: caller.uid, email: caller.email },
      decidedAt: now(),
      note: note ?? null,
    };
    const update: Partial<BookingDoc> = { ...move.set, approval };
    // On account (decision 0058): the credit is checked and taken now, after every read; over the
    // limit it is 409 naming the limit and the amount open, and the order stays waiting.
    if (move.to === 'confirmed' && company) Object.assign(update, confirmOnAccountInTx(tx, { companyId: b.companyId, company }, b));
    tx.update(ref, update);
    stock?.move(+1);
    const moved: BookingDoc = { ...b, ...update };
    queueApprovalEmails(tx, decision, id, moved, admins);
    return moved;
  });
  logs.approvalDecided(id, decision, caller.uid);
  // An order confirmed on account: its invoice now (or, if the provider fails, by the next read or the sweep).
  return bookingFromDoc(id, await afterOrderPlaced(id, after), undefined, coreReturnDays());
}

/**
 * GET /mybooking/{id} for someone other than its buyer (decision 0061): a company admin of the
 * order's company reads it, as they see it in the company's list. One read (the caller's
 * membership, as stored now), and none for an order of no company.
 */
export async function managesOrderCompany(caller: Caller, b: Pick<BookingDoc, 'companyId'>): Promise<boolean> {
  if (!b.companyId) return false;
  return companyAccess(await readCompanySide(caller), b.companyId, 'read-order') === 'allowed';
}

/**
 * The company's lists are for its admins and the shop's: anyone else gets 403 whether or not the
 * company exists; a shop admin gets 404 for one that does not (decision 0055).
 */
async function assertSeesCompanyOrders(caller: Caller, id: string): Promise<void> {
  if (companyAccess(await readCompanySide(caller, null, 'see'), id, 'see') !== 'allowed')
    throw forbidden("Only the shop's admins and this company's admins may see the company's orders.");
  if (caller.admin && !(await companyRef(id).get()).exists) throw notFound(`There is no company with the id ${id}.`);
}

/** GET /companies/{id}/orders: every order of the company, newest first (index companyId + createdAt desc). */
export async function listCompanyOrders(caller: Caller, id: string, page: PageQuery): Promise<Page<Booking>> {
  await assertSeesCompanyOrders(caller, id);
  return readPage({
    query: collections.bookings().where('companyId', '==', id),
    field: 'createdAt',
    dir: 'desc',
    limit: page.limit,
    cursor: page.cursor,
    map: (snap) => bookingFromDoc(snap.id, snap.data(), undefined, coreReturnDays()),
  });
}

/**
 * GET /companies/{id}/approvals: the company's orders waiting for approval, oldest first (the
 * one whose hold runs out first on top; index companyId + state + createdAt).
 */
export async function listCompanyApprovals(caller: Caller, id: string, page: PageQuery): Promise<Page<Booking>> {
  await assertSeesCompanyOrders(caller, id);
  return readPage({
    query: collections.bookings().where('companyId', '==', id).where('state', '==', 'awaiting-approval'),
    field: 'createdAt',
    dir: 'asc',
    limit: page.limit,
    cursor: page.cursor,
    map: (snap) => bookingFromDoc(snap.id, snap.data(), undefined, coreReturnDays()),
  });
}
