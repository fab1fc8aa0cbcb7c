/** What the shop formats dates with. */
export interface DateFormat {
  format(date: Date): string;
}

/**
 * An Intl.DateTimeFormat made on its first use rather than when its module loads. A page's first
 * Intl formatter loads the ICU data (20 ms on the test machine, about 100 ms on a mid-range phone,
 * in the task that makes it): a module every page loads must not make one, and a page pays for it
 * only when it shows a date. Money is formatted without Intl (common/src/money.ts).
 */
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): DateFormat {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat(locale, options)).format(date) };
}

/**
 * The shop's locale: a US shop, whose pages print a day one way ("Nov 28, 2026"), as the orders'
 * and reviews' lists do, not as an ISO day on some pages (decision 0067).
 */
export const SHOP_LOCALE = 'en-US';

/** A day as the shop prints it: "Nov 28, 2026". */
export const shopDayFormat = dateFormat(SHOP_LOCALE, { dateStyle: 'medium' });

/** A stored time's day as the shop prints it, or "—" when there is none (or it is not a time). */
export function shopDay(at: string | null | undefined): string {
  const d = at ? new Date(at) : null;
  return d && Number.isFinite(d.getTime()) ? shopDayFormat.format(d) : '—';
}

/** A calendar day (YYYY-MM-DD, the shop's own day) in short words: "Dec 3". Read as that day, in no zone. */
const calendarDayFormat = dateFormat(SHOP_LOCALE, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Dec 3" for "2026-12-03"; the text as given when it is no calendar day. */
export function shopCalendarDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? calendarDayFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))) : day;
}

/** The shop's own calendar day now (America/Chicago, where its cut-off is), as YYYY-MM-DD. */
const shopTodayFormat = dateFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' });
export const shopToday = (now = new Date()): string => shopTodayFormat.format(now);
