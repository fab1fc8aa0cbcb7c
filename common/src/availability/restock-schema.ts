import { z } from 'zod';
import { MAX_QUANTITY } from '../constants';
import { wholeNumber } from '../strict';
import { dayTime, MAX_RESTOCK_ROWS, shopToday, type RestockRow } from './availability';

const RESTOCK_QUANTITY_MESSAGE = `Restock quantity must be a whole number from 1 to ${MAX_QUANTITY}`;
const EXPECTED_ON_MESSAGE = 'Expected on must be a day like 2026-12-14';
export const EXPECTED_PAST_MESSAGE = 'Expected on can not be in the past';

/**
 * One expected delivery as an admin sets it (PATCH /manage/{id}, the product form): a quantity
 * (JSON number or the form's text) and a real YYYY-MM-DD not before the shop's today.
 */
export const restockRowSchema = z.strictObject({
  quantity: wholeNumber(RESTOCK_QUANTITY_MESSAGE, { min: 1, max: MAX_QUANTITY }),
  expectedOn: z
    .string({ error: EXPECTED_ON_MESSAGE })
    .max(10, EXPECTED_ON_MESSAGE)
    .refine((v) => dayTime(v) !== null, EXPECTED_ON_MESSAGE)
    .refine((v) => dayTime(v) === null || v >= shopToday(new Date()), EXPECTED_PAST_MESSAGE),
});

/** A tool's expected deliveries: replaces the stored list (`[]` clears it), at most MAX_RESTOCK_ROWS, stored earliest first. */
export const restockSchema = z
  .array(restockRowSchema, { error: 'restock must be a list of { quantity, expectedOn }' })
  .max(MAX_RESTOCK_ROWS, `At most ${MAX_RESTOCK_ROWS} expected deliveries`)
  .transform((rows): RestockRow[] => [...rows].sort((a, b) => (a.expectedOn < b.expectedOn ? -1 : a.expectedOn > b.expectedOn ? 1 : 0)));
export type RestockInput = z.input<typeof restockSchema>;
