import type { CartLine } from '@fridgeparts/common/cart';

/**
 * What the checkout's Parts row counts: the lines checkout would order, as the cart's sales tax
 * counts them (functions tax/cart-tax.ts: a price and no problem), so Parts + core deposits +
 * shipping + tax is the total of the same lines. A line the server would refuse as it stands
 * (discontinued, more than the stock and not backordered, below the minimum, gone) is left out, and
 * counted in `left` so the row says so. `deposits` are those lines' core deposits (decision 0088:
 * charged with them, and taxed as their own line items), `charged` the parts and deposits together.
 * Summed in cents, as the server sums them.
 */
export function countedParts(lines: readonly Pick<CartLine, 'lineTotal' | 'problem' | 'coreDeposit'>[]): {
  parts: number;
  deposits: number;
  charged: number;
  left: number;
} {
  let cents = 0;
  let depositCents = 0;
  let left = 0;
  for (const l of lines) {
    if (l.lineTotal === null || l.problem !== null) left++;
    else {
      cents += Math.round(l.lineTotal * 100);
      depositCents += Math.round(l.coreDeposit * 100);
    }
  }
  return { parts: cents / 100, deposits: depositCents / 100, charged: (cents + depositCents) / 100, left };
}
