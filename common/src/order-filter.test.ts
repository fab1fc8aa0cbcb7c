import { describe, expect, it } from 'vitest';
import { allOrdersQuerySchema, orderFilterSchema } from './booking';
import { FIRST_FILTER_DAY, LAST_FILTER_DAY } from './constants';

/** CONTRACT §13: date filters name whole UTC days whose start and end Firestore can store. */
const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe.each([
  ['the export filter', orderFilterSchema],
  ['the Manage All Orders query', allOrdersQuerySchema],
])('%s', (_label, schema) => {
  it('takes the first and last storable days, and days of years 1 to 99 as written', () => {
    expect(FIRST_FILTER_DAY).toBe('0001-01-01');
    expect(LAST_FILTER_DAY).toBe('9999-12-30');
    for (const day of ['0001-01-01', '0099-12-31', '1970-01-01', '2026-06-01', '9999-12-30']) {
      expect(schema.safeParse({ from: day, to: day }).success, day).toBe(true);
    }
  });

  it.each(['0000-01-01', '0000-12-31', '9999-12-31'])('refuses %s, naming the days it takes', (day) => {
    for (const q of [{ from: day }, { to: day }, { from: day, to: day }]) {
      const r = schema.safeParse(q);
      expect(r.success).toBe(false);
      expect(messageOf(r)).toMatch(/must be a day from 0001-01-01 to 9999-12-30/);
    }
  });

  it.each(['10000-01-01', '2026-02-30', '2026-13-01', '-0001-01-01', '2026-6-1', '+002026-06-01'])('refuses %s as no date', (day) => {
    const r = schema.safeParse({ to: day });
    expect(r.success).toBe(false);
    expect(messageOf(r)).toBe('to must be a date like 2026-06-01');
  });
});
