import { formatWholeDollars } from './money';

/**
 * Buying as a company (CONTRACT §10, decision 0055): a company, its ship-to locations, its people
 * (company admins and buyers) and the invitations that make them members. Amounts are dollars in
 * JSON and integer cents inside, as everywhere in the shop.
 *
 * This module is zod-free (decision 0073): the bounds, roles, terms and messages, which the web
 * reads on its first load. The schemas, and the answer types written as their `z.infer`, are in
 * company.schema.ts, which the web imports as types only (its forms load it lazily).
 */

/** The bounds of a company (decision 0055): every list in a company answer is bounded by these. */
export const COMPANY_LIMITS = {
  nameLength: 120,
  labelLength: 60,
  addressLineLength: 100,
  cityLength: 60,
  regionLength: 60,
  postalCodeLength: 20,
  /** Ship-to locations per company. */
  shipTo: 20,
  /** Members and pending invitations together, so every invited person can still join. */
  people: 50,
  /** $10,000,000: far above any trade account, well inside safe integers. */
  creditLimitCents: 1_000_000_000,
  /** $1,000,000 per order, the most a card order may total too (MAX_ORDER_TOTAL_CENTS). */
  spendingLimitCents: 100_000_000,
} as const;

export const COMPANY_ROLES = ['company-admin', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_TERMS = ['card', 'net30'] as const;
export type CompanyTerms = (typeof COMPANY_TERMS)[number];

/** GET /me/company for someone in no company (CONTRACT §10: 200, not 404): the answer's `NoCompany`. */
export const NO_COMPANY = { company: null, role: null, spendingLimit: null } as const;

const dollarsText = (cents: number) => formatWholeDollars(cents / 100);

export const CREDIT_LIMIT_MESSAGE = `Credit limit must be an amount in dollars above 0 and at most ${dollarsText(COMPANY_LIMITS.creditLimitCents)}, like 25000.00`;
export const SPENDING_LIMIT_MESSAGE = `Spending limit must be null (no limit) or an amount in dollars from 0 to ${dollarsText(COMPANY_LIMITS.spendingLimitCents)}, like 2500.00`;

/** A ship-to id the shop gave: `s` and a number. */
export const SHIP_TO_ID = /^s[1-9]\d{0,8}$/;

export const NET30_NEEDS_LIMIT = 'A net30 company needs a creditLimit in dollars';
export const CARD_HAS_NO_LIMIT = 'Only net30 companies have a credit limit: leave creditLimit out (or null) for card terms';
