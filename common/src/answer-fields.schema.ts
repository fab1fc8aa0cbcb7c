import { z } from './zod-setup';
import { ERROR_STATUS } from './errors';
import { ALIAS_KINDS } from './search/part-alias';
import { AVAILABILITY_STATUSES } from './availability/availability';

/**
 * The fields every answer schema is made of (decision 0073): the answer schemas sit beside their
 * entity (company.schema.ts...) and openapi/response-schemas.ts names them in the document.
 */

export const isoTime = z.string().describe('ISO 8601 time');
/** Money on the wire: dollars with two decimals (cents inside, `...Cents`, decision 0073). */
export const dollars = z.number().describe('US dollars, two decimals');
/** A day of the shop's calendar (ship and delivery dates, availability). */
export const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('A day, YYYY-MM-DD');

// The small answers many entities carry (openapi/response-schemas.ts names each as a component).

const ERROR_CODES = Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]];

/** The one error body of the API (CONTRACT §4); the errors that carry more extend it. */
export const errorBodyAnswerSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional().describe('Each bad field (by path, e.g. lines.3.quantity) and what is wrong with it'),
    requestId: z.string().optional().describe('On `internal` only: the id of the log line'),
  }),
});
/** `requestId` (on `internal` only) is also in the function's log line for that error. */
export type ErrorBody = z.infer<typeof errorBodyAnswerSchema>;

/** How a number led to a part when not its own: an alias's kind, or a discontinued part's number. */
export const resolvedKindAnswerSchema = z.enum([...ALIAS_KINDS, 'discontinued']);
/** The number a line (or a callout) was ordered by, when not its own. */
export const resolvedFromAnswerSchema = z.object({ number: z.string(), kind: resolvedKindAnswerSchema });

/** CONTRACT §14: a part's availability, worked out when answered; dates in the shop calendar. */
export const availabilityAnswerSchema = z.object({
  status: z.enum(AVAILABILITY_STATUSES),
  available: z.number().int(),
  shipsOn: day,
  restockOn: day.optional(),
});

/** A part named by its id, number and name (a replacement, a suggestion, a callout's part to order). */
export const toolRefAnswerSchema = z.object({ _id: z.string(), partNumber: z.string(), name: z.string() });
