import type { CompanyRole, CompanyTerms } from '../company';
import type { Address, Company, CompanyInvitation, CompanyMember, CompanySummary, ShipTo } from '../company.answers';
import { centsToDollars } from '../money';
import type { CompanyExemptCertificate } from '../tax/exemption';
import { isoTime, type StoredTime } from './time';

/**
 * Companies and their people (CONTRACT §10, decision 0055). All three collections are written only
 * by the functions, always in a transaction that also writes the company document, so every change
 * of a company's people is serialised on that one document; no client reads them (firestore.rules).
 */

/**
 * companies/{companyId}. The counters keep the rules that span people (the last company admin, the
 * bound on people) decidable from this one document inside a transaction, without a query.
 */
export interface CompanyDoc<Time extends StoredTime = StoredTime> {
  name: string;
  billingAddress: Address;
  shipTo: ShipTo[];
  /** The number of the next ship-to id (`s{n}`): ids are never reused, so an order's shipToId never names another place. */
  nextShipToSeq: number;
  terms: CompanyTerms;
  /** Set for net30, null for card. */
  creditLimitCents: number | null;
  /** The invoices slice adds and subtracts here, in the transaction that issues or settles an invoice. */
  openInvoiceCents: number;
  /**
   * The company's one Stripe Customer (decision 0058), made at its first order on account with an
   * idempotency key derived from the company id; absent until then.
   */
  stripeCustomerId?: string | null;
  /**
   * The approved tax exemption certificates of its ship-tos (decision 0084), written in the
   * transaction that approves, rejects or revokes one, so the cart's and order's tax read no more
   * than this document. Absent: none.
   */
  exemptCertificates?: CompanyExemptCertificate[];
  memberCount: number;
  adminCount: number;
  invitationCount: number;
  /** Bumped by every PATCH /companies/{id} (the fields a shop admin edits), not by changes of people. */
  version: number;
  createdAt: Time;
  updatedAt: Time;
  createdBy: string;
}

/**
 * companyMembers/{uid}: one document per person, so "which company, with what role" is one read by
 * uid, and a second company for the same person is impossible (the id is taken, checked in the
 * join's transaction). Listed per company with `where('companyId', '==', id)`, bounded by
 * COMPANY_LIMITS.people.
 */
export interface CompanyMemberDoc<Time extends StoredTime = StoredTime> {
  companyId: string;
  email: string;
  role: CompanyRole;
  spendingLimitCents: number | null;
  joinedAt: Time;
  /** Who invited them (uid). */
  invitedBy: string;
}

/**
 * companyInvitations/{key}, the key derived from the normalised email (functions: invitationKey):
 * at most one pending invitation per address in the whole shop; a sign-in with that verified
 * address joins the company and deletes it in one transaction.
 */
export interface CompanyInvitationDoc<Time extends StoredTime = StoredTime> {
  companyId: string;
  email: string;
  role: CompanyRole;
  spendingLimitCents: number | null;
  invitedAt: Time;
  invitedBy: string;
  /** Names this invitation's email in the outbox (mail/invitation-{inviteId}): a retried call finds the invitation and queues nothing. */
  inviteId: string;
}

const limitOf = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export function companyMemberFromDoc(uid: string, m: CompanyMemberDoc): CompanyMember {
  return { uid, email: m.email, role: m.role, spendingLimit: limitOf(m.spendingLimitCents), joinedAt: isoTime(m.joinedAt) };
}

export function companyInvitationFromDoc(i: CompanyInvitationDoc): CompanyInvitation {
  return { email: i.email, role: i.role, spendingLimit: limitOf(i.spendingLimitCents), invitedAt: isoTime(i.invitedAt) };
}

function companyFields(id: string, c: CompanyDoc): Omit<Company, 'members' | 'invitations'> {
  return {
    _id: id,
    name: c.name,
    billingAddress: c.billingAddress,
    shipTo: c.shipTo,
    terms: c.terms,
    creditLimit: limitOf(c.creditLimitCents),
    openInvoiceTotal: centsToDollars(c.openInvoiceCents),
    version: String(c.version),
    createdAt: isoTime(c.createdAt),
    updatedAt: isoTime(c.updatedAt),
  };
}

/** The company answer: members in the order they joined, invitations in the order they were sent. */
export function companyFromDocs(id: string, c: CompanyDoc, members: { uid: string; doc: CompanyMemberDoc }[], invitations: CompanyInvitationDoc[]): Company {
  const byTime = (a: StoredTime, b: StoredTime) => a.toDate().getTime() - b.toDate().getTime();
  return {
    ...companyFields(id, c),
    members: [...members].sort((a, b) => byTime(a.doc.joinedAt, b.doc.joinedAt) || a.uid.localeCompare(b.uid)).map((m) => companyMemberFromDoc(m.uid, m.doc)),
    invitations: [...invitations].sort((a, b) => byTime(a.invitedAt, b.invitedAt) || a.email.localeCompare(b.email)).map(companyInvitationFromDoc),
  };
}

export function companySummaryFromDoc(id: string, c: CompanyDoc): CompanySummary {
  return { ...companyFields(id, c), memberCount: c.memberCount, adminCount: c.adminCount, invitationCount: c.invitationCount };
}
