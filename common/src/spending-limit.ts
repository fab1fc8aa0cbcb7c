/**
 * The spending-limit rule (CONTRACT §10 "Approvals"), zod-free so the web's order forms can say
 * before the click what the server will decide at it: an order whose total is above the member's
 * spending limit waits for a company admin; no limit (null) never waits. Cents, as stored.
 */
export const needsApproval = (totalCents: number, spendingLimitCents: number | null): boolean => spendingLimitCents !== null && totalCents > spendingLimitCents;
