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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as the shop shows them: "$1,234.50". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** A JSON dollar amount as the shop shows it. */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
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
