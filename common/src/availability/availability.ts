import { DEFAULT_LEAD_TIME_DAYS } from '../shipping/parcel';
import { DEFAULT_CUTOFF, isWorkingDay, localClock, nextWorkingDay, shipsOn as shipDateAt, type ShipCutoff } from '../shipping/ship-dates';

/**
 * A tool's availability as every tool answer carries it (CONTRACT §14, decision 0077): worked out
 * on the server at answer time from the stock the answer already holds, so it costs no read.
 */

export const AVAILABILITY_STATUSES = ['in_stock', 'backorder', 'discontinued'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export interface Availability {
  /** `discontinued` for a replaced tool; `in_stock` while any is in stock; `backorder` otherwise. */
  status: AvailabilityStatus;
  /** How many can be ordered from stock now (never below 0). */
  available: number;
  /** YYYY-MM-DD: the day an order placed now leaves (for a backorder, the first working day once more is expected). */
  shipsOn: string;
  /** YYYY-MM-DD: when more is expected; on every backorder, and on a tool in stock when the admin expects a delivery. */
  restockOn?: string;
}

/** Stock the admin expects: how many and on which day (YYYY-MM-DD, the shop's calendar). */
export interface RestockRow {
  quantity: number;
  expectedOn: string;
}

/** At most this many expected deliveries per tool. */
export const MAX_RESTOCK_ROWS = 10;

/** What availability reads from a tool: its stock, whether it is replaced, its lead time and expected deliveries. */
export interface AvailabilityFacts {
  availableQuantity: number;
  discontinued: boolean;
  leadTimeDays?: number | null;
  restock?: readonly RestockRow[] | null;
  /** Open backorders (decision 0080): they take arriving stock first, so the tool says backorder while any wait. */
  backorderedQuantity?: number | null;
}

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight of a YYYY-MM-DD that names a real day, or null ("2026-02-30", "26-1-1" are not). */
export function dayTime(text: string): number | null {
  const m = DAY.exec(text);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === text ? t : null;
}

/** `days` calendar days after the YYYY-MM-DD `date`. */
export function addCalendarDays(date: string, days: number): string {
  const t = dayTime(date);
  if (t === null) throw new Error(`Not a date (YYYY-MM-DD): ${date}`);
  return new Date(t + days * DAY_MS).toISOString().slice(0, 10);
}

/** The shop's today (YYYY-MM-DD) at `now`, in the cut-off's time zone. */
export const shopToday = (now: Date, cutoff: ShipCutoff = DEFAULT_CUTOFF): string => localClock(now, cutoff.timeZone).date;

/** The first working day on or after `date`. */
const workingDayFrom = (date: string): string => (isWorkingDay(date) ? date : nextWorkingDay(date));

/**
 * The tool's availability at `now` (pure: the clock and the cut-off are arguments). `restockOn` is
 * the earliest expected delivery not before today, else today + lead time; a delivery whose day
 * has passed is late and no longer counted. A backorder ships on the first working day from then.
 */
export function availabilityOf(tool: AvailabilityFacts, now: Date, cutoff: ShipCutoff = DEFAULT_CUTOFF): Availability {
  return availabilityOn(tool, shopDayAt(now, cutoff));
}

/** The two days availability reads from the clock: the shop's today and the day an order placed now leaves. */
export interface ShopDay {
  today: string;
  shipsOn: string;
}

/** The shop's day at `now`: worked out once per answer, however many tools it holds (the clock's formatting is the costly part). */
export const shopDayAt = (now: Date, cutoff: ShipCutoff = DEFAULT_CUTOFF): ShopDay => ({ today: shopToday(now, cutoff), shipsOn: shipDateAt(now, cutoff) });

/** availabilityOf on a day already worked out. */
export function availabilityOn(tool: AvailabilityFacts, { today, shipsOn: shipsToday }: ShopDay): Availability {
  const available = Math.max(0, Math.trunc(tool.availableQuantity) || 0);
  const expected = (tool.restock ?? [])
    .map((r) => r.expectedOn)
    .filter((d) => dayTime(d) !== null && d >= today)
    .sort()[0];
  if (tool.discontinued) return { status: 'discontinued', available, shipsOn: shipsToday };
  const waiting = (tool.backorderedQuantity ?? 0) > 0;
  if (available > 0 && !waiting) return { status: 'in_stock', available, shipsOn: shipsToday, ...(expected ? { restockOn: expected } : {}) };
  const lead = tool.leadTimeDays ?? DEFAULT_LEAD_TIME_DAYS;
  const restockOn = expected ?? addCalendarDays(today, Number.isSafeInteger(lead) && lead >= 0 ? lead : DEFAULT_LEAD_TIME_DAYS);
  const fromRestock = workingDayFrom(restockOn);
  return { status: 'backorder', available, shipsOn: fromRestock > shipsToday ? fromRestock : shipsToday, restockOn };
}

/** The stored rows field by field (nothing else reaches the store or the API). */
export const restockFields = (rows: readonly RestockRow[] | null | undefined = []): RestockRow[] =>
  (rows ?? []).map((r) => ({ quantity: r.quantity, expectedOn: r.expectedOn }));

/**
 * The day a backorder is expected (CONTRACT §14, decision 0080): `position` is how many units are
 * waiting up to and including this line (open backorders of the tool before it, then its own). The
 * first expected delivery (not before today) whose running total covers it, else today + lead time,
 * but never before the last expected delivery.
 */
export function backorderExpectedOn(tool: Pick<AvailabilityFacts, 'leadTimeDays' | 'restock'>, position: number, today: string): string {
  let covered = 0;
  const rows = (tool.restock ?? [])
    .filter((r) => dayTime(r.expectedOn) !== null && r.expectedOn >= today)
    .sort((a, b) => (a.expectedOn < b.expectedOn ? -1 : a.expectedOn > b.expectedOn ? 1 : 0));
  for (const r of rows) {
    covered += r.quantity;
    if (covered >= position) return r.expectedOn;
  }
  const lead = tool.leadTimeDays ?? DEFAULT_LEAD_TIME_DAYS;
  const made = addCalendarDays(today, Number.isSafeInteger(lead) && lead >= 0 ? lead : DEFAULT_LEAD_TIME_DAYS);
  // Past every expected delivery: what is made then, never before the last delivery expected (a
  // later place in the queue is never promised an earlier day).
  const last = rows.at(-1)?.expectedOn;
  return last !== undefined && last > made ? last : made;
}
