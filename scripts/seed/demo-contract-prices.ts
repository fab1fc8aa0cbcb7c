import type { Timestamp } from 'firebase-admin/firestore';
import type { ContractPriceDoc } from '../../common/src/documents/contract-prices';

/**
 * The demo company's contract prices (CONTRACT §10, decisions 0057 and 0062), by tool slug, in
 * cents: below the list price, each with as many breaks as the tool's own list, so a member sees
 * the same table with their prices. The thermostat's minimum order (25 at $14.25, $356.25) stays
 * under the demo buyer's $500 spending limit, so the buyer's cart and checkout show the contract
 * total without an approval.
 */
export const NORTHWIND_CONTRACT_PRICES: { toolId: string; priceCents: number; priceBreaks: { minQuantity: number; priceCents: number }[] }[] = [
  {
    // FP-THM-CC-036, list $16.90 (100: $15.90, 250: $14.90).
    toolId: 'mechanical-thermostat-cold-control',
    priceCents: 1425,
    priceBreaks: [
      { minQuantity: 100, priceCents: 1350 },
      { minQuantity: 250, priceCents: 1275 },
    ],
  },
  {
    // FP-CAP-15UF-370, list $8.95 (100: $8.25, 250: $7.75).
    toolId: 'run-capacitor',
    priceCents: 760,
    priceBreaks: [
      { minQuantity: 100, priceCents: 720 },
      { minQuantity: 250, priceCents: 690 },
    ],
  },
  {
    // FP-DFT-8H25, list $22.90 (100: $21.50).
    toolId: 'defrost-timer',
    priceCents: 1975,
    priceBreaks: [{ minQuantity: 100, priceCents: 1890 }],
  },
];

/** A price document as PUT /companies/{id}/prices/{toolId} writes it (functions services/companies/contract-prices.ts). */
export function contractPriceDoc(p: (typeof NORTHWIND_CONTRACT_PRICES)[number], now: Timestamp, shopAdminUid: string): ContractPriceDoc<Timestamp> {
  return { priceCents: p.priceCents, priceBreaks: p.priceBreaks.map((b) => ({ ...b })), createdAt: now, updatedAt: now, updatedBy: shopAdminUid };
}
