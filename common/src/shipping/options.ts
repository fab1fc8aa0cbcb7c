/**
 * `GET /shipping/options` (CONTRACT §14, decision 0075): the shipping a buyer may choose, cheapest
 * first, for one of three places: a company member's ship-to (`shipToId`), an address in the
 * query (`country`, `region`, `postalCode`) for anyone's cart, or a placed order (`bookingId`).
 * Exactly one of the three is given. The parts are the caller's stored cart, or `lines`
 * (`<toolId or part number>:<quantity>,...`) for a quick order or the booking modal; with
 * `bookingId`, the order's own lines. Zod-free (decision 0073): the query's schema is in
 * options.schema.ts, the answer in options.answers.ts.
 */

export const OPTIONS_WHERE_MESSAGE = 'Give exactly one of: shipToId; country with region and postalCode; bookingId';
export const OPTIONS_LINES_MESSAGE = 'lines is <toolId or part number>:<quantity>, comma separated, at most 50, like FP-THM-001:2,FP-CMP-134A-033:1';

export interface OptionsLine {
  /** A tool id or a part number, as given. */
  ref: string;
  quantity: number;
}
