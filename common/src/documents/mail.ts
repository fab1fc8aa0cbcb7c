import type { StoredTime } from './time';

/** The order emails a booking can cause, one per state change (CONTRACT §7). */
export const MAIL_KINDS = ['booked', 'paid', 'shipped', 'refunded', 'released', 'awaiting-approval', 'approved', 'declined'] as const;
/** The approval emails (CONTRACT §10, decision 0056): the buyer's copy is mail/{bookingId}-{kind}, each company admin's mail/{bookingId}-{kind}-{uid}. */
export const APPROVAL_MAIL_KINDS = ['awaiting-approval', 'approved', 'declined'] as const;
export type ApprovalMailKind = (typeof APPROVAL_MAIL_KINDS)[number];
export type MailKind = (typeof MAIL_KINDS)[number];
/**
 * Emails besides the state changes: a company invitation (CONTRACT §10, decision 0055), which
 * belongs to no order, and an order's backordered parts now ready (decision 0080), one per allocation;
 * a tax exemption certificate expiring within 30 days (decision 0084), mail/exemption-{eid}-expiry-{expiresOn};
 * an order's core deposits kept because the cores were not returned in time (decision 0088),
 * mail/{bookingId}-cores-kept-{n}, one per sweep that marks lines kept.
 */
export const OTHER_MAIL_KINDS = ['company-invitation', 'backorder-ready', 'exemption-expiry', 'cores-kept'] as const;
/** A shipment's emails (CONTRACT §14, decision 0079): mail/{bookingId}-shipment-{sid} and mail/{bookingId}-delivered-{sid}, once each. */
export const SHIPMENT_MAIL_KINDS = ['shipment', 'delivered'] as const;
export type ShipmentMailKind = (typeof SHIPMENT_MAIL_KINDS)[number];
/** A return's emails (CONTRACT §16, decision 0086): mail/return-{rid}-{step}, once each. */
export const RETURN_MAIL_STEPS = ['requested', 'approved', 'declined', 'received', 'refunded', 'closed', 'charged'] as const;
export type ReturnMailStep = (typeof RETURN_MAIL_STEPS)[number];
export type ReturnMailKind = `return-${ReturnMailStep}`;
export type MailDocKind = MailKind | ShipmentMailKind | ReturnMailKind | (typeof OTHER_MAIL_KINDS)[number];
export type MailState = 'pending' | 'sending' | 'sent' | 'failed';

/**
 * mail/{bookingId}-{kind}: the order-email outbox (decision 0017), and mail/invitation-{inviteId}
 * for a company invitation (decision 0055), whose bookingId is null. Server only.
 */
export interface MailDoc<Time extends StoredTime = StoredTime> {
  bookingId: string | null;
  kind: MailDocKind;
  /** The company a company-invitation mail is about. */
  companyId?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  state: MailState;
  /** Failed delivery attempts so far. */
  attempts: number;
  /**
   * When a sender may (next) take this mail: now for a new one, after a back-off for a failed one,
   * the lease's end while one is sending; null once sent or given up. The sweep's one range query.
   */
  retryAt: Time | null;
  /** The sender holding the mail while `sending`. */
  claimId: string | null;
  createdAt: Time;
  sentAt: Time | null;
  messageId: string | null;
  lastError: string | null;
}
