import type { ContractPriceCents } from '../contract-prices';
import type { CompanyContractPrice, ContractPrice } from '../contract-prices.answers';
import { centsToDollars } from '../money';
import { isoTime, type StoredTime } from './time';

/**
 * companies/{companyId}/prices/{toolId}: a company's contract price for one tool (CONTRACT §10,
 * decision 0057). A subcollection of the company, so a company's prices are bounded by the
 * catalogue, listed without an index, and gone from every lookup the moment the document is.
 * Written only by the functions (shop admin); no client reads it (firestore.rules' catch-all).
 */
export interface ContractPriceDoc<Time extends StoredTime = StoredTime> extends ContractPriceCents {
  /** When first set: GET /companies/{id}/prices pages in this order. */
  createdAt: Time;
  updatedAt: Time;
  /** The uid of the shop admin who last set it. */
  updatedBy: string;
}

/** The price fields alone, field by field (so nothing else of a stored document reaches pricing). */
export const contractPriceCentsOf = (d: ContractPriceCents): ContractPriceCents => ({
  priceCents: d.priceCents,
  priceBreaks: (d.priceBreaks ?? []).map((b) => ({ minQuantity: b.minQuantity, priceCents: b.priceCents })),
});

/** The member's view: the price and its breaks in dollars. */
export function contractPriceFromCents(toolId: string, d: ContractPriceCents): ContractPrice {
  return {
    toolId,
    price: centsToDollars(d.priceCents),
    priceBreaks: (d.priceBreaks ?? []).map((b) => ({ minQuantity: b.minQuantity, price: centsToDollars(b.priceCents) })),
  };
}

/** The shop admin's view: the member's, with when it was set and changed. */
export function companyContractPriceFromDoc(toolId: string, d: ContractPriceDoc): CompanyContractPrice {
  return { ...contractPriceFromCents(toolId, d), createdAt: isoTime(d.createdAt), updatedAt: isoTime(d.updatedAt) };
}
