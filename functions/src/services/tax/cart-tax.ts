import type { Address } from '@fridgeparts/common/company.answers';
import type { Cart } from '@fridgeparts/common/cart';
import { rateOrder } from '@fridgeparts/common/shipping/rates';
import { orderTaxFromDoc } from '@fridgeparts/common/tax/tax';
import type { CartQuery } from '@fridgeparts/common/tax/tax.schema';
import type { OrderTax } from '@fridgeparts/common/tax/tax.answers';
import { db, type ToolDoc } from '../../data/firestore';
import type { Caller } from '../caller';
import { orderCompanyIn } from '../companies/company-side';
import { readShippingMethods } from '../shipping/methods';
import { chooseMethod, ratedOrderOf } from '../shipping/quote';
import { calculateTax, taxCodeOf, type TaxBasisLine } from './calculate';
import { basisExemption } from './exemption-tax';
import { coreTaxLine } from './order-tax';

/**
 * The cart's tax before checkout (CONTRACT §15, decision 0083): the lines checking out now would
 * order (priced for the caller, each referenced by its tool id, its core deposit as `<toolId>-core`), the shipping method checkout
 * would choose (the one named, else the cheapest; none serving: no shipping), to the ship-to or
 * the address in the query. Null without a ship-to, or with no line that can be ordered.
 */
export async function cartTax(caller: Caller, q: CartQuery, cart: Pick<Cart, 'lines'>, tools: ReadonlyMap<string, ToolDoc>): Promise<OrderTax | null> {
  if (q.shipToId === undefined && q.country === undefined) return null;
  const field = q.shipToId !== undefined ? 'shipToId' : 'country';
  const company = await db.runTransaction((tx) => orderCompanyIn(tx, caller, q.shipToId, q.shipToId === undefined ? 'address' : 'ship-to'));
  const to: Address = company?.shipTo?.address ?? {
    line1: q.line1 ?? '',
    line2: '',
    city: q.city ?? '',
    region: q.region ?? '',
    postalCode: q.postalCode ?? '',
    country: q.country ?? '',
  };
  const ordered = cart.lines.flatMap((l) => {
    const tool = tools.get(l.toolId);
    return tool && l.lineTotal !== null && l.problem === null ? [{ line: l, tool, totalCents: Math.round(l.lineTotal * 100) }] : [];
  });
  if (ordered.length === 0) return null;
  // Decision 0088: each line's core deposit is its own line item, `<toolId>-core` under the part's
  // tax code, as the order's calculation has it (order-tax.ts), so cart and order agree to the cent.
  const lines: TaxBasisLine[] = ordered.flatMap((o) => [
    { reference: o.line.toolId, amountCents: o.totalCents, quantity: o.line.quantity, taxCode: taxCodeOf(o.tool) },
    ...coreTaxLine(o.line.toolId, o.tool, o.line.quantity),
  ]);
  const methods = await readShippingMethods();
  const rated = ratedOrderOf(ordered.map((o) => ({ tool: o.tool, quantity: o.line.quantity, totalCents: o.totalCents })));
  // As checkout would choose (quote.ts chooseMethod: 400 for a method named that does not serve).
  const none = methods.length === 0 || (rateOrder(methods, rated, to).length === 0 && q.shippingMethodId === undefined);
  const shippingCents = none ? 0 : (chooseMethod(methods, rated, to, { shippingMethodId: q.shippingMethodId }, field)?.amountCents ?? 0);
  // Decision 0084: a member's ship-to with an approved, valid certificate for its state is exempt.
  const quote = await calculateTax({ lines, shippingCents, address: to, ...basisExemption(company) }, field);
  return orderTaxFromDoc(quote.tax);
}
