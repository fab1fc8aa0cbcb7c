import { MAX_ORDER_TOTAL_CENTS, MIN_ORDER_TOTAL_CENTS } from './constants';
import { formatCents } from './money';

/**
 * Why an order of this total (integer cents) can not be paid by card, naming the limit and the
 * total; null when it can (CONTRACT §13). One check for every path that makes an order.
 */
export function payableTotalProblem(totalCents: number): string | null {
  if (totalCents < MIN_ORDER_TOTAL_CENTS) {
    return `An order's total must be at least ${formatCents(MIN_ORDER_TOTAL_CENTS)} to be paid by card; this one is ${formatCents(totalCents)}. Add to the order and try again.`;
  }
  if (totalCents > MAX_ORDER_TOTAL_CENTS) {
    return `An order's total can be at most ${formatCents(MAX_ORDER_TOTAL_CENTS)} to be paid by card; this one is ${formatCents(totalCents)}. Split it into smaller orders.`;
  }
  return null;
}
