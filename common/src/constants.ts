/** Business constants shared by the web app, the function and the tests (SPEC §9). */

/** Name of the Firebase Auth custom claim that makes a user an admin. Defined once (STYLE habit 8). */
export const ADMIN_CLAIM = 'admin' as const;

export const PASSWORD_MIN_LENGTH = 6;

/** The name shown and stored for an account whose display name is missing or not fit to show (user.ts displayNameOf). */
export const DISPLAY_NAME_FALLBACK = 'Customer';
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Home page: how many of the newest tools are shown as cards. */
export const HOME_TOOL_COUNT = 6;

export const TOAST_AUTO_CLOSE_MS = 5000;

/** Default and maximum page sizes for server-side pagination. */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

/**
 * Where a booking is in its life. States only move forward: reserved -> paid -> shipped,
 * paid -> refunded, reserved -> expired (CONTRACT §5, §7); a company order over its buyer's
 * spending limit starts awaiting-approval -> reserved, declined or expired (CONTRACT §10, decision
 * 0056); a net30 company's order is placed (or approved) confirmed -> paid or shipped (decision
 * 0058); shipments (CONTRACT §14, decision 0079) move paid or confirmed -> partially-shipped ->
 * shipped -> delivered, derived from the lines' shipped quantities. Here, not in booking.ts, so a page can list them (the Manage All Orders filter) without
 * loading zod; booking.ts re-exports them. New states are appended, never inserted.
 */
export const BOOKING_STATES = [
  'reserved',
  'paid',
  'shipped',
  'refunded',
  'expired',
  'awaiting-approval',
  'declined',
  'confirmed',
  'partially-shipped',
  'delivered',
  'returned',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** Lines per order and per quick order (CONTRACT §7, §8); the quick order form counts them as typed, without zod. */
export const QUICK_ORDER_MAX_LINES = 50;

/** Upper bounds that keep a single order sane (money stays well inside Number.MAX_SAFE_INTEGER cents). */
export const MAX_PRICE_CENTS = 100_000_000; // 1,000,000 dollars per unit
export const MAX_QUANTITY = 1_000_000;

/**
 * The totals a card can be charged (CONTRACT §13): Stripe refuses a USD charge under $0.50 or over
 * $999,999.99 (and so does the local double). An order outside them could never be paid, so it is
 * refused before any stock moves (order-total.ts payableTotalProblem, used by every order path).
 */
/**
 * The days a date filter of Manage All Orders and the orders export may name (CONTRACT §13):
 * whole UTC days whose start and end Firestore can store (its Timestamps run from
 * 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z, and a day's end is the next midnight).
 * Anything outside is 400, never a 500.
 */
export const FIRST_FILTER_DAY = '0001-01-01';
export const LAST_FILTER_DAY = '9999-12-30';

export const MIN_ORDER_TOTAL_CENTS = 50;
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

export const PROMOTIONS = {
  freeShippingUpToDollars: 6000,
  discountPercent: 5,
  discountUntil: '26 June',
} as const;

export const STATISTICS = [
  { value: '100+', label: 'Customers' },
  { value: '120M+', label: 'Annual revenue' },
  { value: '33k+', label: 'Reviews' },
  { value: '60+', label: 'Tools' },
] as const;

/** Demo accounts created by the seed (CONTRACT §1). Local stack only. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@fridgeparts.test', password: 'admin-demo-2026', displayName: 'Avery Admin' },
  customer: { email: 'customer@fridgeparts.test', password: 'customer-demo-2026', displayName: 'Casey Customer' },
} as const;

/**
 * The seed's demo company (CONTRACT §10, decision 0059): a Net 30 trade account with a company
 * admin and a buyer, each a verified demo account. Apart from DEMO_ACCOUNTS, whose every role the
 * e2e tier signs in once at its start; the company's people are signed in only where a spec needs them.
 */
export const DEMO_COMPANY = {
  id: 'demo-northwind',
  name: 'Northwind Refrigeration Service',
  creditLimitCents: 2_500_000,
  companyAdmin: { email: 'office@northwind.test', password: 'northwind-admin-2026', displayName: 'Nora Office' },
  buyer: { email: 'tech@northwind.test', password: 'northwind-buyer-2026', displayName: 'Theo Technician' },
  buyerSpendingLimitCents: 50_000,
} as const;

/** The seller named on purchase orders and invoices (GET /booking/{id}/document, CONTRACT §7). */
export const SHOP = {
  name: 'FridgeParts',
  legalName: 'FridgeParts Supply Co.',
  addressLines: ['400 Compressor Way', 'Springfield, IL 62701', 'United States'],
  email: 'orders@fridgeparts.test',
} as const;

/** Decision 0088: `CORE_RETURN_DAYS` when not configured, the days after a line's last shipment its cores are due back. */
export const DEFAULT_CORE_RETURN_DAYS = 60;
