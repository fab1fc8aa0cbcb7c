import { z } from './zod-setup';

/**
 * The fields every answer schema is made of (decision 0073): the answer schemas sit beside their
 * entity (company.schema.ts...) and openapi/response-schemas.ts names them in the document.
 */

export const isoTime = z.string().describe('ISO 8601 time');
/** Money on the wire: dollars with two decimals (cents inside, `...Cents`, decision 0073). */
export const dollars = z.number().describe('US dollars, two decimals');
