import { overSpendingLimit, type LimitHint } from '../../../lib/domain/on-account';

/**
 * Sales tax can add at most this to an order (basis points): above any US state and local rate
 * combined (the highest are about 11.5%, a few towns 13.5%). Only a bound for the "may wait"
 * hint: the shop holds no table of rates (decision 0083), Stripe's calculation is the tax.
 */
export const SALES_TAX_CEILING_BP = 1500;

/** over: the server will place the order waiting for approval; may: only the sales tax still to come can take it over. */
export type BeforeTaxHint = LimitHint & { kind: 'over' | 'may' };

/**
 * Quick order and the booking modal know an order's total only before sales tax, which the server
 * adds before it compares the total with the member's spending limit (decision 0083). Above the
 * limit already: it waits for certain. Within it, but not by the most the tax could add: it may.
 * Well within it, or no limit, or no total yet: null.
 */
export function limitHintBeforeTax(spendingLimit: number | null | undefined, total: number | null): BeforeTaxHint | null {
  const over = overSpendingLimit(spendingLimit, total, false);
  if (over || total === null) return over && { ...over, kind: 'over' };
  const cents = Math.round(total * 100);
  const most = overSpendingLimit(spendingLimit, (cents + Math.ceil((cents * SALES_TAX_CEILING_BP) / 10_000)) / 100, false);
  return most && { ...most, total, kind: 'may' };
}
