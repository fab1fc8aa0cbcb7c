import { z } from './zod-setup';

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
