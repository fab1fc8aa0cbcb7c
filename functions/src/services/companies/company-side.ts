import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { COMPANY_LIMITS } from '@fridgeparts/common/company';
import type { Address, ShipTo } from '@fridgeparts/common/company.answers';
import { needsApproval } from '@fridgeparts/common/spending-limit';
import { placedState } from '@fridgeparts/common/order-lifecycle';
import { reservationHoldHours } from '../../config';
import { collections, type BookingDoc, type CompanyDoc, type CompanyMemberDoc } from '../../data/firestore';
import { badRequest, conflict } from '../../errors';
import type { Caller } from '../caller';
import { companyAccess, SHOP_ADMIN_MAY, type CompanyAction, type CompanyCaller } from './company-access';

/**
 * The caller's company side (decision 0072), below ordering and approvals alike: their membership
 * (company, role, spending limit) read from Firestore once per request, never from a token
 * (decision 0055), and for a new order what it takes from its company: the company, the ship-to,
 * the limit and the admins an approval is asked of. Ordering (make-order.ts placeOrder) and
 * approvals (approvals.ts) are handed it; neither reads the membership again.
 */

const memberRef = (uid: string) => collections.companyMembers().doc(uid);
export const companyRef = (id: string) => collections.companies().doc(id);
/** A company's admins, for the approval emails: bounded by the people a company may have. */
const adminsOf = (companyId: string) =>
  collections.companyMembers().where('companyId', '==', companyId).where('role', '==', 'company-admin').limit(COMPANY_LIMITS.people);

/** Whether this company's members buy on account (no card). */
export const paysOnAccount = (c: Pick<CompanyDoc, 'terms'> | null | undefined): boolean => c?.terms === 'net30';

/**
 * The caller as a company sees them: a shop admin or not (the Auth record, read on this call), and
 * their membership as stored now: company, role and spending limit. Read once per request
 * (readCompanySide) and handed to whatever decides on it (company-access.ts companyAccess).
 */
export interface CompanySide extends CompanyCaller {
  uid: string;
  /** The membership now; undefined: in no company (or, for a shop admin, not read: see readCompanySide). */
  member: Pick<CompanyMemberDoc, 'companyId' | 'role' | 'spendingLimitCents'> | undefined;
}

/**
 * Reads the caller's company side: their membership, in `tx` when one is given (before its writes),
 * else as stored now. With `forAction`, a shop admin whose role alone allows it (SHOP_ADMIN_MAY)
 * is answered without a read.
 */
export async function readCompanySide(
  caller: Pick<Caller, 'uid' | 'admin'>,
  tx: Pick<Transaction, 'get'> | null = null,
  forAction?: CompanyAction,
): Promise<CompanySide> {
  if (caller.admin && forAction && SHOP_ADMIN_MAY[forAction]) return { uid: caller.uid, admin: true, member: undefined };
  const ref = memberRef(caller.uid);
  const member = (await (tx ? tx.get(ref) : ref.get())).data();
  return { uid: caller.uid, admin: caller.admin, member };
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
 * The company side of a new order, read in the order's transaction (orderCompanyIn): the one read
 * of the buyer's membership and company per order, for the ship-to, the spending limit (decision
 * 0056), the contract prices (0057) and the terms and credit of an order on account (0058).
 */
export interface OrderCompany {
  companyId: string;
  company: Pick<CompanyDoc, 'terms' | 'name' | 'creditLimitCents' | 'openInvoiceCents' | 'stripeCustomerId' | 'exemptCertificates'>;
  /** Where the order ships; null for POST /booking, which ships to the address the buyer sent. */
  shipTo: ShipTo | null;
  /** The member's limit per order now; null: none. */
  spendingLimitCents: number | null;
  /** The company's admins, read only when the order could need approval (a limit is set). */
  admins: { uid: string; email: string }[];
}

/** "s1 (Main shop), s2 (Warehouse)": the choices a member has, for the 400 that asks for one. */
export const shipToChoices = (list: Pick<ShipTo, 'id' | 'label'>[]): string => list.map((s) => `${s.id} (${s.label})`).join(', ');

export const NOT_A_MEMBER_SHIP_TO =
  'shipToId is only for members of a company, and you are in none: leave shipToId out and send the address the order ships to.';
export const NO_SHIP_TO = (company: string) =>
  `${company} has no ship-to location, so its orders can not be shipped anywhere yet: ask your company admin or the shop to add one.`;

/**
 * The ship-to location a member's order goes to: the one named, or 400 naming the choices when
 * none, an unknown or a removed one is named (ids are never reused, so a removed id stays unknown).
 */
export function chooseShipTo(company: Pick<CompanyDoc, 'name' | 'shipTo'>, shipToId: string | undefined): ShipTo {
  // The schema keeps a company at 1 or more locations; a document without any is still answered, never a 5xx.
  if (company.shipTo.length === 0) throw conflict(NO_SHIP_TO(company.name));
  const choices = shipToChoices(company.shipTo);
  if (shipToId === undefined) {
    const message = `Choose where ${company.name}'s order ships: send shipToId, one of ${choices}.`;
    throw badRequest(message, { shipToId: message });
  }
  const found = company.shipTo.find((s) => s.id === shipToId);
  if (!found) {
    const message = `${company.name} has no ship-to location ${shipToId} (it may have been removed): send one of ${choices}.`;
    throw badRequest(message, { shipToId: message });
  }
  return found;
}

/** The copied address as the order's one-line text (orders, the PDF and emails read `address`). */
export function shipToAddressText(s: { label: string; address: Address }): string {
  const a = s.address;
  const cityLine = [a.city, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [s.label, a.line1, a.line2, cityLine, a.country].filter(Boolean).join(', ');
}

/**
 * The caller's company for a new order, read in its transaction (before any write): their
 * membership, then the company. A non-member gets null, and 400 if they named a ship-to.
 * `shipsTo: 'address'` is POST /booking's: it has no ship-to, so a member's one-line order ships
 * to the address sent, and is still their company's order (its spending limit, its terms).
 */
export async function orderCompanyIn(
  tx: Transaction,
  caller: Pick<Caller, 'uid' | 'admin'>,
  shipToId: string | undefined,
  shipsTo: 'ship-to' | 'address' = 'ship-to',
): Promise<OrderCompany | null> {
  const { member } = await readCompanySide(caller, tx);
  const company = member ? (await tx.get(companyRef(member.companyId))).data() : undefined;
  if (!member || !company) {
    if (shipToId !== undefined) throw badRequest(NOT_A_MEMBER_SHIP_TO, { shipToId: NOT_A_MEMBER_SHIP_TO });
    return null;
  }
  const shipTo = shipsTo === 'address' ? null : chooseShipTo(company, shipToId);
  const admins = member.spendingLimitCents === null ? [] : await readAdmins(tx, member.companyId);
  return { companyId: member.companyId, company, shipTo, spendingLimitCents: member.spendingLimitCents, admins };
}

/** The company's admins (uid and address), read in `tx`: whom an approval's emails go to. */
export async function readAdmins(tx: Transaction, companyId: string): Promise<{ uid: string; email: string }[]> {
  return (await tx.get(adminsOf(companyId))).docs.map((d) => ({ uid: d.id, email: d.data().email }));
}

/**
 * The fields a new order takes from its company (placeOrder spreads them over the reserved
 * order): who it is for and where it ships; awaiting-approval with the limit it passed when over
 * the limit. An order of no company stores companyId null, so the company's lists never need a
 * missing-field query.
 */
export function companyOrderFields(
  c: OrderCompany | null,
  totalCents: number,
  createdAt: Timestamp,
  holdHours = reservationHoldHours(),
): Pick<BookingDoc, 'companyId' | 'shipToId'> & Partial<Pick<BookingDoc, 'shipToAddress' | 'address' | 'state' | 'approval'>> {
  if (!c) return { companyId: null, shipToId: null };
  const waits = needsApproval(totalCents, c.spendingLimitCents);
  // When the sweep releases it if nobody decides (decision 0061): stored so the approvals screen can
  // say so without knowing the function's hold setting.
  const expiresAt = Timestamp.fromMillis(createdAt.toMillis() + holdHours * 3_600_000);
  return {
    companyId: c.companyId,
    ...(c.shipTo ? { shipToId: c.shipTo.id, shipToAddress: c.shipTo.address, address: shipToAddressText(c.shipTo) } : { shipToId: null }),
    // Where the lifecycle places it: waiting, confirmed on account (placeOrder then takes the
    // credit), or reserved.
    state: placedState({ waits, onAccount: paysOnAccount(c.company) }),
    approval: waits ? { spendingLimitCents: c.spendingLimitCents ?? 0, decision: null, decidedBy: null, decidedAt: null, note: null, expiresAt } : null,
  };
}
