/**
 * Money is integer cents everywhere inside the system; JSON carries dollars with at most two
 * decimals (CONTRACT §3). These helpers are the only place that converts between the two.
 */

const DOLLARS_PATTERN = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/;

/**
 * Parses a dollar amount given as text ("12", "12.5", "12.50") or as a number into cents,
 * without floating-point arithmetic on the text path. Returns null when it is not a
 * non-negative amount with at most two decimals.
 */
export function dollarsToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  const match = DOLLARS_PATTERN.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Cents to a JSON dollar amount (a number with at most two decimals). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** 1234567 as "1,234,567". */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Cents as the shop shows them: "$1,234.50", "-$0.75", exactly as
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes them (money.test.ts
 * holds the two equal), but without Intl: the first Intl formatter a page creates loads the ICU
 * data, 20 ms on this machine and about 100 ms on a mid-range phone, in the task that creates it,
 * and every page shows money.
 */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}$${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** A JSON dollar amount (at most two decimals) as the shop shows it. */
export function formatDollars(dollars: number): string {
  return formatCents(Math.round(dollars * 100));
}

/** Whole dollars without cents: "$6,000" (the promotions). */
export function formatWholeDollars(dollars: number): string {
  return `$${groupThousands(Math.round(dollars))}`;
}

/** Unit price x quantity, exact in integer cents. */
export function lineTotalCents(unitPriceCents: number, quantity: number): number {
  if (!Number.isSafeInteger(unitPriceCents) || !Number.isSafeInteger(quantity)) {
    throw new RangeError('Money and quantities must be whole numbers');
  }
  const total = unitPriceCents * quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError('Order total is too large');
  return total;
}
