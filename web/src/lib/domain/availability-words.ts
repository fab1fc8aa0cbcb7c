import { shopToday, type Availability } from '@fridgeparts/common/availability/availability';
import { dateFormat, SHOP_LOCALE } from './date-format';

/** A shop calendar day (YYYY-MM-DD) printed in UTC, so the viewer's own zone never moves it a day. */
const weekdayDay = dateFormat(SHOP_LOCALE, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthDay = dateFormat(SHOP_LOCALE, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * A tool's availability in words (CONTRACT §14), the same on the tool page, the catalogue, the
 * search bar, the model page and the cart: "In stock: 340, ships today", "In stock: 3, ships Mon,
 * Dec 1", "Backorder: ships about Dec 14", "Discontinued". `now` says which day is today in the
 * shop's calendar (the server's `shipsOn` is already the shop's day).
 */
export function availabilityWords(a: Availability, now: Date = new Date()): string {
  if (a.status === 'discontinued') return 'Discontinued';
  if (a.status === 'backorder') return `Backorder: ships about ${monthDay.format(utcDay(a.shipsOn))}`;
  const when = a.shipsOn === shopToday(now) ? 'today' : weekdayDay.format(utcDay(a.shipsOn));
  return `In stock: ${a.available.toLocaleString(SHOP_LOCALE)}, ships ${when}`;
}
