import type { ContractPrice } from '@fridgeparts/common/contract-prices.answers';
import { unitPriceCentsFor } from '@fridgeparts/common/pricing';
import type { NumberCheck } from '../../../lib/domain/use-resolved-numbers';
import type { QuickOrderLine } from './parse-quick-order';

type Priced = { price: number; priceBreaks: readonly { minQuantity: number; price: number }[] };

/**
 * What a quick order's lines come to, in dollars, as the server will charge them: each line's
 * quantity at the unit price its quantity reaches (price breaks), of the member's contract price
 * where there is one (decision 0057). Null until every line names a part found, with a quantity:
 * an estimate of some lines only would say too little (it says whether the order waits for
 * approval, decision 0067).
 */
export function quickOrderTotal(
  lines: readonly QuickOrderLine[],
  checks: ReadonlyMap<string, NumberCheck>,
  contracts: ReadonlyMap<string, ContractPrice>,
): number | null {
  if (lines.length === 0) return null;
  let cents = 0;
  for (const line of lines) {
    const check = checks.get(line.partNumber);
    if (line.problem || line.quantity === null || check?.state !== 'found') return null;
    const part = check.answer.part;
    const base: Priced = contracts.get(part._id) ?? part;
    const priced = {
      priceCents: Math.round(base.price * 100),
      priceBreaks: base.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: Math.round(b.price * 100) })),
    };
    cents += unitPriceCentsFor(priced, line.quantity) * line.quantity;
  }
  return cents / 100;
}
