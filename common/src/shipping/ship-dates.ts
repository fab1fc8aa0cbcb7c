/**
 * When an order leaves and arrives (CONTRACT §14, decision 0075). The shop ships on weekdays; an
 * order placed on a weekday before the cut-off (`SHIP_CUTOFF`, default 15:00 America/Chicago)
 * ships that day, any other the next working day. Transit is counted in working days from the
 * ship date. Dates are the shop's local calendar days as `YYYY-MM-DD`; the cut-off is compared
 * in the shop's own zone, so a daylight-saving change moves it with the clock on the wall.
 */

export const SHIP_CUTOFF_DEFAULT = '15:00 America/Chicago';

export interface ShipCutoff {
  /** Minutes after local midnight (15:00 -> 900). */
  minutes: number;
  /** An IANA time zone the runtime knows. */
  timeZone: string;
}

const CUTOFF = /^([01]\d|2[0-3]):([0-5]\d) ([A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*)$/;
export const SHIP_CUTOFF_MESSAGE = 'SHIP_CUTOFF is HH:MM and an IANA time zone, like "15:00 America/Chicago"';

/** Strict: "15:00 America/Chicago"; not "3pm", "15:00", "25:00 UTC" or a zone the runtime does not know. Throws with SHIP_CUTOFF_MESSAGE. */
export function parseShipCutoff(text: string): ShipCutoff {
  const m = CUTOFF.exec(text);
  if (!m) throw new Error(`${SHIP_CUTOFF_MESSAGE}; got "${text}"`);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: m[3] });
  } catch {
    throw new Error(`${SHIP_CUTOFF_MESSAGE}; "${m[3]}" is not a time zone`);
  }
  return { minutes: Number(m[1]) * 60 + Number(m[2]), timeZone: m[3] };
}

export const DEFAULT_CUTOFF: ShipCutoff = parseShipCutoff(SHIP_CUTOFF_DEFAULT);

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock date (YYYY-MM-DD) and minutes after midnight at `now` in `timeZone`. */
export function localClock(now: Date, timeZone: string): { date: string; minutes: number } {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(now)) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new Error(`Not a date (YYYY-MM-DD): ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Monday to Friday. */
export function isWorkingDay(date: string): boolean {
  const weekday = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return weekday >= 1 && weekday <= 5;
}

/** `n` working days after `date` (0: the date itself). */
export function addWorkingDays(date: string, n: number): string {
  let day = dayNumber(date);
  for (let left = n; left > 0;) {
    day += 1;
    if (isWorkingDay(dateOf(day))) left -= 1;
  }
  return dateOf(day);
}

/** The first working day after `date`. */
export const nextWorkingDay = (date: string): string => addWorkingDays(date, 1);

/** The day an order placed at `now` leaves: today before the cut-off on a working day, else the next working day. */
export function shipsOn(now: Date, cutoff: ShipCutoff = DEFAULT_CUTOFF): string {
  const local = localClock(now, cutoff.timeZone);
  if (isWorkingDay(local.date) && local.minutes < cutoff.minutes) return local.date;
  return nextWorkingDay(local.date);
}

/** Stripe's delivery estimate as dates: `transitDays` working days after the ship date. */
export function deliveryEstimate(shipDate: string, transitDays: { min: number; max: number }): { minimum: string; maximum: string } {
  return { minimum: addWorkingDays(shipDate, transitDays.min), maximum: addWorkingDays(shipDate, transitDays.max) };
}
