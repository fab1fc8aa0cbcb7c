import type { Address } from '@fridgeparts/common/company.answers';
import { SHOP_ADDRESS, type ShippingChoice } from '@fridgeparts/common/shipping/order';
import type { ToolDoc } from '../../data/firestore';
import { conflict } from '../../errors';
import { taxCodeOf, type TaxBasis, type TaxQuote } from './calculate';
import { NO_EXEMPTION, type BasisExemption } from './exemption-tax';

/**
 * The tax basis of a new order (CONTRACT §15, decision 0083), from the lines and shipping priced in
 * its transaction, and the signal that sends makeOrder out of the transaction to calculate it.
 */

/** Where an order is taxed: the company's ship-to, the address object sent, or for the one-line address the shop's own (CONTRACT §14). */
export const orderTaxAddress = (shipTo: Address | null, choice: ShippingChoice): Address => shipTo ?? choice.shippingAddress ?? SHOP_ADDRESS;

/** The priced lines of a new order: each referenced by its index, as shipments name lines. */
export function orderTaxBasis(
  planned: readonly { index: number; tool: Pick<ToolDoc, 'taxCode' | 'coreDepositCents'>; quantity: number; plan: { totalCents: number } }[],
  shipping: { shipping: { amountCents: number } | null },
  shipTo: Address | null,
  choice: ShippingChoice,
  exemption: BasisExemption = NO_EXEMPTION,
): TaxBasis {
  return {
    lines: planned.flatMap((l) => [
      { reference: String(l.index), amountCents: l.plan.totalCents, quantity: l.quantity, taxCode: taxCodeOf(l.tool) },
      ...coreTaxLine(String(l.index), l.tool, l.quantity),
    ]),
    shippingCents: shipping.shipping?.amountCents ?? 0,
    address: orderTaxAddress(shipTo, choice),
    ...exemption,
  };
}

/** CONTRACT §16 (decision 0088): the core deposit is its own taxed line item, `<lineId>-core`, under the part's tax code. */
export const coreTaxReference = (lineId: string): string => `${lineId}-core`;

/** The line item of a line's core deposit (deposit x quantity), `<lineId>-core`; none without a deposit. The cart's tax (cart-tax.ts) uses it too. */
export function coreTaxLine(lineId: string, tool: Pick<ToolDoc, 'taxCode' | 'coreDepositCents'>, quantity: number): TaxBasis['lines'] {
  const cents = Number.isSafeInteger(tool.coreDepositCents) && (tool.coreDepositCents ?? 0) > 0 ? (tool.coreDepositCents ?? 0) * quantity : 0;
  return cents > 0 ? [{ reference: coreTaxReference(lineId), amountCents: cents, quantity, taxCode: taxCodeOf(tool) }] : [];
}

/**
 * Thrown inside an order's transaction, before any write, when it carries no calculation of what it
 * priced (makeOrder calculates it outside and runs the transaction again). Not an answer: makeOrder
 * always catches it.
 */
export class TaxNeeded extends Error {
  constructor(
    readonly basis: TaxBasis,
    /** The request field a refused address is named under. */
    readonly addressField: string,
  ) {
    super('The order needs its sales tax calculated');
    this.name = 'TaxNeeded';
  }
}

/** How many calculations an order may need before its prices stand still long enough (decision 0083). */
export const TAX_ATTEMPTS = 3;
export const PRICES_MOVED =
  'The prices, stock or shipping of this order changed while its sales tax was calculated, so nothing was ordered. Please check the order and place it again.';

/**
 * Runs an order's transaction (`place`) with the calculation of what it priced (decision 0083): the
 * first run has none and stops with TaxNeeded before any write; the basis is calculated outside
 * the transaction and the transaction runs again with it. A run that priced something else (a
 * price changed in between) asks again; after TAX_ATTEMPTS calculations, 409 and nothing placed.
 */
export async function placeWithTax<T>(
  place: (quote: TaxQuote | null) => Promise<T>,
  calculate: (basis: TaxBasis, addressField: string) => Promise<TaxQuote>,
): Promise<T> {
  let quote: TaxQuote | null = null;
  for (let calculations = 0; ;) {
    try {
      return await place(quote);
    } catch (err) {
      if (!(err instanceof TaxNeeded)) throw err;
      if (calculations >= TAX_ATTEMPTS) throw conflict(PRICES_MOVED);
      quote = await calculate(err.basis, err.addressField);
      calculations++;
    }
  }
}
