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
