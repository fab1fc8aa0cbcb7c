import type { Timestamp } from 'firebase-admin/firestore';
import type { Address, ShipTo } from '../../common/src/company.answers';
import { DEMO_COMPANY } from '../../common/src/constants';
import type { CompanyDoc, CompanyMemberDoc } from '../../common/src/documents/companies';

/** The demo company's addresses (CONTRACT §10): where it is billed, and the two places its technicians receive parts. */
export const NORTHWIND_BILLING: Address = {
  line1: '1200 Harbor Boulevard',
  line2: 'Suite 300',
  city: 'Oakland',
  region: 'CA',
  postalCode: '94607',
  country: 'US',
};

export const NORTHWIND_SHIP_TO: ShipTo[] = [
  { id: 's1', label: 'Main warehouse', address: { line1: '88 Depot Road', line2: '', city: 'Oakland', region: 'CA', postalCode: '94621', country: 'US' } },
  {
    id: 's2',
    label: 'Service van depot',
    address: { line1: '415 Fleet Street', line2: 'Bay 4', city: 'San Jose', region: 'CA', postalCode: '95112', country: 'US' },
  },
];

/**
 * The company document with its counts as decision 0055 keeps them: two members (one company
 * admin, one buyer), no pending invitation, ship-to ids s1 and s2 given (the next is s3).
 */
export function northwindDoc(now: Timestamp, shopAdminUid: string): CompanyDoc<Timestamp> {
  return {
    name: DEMO_COMPANY.name,
    billingAddress: NORTHWIND_BILLING,
    shipTo: NORTHWIND_SHIP_TO,
    nextShipToSeq: NORTHWIND_SHIP_TO.length + 1,
    terms: 'net30',
    creditLimitCents: DEMO_COMPANY.creditLimitCents,
    openInvoiceCents: 0,
    memberCount: 2,
    adminCount: 1,
    invitationCount: 0,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: shopAdminUid,
  };
}

export function northwindMembers(
  now: Timestamp,
  uids: { companyAdmin: string; buyer: string },
  shopAdminUid: string,
): { uid: string; doc: CompanyMemberDoc<Timestamp> }[] {
  const member = (email: string, role: CompanyMemberDoc['role'], spendingLimitCents: number | null) => ({
    companyId: DEMO_COMPANY.id,
    email,
    role,
    spendingLimitCents,
    joinedAt: now,
    invitedBy: shopAdminUid,
  });
  return [
    { uid: uids.companyAdmin, doc: member(DEMO_COMPANY.companyAdmin.email, 'company-admin', null) },
    { uid: uids.buyer, doc: member(DEMO_COMPANY.buyer.email, 'buyer', DEMO_COMPANY.buyerSpendingLimitCents) },
  ];
}
