import type { CompanyMemberDoc } from '../../data/firestore';

/**
 * May this caller act for this company (decision 0072): the one answer, from the caller's company
 * side as read now (company-side.ts readCompanySide), never from a token (decision 0055).
 *
 * - `see`: the company, its orders and the orders waiting for its approval (GET /companies/{id},
 *   .../orders, .../approvals).
 * - `manage`: its people and invitations (every company write that is not the shop's alone).
 * - `read-order`: one of its orders that someone else placed (GET /mybooking/{id}, decision 0061).
 * - `decide`: approve or decline one of its orders (POST /booking/{id}/approve, /decline).
 *
 * The shop's admins see and manage every company, but reading a company's order as the company and
 * deciding its spending are the company's own: there a shop admin is answered as anyone else
 * (getBooking lets them read every order by their own role).
 */
export type CompanyAction = 'see' | 'manage' | 'read-order' | 'decide';

/**
 * `allowed`, or how a refusal is answered: `forbidden` (403, saying who may) or `hidden` (404, as
 * for a thing that does not exist, so another company's ids can not be probed).
 */
export type CompanyVerdict = 'allowed' | 'forbidden' | 'hidden';

/** Whether a shop admin may, by that role alone (then their membership need not be read). */
export const SHOP_ADMIN_MAY: Readonly<Record<CompanyAction, boolean>> = { see: true, manage: true, 'read-order': false, decide: false };

export interface CompanyCaller {
  /** A shop admin (the Auth record, read on this call). */
  admin: boolean;
  /** Their membership now; undefined: in no company. */
  member: Pick<CompanyMemberDoc, 'companyId' | 'role'> | undefined;
}

/**
 * The verdict for `action` on company `companyId` (null or undefined: an order of no company, or
 * none found). Allowed: a shop admin where their role suffices, else a company admin of that very
 * company. Refused: `see` and `manage` with 403 whether or not the company exists (its existence is
 * not told); `read-order` with 404; `decide` with 403 for anyone who is no company admin and 404
 * for an admin of another company (as for an order that does not exist).
 */
export function companyAccess(caller: CompanyCaller, companyId: string | null | undefined, action: CompanyAction): CompanyVerdict {
  if (caller.admin && SHOP_ADMIN_MAY[action]) return 'allowed';
  const companyAdmin = caller.member?.role === 'company-admin';
  if (companyAdmin && companyId && caller.member?.companyId === companyId) return 'allowed';
  if (action === 'read-order') return 'hidden';
  if (action === 'decide') return companyAdmin ? 'hidden' : 'forbidden';
  return 'forbidden';
}
