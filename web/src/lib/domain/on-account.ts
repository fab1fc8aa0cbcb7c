import type { MyCompany } from '@fridgeparts/common/company.answers';
import { formatDollars } from '@fridgeparts/common/money';
import { needsApproval } from '@fridgeparts/common/spending-limit';
import { ApiError } from '../infra/api-client';

/**
 * How a company member's order is paid when their company buys on Net 30 terms (CONTRACT §10
 * "Pay on account", decisions 0058 and 0063): no card step, an invoice to the company. Here in lib/
 * because the cart's checkout, quick order and the booking modal (two features) all say so.
 */
export interface OnAccount {
  company: string;
  /** Dollars. */
  creditLimit: number;
  /** Dollars of the company's invoices not yet paid. */
  open: number;
  /** Dollars the company may still order on account: the limit less what is open, never below 0. */
  left: number;
}

/** The member's account terms from GET /me/company, or null when they pay by card (no company, or card terms). */
export function onAccountOf(mine: MyCompany | null | undefined): OnAccount | null {
  if (!mine || mine.company.terms !== 'net30') return null;
  // Cents inside: the difference of two dollar amounts is exact only as integers.
  const limitCents = Math.round((mine.company.creditLimit ?? 0) * 100);
  const openCents = Math.round(mine.company.openInvoiceTotal * 100);
  return {
    company: mine.company.name,
    creditLimit: limitCents / 100,
    open: openCents / 100,
    left: Math.max(limitCents - openCents, 0) / 100,
  };
}

/** "$24,500.00 of $25,000.00 credit left": what the buyer may still order on account. */
export const creditLeftText = (a: OnAccount): string => `${formatDollars(a.left)} of ${formatDollars(a.creditLimit)} credit left`;

/**
 * The server's refusal of an order that would pass the company's credit limit (409, decision
 * 0058): its message names the limit, the amount open and what is left. Any other 409 of an order
 * (there is none today) is shown the same way, since it too is about the order as a whole.
 */
export const creditRefusalOf = (err: unknown): string | null => (err instanceof ApiError && err.status === 409 ? err.message : null);

/** What an order form says of an order over the member's spending limit before the click (OverLimitNotice). */
export interface LimitHint {
  /** The member's limit per order, in dollars. */
  limit: number;
  /** The total the form knows, in dollars: with sales tax when `taxed`, else before it. */
  total: number;
  taxed: boolean;
}

/**
 * What the server will decide (CONTRACT §10, decision 0083): an order whose total with shipping
 * and sales tax is above the member's spending limit (dollars, from GET /me/company) waits for
 * approval, by its own rule in cents. The hint when `total` is above the limit; null when it is not,
 * or there is no limit (no company, none set) or no total yet. A total before sales tax (`taxed`
 * false) is the least the order comes to: above the limit, it waits for certain.
 */
export function overSpendingLimit(spendingLimit: number | null | undefined, total: number | null, taxed: boolean): LimitHint | null {
  if (spendingLimit === null || spendingLimit === undefined || total === null) return null;
  return needsApproval(Math.round(total * 100), Math.round(spendingLimit * 100)) ? { limit: spendingLimit, total, taxed } : null;
}
