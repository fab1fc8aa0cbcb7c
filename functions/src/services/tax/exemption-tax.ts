import type { ShipTo } from '@fridgeparts/common/company.answers';
import {
  exemptingCertificate,
  exemptionNote,
  exemptionStatusOn,
  taxExemptionOf,
  type CompanyExemptCertificate,
  type TaxExemption,
} from '@fridgeparts/common/tax/exemption';
import { EXEMPTION_LIMITS } from '@fridgeparts/common/tax/exemption';
import { collections } from '../../data/firestore';
import { exemptionToday } from './exemptions';

/**
 * A ship-to's certificate in its tax (CONTRACT §15, decision 0084). Whether a cart or order is
 * exempt is read from the company document its tax already reads (`exemptCertificates`, the
 * approved ones, decision 0072); why one is taxed although the ship-to has a certificate for its
 * state (pending, rejected, expired) is read after the calculation, only when tax is charged.
 */

/** What the tax basis carries about certificates: the one that exempts, or whose note to look for. */
export interface BasisExemption {
  /** The approved, valid certificate for the ship-to's own state: the calculation is customer_exempt. */
  exemption: TaxExemption | null;
  /** The ship-to whose certificates explain a charged tax (a member's ship-to), or null. */
  noteFor: { companyId: string; shipToId: string } | null;
}

export const NO_EXEMPTION: BasisExemption = { exemption: null, noteFor: null };

/** From the company read for the cart or order: its ship-to's exempting certificate, if any, on the shop's today. */
export function basisExemption(
  company: { companyId: string; company: { exemptCertificates?: CompanyExemptCertificate[] }; shipTo: ShipTo | null } | null,
  today: string = exemptionToday(),
): BasisExemption {
  if (!company?.shipTo) return NO_EXEMPTION;
  const state = company.shipTo.address.region;
  const found = state ? exemptingCertificate(company.company.exemptCertificates, company.shipTo.id, state, today) : null;
  return { exemption: found ? taxExemptionOf(found) : null, noteFor: { companyId: company.companyId, shipToId: company.shipTo.id } };
}

/**
 * Why sales tax is charged to a ship-to in `state` that has a certificate for it that does not
 * exempt: its newest such certificate's note (pending, rejected, expired); null when it has none.
 * One bounded query (a ship-to has at most EXEMPTION_LIMITS.perShipTo certificates).
 */
export async function chargedTaxNote(
  noteFor: { companyId: string; shipToId: string },
  state: string,
  today: string = exemptionToday(),
): Promise<string | null> {
  const snap = await collections
    .exemptions()
    .where('companyId', '==', noteFor.companyId)
    .where('shipToId', '==', noteFor.shipToId)
    .limit(EXEMPTION_LIMITS.perShipTo)
    .get();
  const newest = snap.docs
    .map((d) => d.data())
    .filter((d) => d.state === state)
    .map((d) => ({ ...d, status: exemptionStatusOn(d, today) }))
    .filter((d) => d.status !== 'approved')
    .sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis())[0];
  return newest ? exemptionNote(newest) : null;
}
