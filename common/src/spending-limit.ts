/**
 * The spending-limit rule (CONTRACT §10 "Approvals"), zod-free so the web's order forms can say
 * before the click what the server will decide at it: an order whose total is above the member's
 * spending limit waits for a company admin; no limit (null) never waits. Cents, as stored. The
 * total is the order's whole `totalCents` (make-order.ts companyOrderFields): its lines, core
 * deposits, shipping and sales tax (decision 0083), never the parts alone.
 */
export const needsApproval = (totalCents: number, spendingLimitCents: number | null): boolean => spendingLimitCents !== null && totalCents > spendingLimitCents;

/**
 * The server's words for such an order (payments.ts refuses to take a card for it with them), which
 * the order forms say before the click too: one sentence, so the two never drift apart.
 */
export const OVER_SPENDING_LIMIT_WORDS = 'This order is over your spending limit and waits for a company admin to approve it, so it can not be paid yet.';
