import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import type { ApprovalMailKind, MailKind, ReturnMailStep, ShipmentMailKind } from '@fridgeparts/common/documents/mail';
import type { ReturnDoc } from '@fridgeparts/common/documents/returns';
import { collections, type BookingDoc, type MailDoc } from '../../data/firestore';
import { reservationHoldHours, siteUrl } from '../../config';
import {
  approvalEmail,
  backorderReadyEmail,
  companyInvitationEmail,
  coresKeptEmail,
  orderEmail,
  UNSET_SITE_URL,
  type InvitationMailFacts,
  type MailContent,
} from './mail-templates';
import { returnEmail } from './return-emails';
import type { KeptCoreLine } from '@fridgeparts/common/returns/cores';

/**
 * The order-email outbox (CONTRACT §7, docs/decisions/0017-order-emails-and-expiry.md).
 * `mail/{bookingId}-{kind}` is written in the same transaction as the state change that causes
 * it. States only move forward, so each change (and its email's outbox document) commits exactly once; the
 * deterministic id makes even a repeated write land on the same document. Its creation fires the
 * mail trigger (mail-trigger.ts; the sweep retries what it could not send), and delivery
 * (mail-sender.ts) claims the document before sending, so two senders never both send it: it is
 * delivered at least once, each copy with the same Message-ID (decision 0042).
 */

/** The delivery fields of an outbox document just queued: pending, never tried, due now. */
function waitingToBeSent() {
  const now = Timestamp.now();
  return { state: 'pending', attempts: 0, retryAt: now, claimId: null, createdAt: now, sentAt: null, messageId: null, lastError: null } as const;
}

export const mailId = (bookingId: string, kind: MailKind) => `${bookingId}-${kind}`;

export const mailRef = (bookingId: string, kind: MailKind): DocumentReference<MailDoc> => collections.mail().doc(mailId(bookingId, kind));

/**
 * Queues the `kind` email of a booking in `tx`. Call it only where the booking's state actually
 * moves (never for a no-op), after the transaction's reads: it only writes. `b` is the booking as
 * it will be after the change (the email shows the transaction id, the order number...).
 */
export function queueOrderEmail(tx: Transaction, kind: MailKind, bookingId: string, b: BookingDoc): DocumentReference<MailDoc> {
  const ref = mailRef(bookingId, kind);
  // Rendered now, so the email shows the booking as it was. A deployment without SITE_URL still
  // places the order and queues its email, with a placeholder origin the sender fills in once
  // SITE_URL is set (it sends nothing before: mail-sender.ts, decision 0038).
  const content = orderEmail(kind, b, { bookingId, siteUrl: siteUrl() ?? UNSET_SITE_URL, holdHours: reservationHoldHours() });
  tx.set(ref, { bookingId, kind, to: b.email, ...content, ...waitingToBeSent() });
  return ref;
}

/**
 * Queues an approval event's emails in `tx` (after its reads; decision 0056): the buyer's at
 * mail/{bookingId}-{kind} (queueOrderEmail) and each company admin's at
 * mail/{bookingId}-{kind}-{uid}. The event happens in the transaction that moves the order's state,
 * once, and the ids are fixed by the order, the event and the person, so a retried transaction
 * writes the same documents and nobody gets a second copy.
 */
export function queueApprovalEmails(tx: Transaction, kind: ApprovalMailKind, bookingId: string, b: BookingDoc, admins: { uid: string; email: string }[]): void {
  queueOrderEmail(tx, kind, bookingId, b);
  const ctx = { bookingId, siteUrl: siteUrl() ?? UNSET_SITE_URL, holdHours: reservationHoldHours() };
  const content = approvalEmail(kind, b, ctx, 'admin');
  for (const admin of admins) {
    // The buyer may be a company admin too: they get the buyer's copy only.
    if (admin.uid === b.uid) continue;
    const ref = collections.mail().doc(`${mailId(bookingId, kind)}-${admin.uid}`);
    tx.set(ref, { bookingId, ...(b.companyId ? { companyId: b.companyId } : {}), kind, to: admin.email, ...content, ...waitingToBeSent() });
  }
}

/** The outbox id of a company invitation's email: one per invitation, however often the call is retried. */
export const invitationMailRef = (inviteId: string): DocumentReference<MailDoc> => collections.mail().doc(`invitation-${inviteId}`);

/**
 * Queues the invitation email of a new invitation in `tx` (after its reads), beside the invitation
 * document itself: both commit or neither, and a retried call finds the invitation and queues nothing.
 */
export function queueInvitationEmail(
  tx: Transaction,
  inviteId: string,
  companyId: string,
  facts: Omit<InvitationMailFacts, 'siteUrl'>,
): DocumentReference<MailDoc> {
  const ref = invitationMailRef(inviteId);
  const content = companyInvitationEmail({ ...facts, siteUrl: siteUrl() ?? UNSET_SITE_URL });
  tx.set(ref, { bookingId: null, companyId, kind: 'company-invitation', to: facts.email, ...content, ...waitingToBeSent() });
  return ref;
}

/** The outbox id of a shipment's email: one per shipment and kind, however often the call is replayed or raced. */
export const shipmentMailRef = (bookingId: string, kind: ShipmentMailKind, shipmentId: string): DocumentReference<MailDoc> =>
  collections.mail().doc(`${bookingId}-${kind}-${shipmentId}`);

/**
 * Queues a shipment's email in `tx` (after its reads), in the transaction that records the
 * shipment or its delivery: both commit or neither, and a replay finds the shipment done and queues nothing.
 */
export function queueShipmentEmail(tx: Transaction, kind: ShipmentMailKind, bookingId: string, shipmentId: string, to: string, content: MailContent): void {
  tx.set(shipmentMailRef(bookingId, kind, shipmentId), {
    bookingId,
    ...content,
    kind,
    to,
    ...waitingToBeSent(),
  });
}

/** One line of a "ready" email: how many arrived for it, and what still waits. */
export interface ReadyLine {
  name: string;
  partNumber: string | null;
  quantity: number;
  stillBackordered: number;
  expectedOn: string | null;
}

/**
 * Queues the email of an order's backordered parts now ready (decision 0080): one per allocation,
 * mail/{bookingId}-backorder-ready-{n}, n the order's allocation count after this one, written in
 * the allocation's transaction (a retried transaction writes the same document).
 */
export function queueBackorderReadyEmail(tx: Transaction, bookingId: string, b: BookingDoc, ready: ReadyLine[], n: number): DocumentReference<MailDoc> {
  const ref = collections.mail().doc(`${bookingId}-backorder-ready-${n}`);
  const content = backorderReadyEmail(b, ready, { bookingId, siteUrl: siteUrl() ?? UNSET_SITE_URL, holdHours: reservationHoldHours() });
  tx.set(ref, { bookingId, kind: 'backorder-ready', to: b.email, ...content, ...waitingToBeSent() });
  return ref;
}

/**
 * Queues the email of an order's core deposits kept (decision 0088): mail/{bookingId}-cores-kept-{n},
 * n the order's count of such emails after this one, in the transaction that marks the lines kept
 * (a retried transaction writes the same document; a later sweep finds the lines marked).
 */
export function queueCoresKeptEmail(tx: Transaction, bookingId: string, b: BookingDoc, kept: readonly KeptCoreLine[], n: number): DocumentReference<MailDoc> {
  const ref = collections.mail().doc(`${bookingId}-cores-kept-${n}`);
  const content = coresKeptEmail(b, kept, { bookingId, siteUrl: siteUrl() ?? UNSET_SITE_URL, holdHours: reservationHoldHours() });
  tx.set(ref, { bookingId, kind: 'cores-kept', to: b.email, ...content, ...waitingToBeSent() });
  return ref;
}

/** The outbox id of a return's email: one per return and step, however often the call is replayed or raced. */
export const returnMailRef = (returnId: string, step: ReturnMailStep): DocumentReference<MailDoc> => collections.mail().doc(`return-${returnId}-${step}`);

/**
 * Queues a return's `step` email to the buyer in `tx` (after its reads; CONTRACT §16, decision
 * 0086), in the transaction that makes the step: both commit or neither, and a replay finds the
 * step made and queues nothing.
 */
export function queueReturnEmail(tx: Transaction, step: ReturnMailStep, returnId: string, r: ReturnDoc): DocumentReference<MailDoc> {
  const ref = returnMailRef(returnId, step);
  const content = returnEmail(step, r, siteUrl() ?? UNSET_SITE_URL);
  tx.set(ref, { bookingId: r.bookingId, kind: `return-${step}`, to: r.buyerEmail, ...content, ...waitingToBeSent() });
  return ref;
}
