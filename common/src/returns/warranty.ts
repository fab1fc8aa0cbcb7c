/**
 * Warranty claims (CONTRACT §16's Warranty bullet, issue 47 slice 2, decision 0087). Zod-free:
 * the request's `warranty` schema is in returns.schema.ts, the answer in returns.answers.ts.
 *
 * A warranty return names every line `warranty` and describes the appliance; its approval ships a
 * replacement at no charge at once, and the failed part is due back within WARRANTY_RETURN_DAYS of
 * the approval, else the sweep charges the replacement (once).
 */

export const WARRANTY_LIMITS = { modelNumber: 40, serialNumber: 40, failure: 500 } as const;

/** `WARRANTY_RETURN_DAYS` when not configured: the days after approval the failed part is due. */
export const DEFAULT_WARRANTY_RETURN_DAYS = 30;

/** The 400 of a request mixing `warranty` with other reasons, or without the appliance. */
export const WARRANTY_ALL_LINES = 'A warranty claim names every line with the reason warranty; return other parts in a separate return';
export const WARRANTY_NEEDED = 'A warranty claim needs warranty: { modelNumber, serialNumber, installedOn, failure }';
export const WARRANTY_ONLY_FOR_CLAIMS = 'warranty is only sent with lines whose reason is warranty';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `s` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

/** The UTC day of `d`, YYYY-MM-DD. */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

/** The day the failed part is due: `days` after the approval's UTC day. */
export function failedPartDueOn(approvedAt: Date, days: number): string {
  const start = Date.UTC(approvedAt.getUTCFullYear(), approvedAt.getUTCMonth(), approvedAt.getUTCDate());
  return dayOf(new Date(start + days * 86_400_000));
}

/** Whether the failed part is late at `now`: its due day has passed (the due day itself is still in time). */
export const isPartLate = (dueOn: string, now: Date): boolean => dayOf(now) > dueOn;

/** `lineTax x quantity / lineQuantity`, rounded half away from zero (the original line's tax for fewer or more units). */
export function taxShare(lineTaxCents: number, quantity: number, lineQuantity: number): number {
  if (lineQuantity <= 0) return 0;
  const n = BigInt(lineTaxCents) * BigInt(quantity);
  const d = BigInt(lineQuantity);
  const abs = n < 0n ? -n : n;
  const q = (2n * abs + d) / (2n * d);
  return Number(n < 0n ? -q : q);
}
