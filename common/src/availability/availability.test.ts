import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addCalendarDays, availabilityOf, shopToday } from './availability';
import { restockSchema, EXPECTED_PAST_MESSAGE } from './restock-schema';
import { DEFAULT_LEAD_TIME_DAYS } from '../shipping/parcel';
import { isWorkingDay, parseShipCutoff, shipsOn } from '../shipping/ship-dates';

// Friday Nov 27, 2026 in Chicago: 10:00 (before the 15:00 cut-off) and 16:00 (after).
const FRI_MORNING = new Date('2026-11-27T16:00:00Z');
const FRI_EVENING = new Date('2026-11-27T22:00:00Z');
const SAT = new Date('2026-11-28T16:00:00Z');

describe('availabilityOf', () => {
  it('is in stock, shipping today, before the cut-off on a working day', () => {
    expect(availabilityOf({ availableQuantity: 340, discontinued: false }, FRI_MORNING)).toEqual({ status: 'in_stock', available: 340, shipsOn: '2026-11-27' });
  });
  it('ships the next working day after the cut-off and at weekends', () => {
    expect(availabilityOf({ availableQuantity: 3, discontinued: false }, FRI_EVENING).shipsOn).toBe('2026-11-30');
    expect(availabilityOf({ availableQuantity: 3, discontinued: false }, SAT).shipsOn).toBe('2026-11-30');
  });
  it('follows the cut-off it is given', () => {
    const late = parseShipCutoff('17:00 America/Chicago');
    expect(availabilityOf({ availableQuantity: 3, discontinued: false }, FRI_EVENING, late).shipsOn).toBe('2026-11-27');
  });
  it('backorders at 0 with today + lead time (default 14, DEFAULT_LEAD_TIME_DAYS of shipping/parcel.ts)', () => {
    expect(DEFAULT_LEAD_TIME_DAYS).toBe(14);
    expect(availabilityOf({ availableQuantity: 0, discontinued: false }, FRI_MORNING)).toEqual({
      status: 'backorder',
      available: 0,
      shipsOn: '2026-12-11',
      restockOn: '2026-12-11',
    });
    // Dec 5 is a Saturday: it ships the Monday after.
    expect(availabilityOf({ availableQuantity: 0, discontinued: false, leadTimeDays: 8 }, FRI_MORNING)).toMatchObject({
      restockOn: '2026-12-05',
      shipsOn: '2026-12-07',
    });
  });
  it("takes the admin's earliest expected delivery not already past over the lead time", () => {
    const restock = [
      { quantity: 10, expectedOn: '2026-12-20' },
      { quantity: 5, expectedOn: '2026-12-03' },
      { quantity: 5, expectedOn: '2026-11-20' },
    ];
    expect(availabilityOf({ availableQuantity: 0, discontinued: false, restock, leadTimeDays: 30 }, FRI_MORNING)).toMatchObject({
      restockOn: '2026-12-03',
      shipsOn: '2026-12-03',
    });
    // In stock with a delivery expected: the date is said too.
    expect(availabilityOf({ availableQuantity: 2, discontinued: false, restock }, FRI_MORNING)).toMatchObject({ status: 'in_stock', restockOn: '2026-12-03' });
  });
  it('is discontinued for a replaced tool, whatever its stock', () => {
    expect(availabilityOf({ availableQuantity: 12, discontinued: true }, FRI_MORNING)).toEqual({
      status: 'discontinued',
      available: 12,
      shipsOn: '2026-11-27',
    });
  });
  it('never says less than 0 available', () => {
    expect(availabilityOf({ availableQuantity: -4, discontinued: false }, FRI_MORNING)).toMatchObject({ status: 'backorder', available: 0 });
  });

  it('property: status, dates and numbers always agree with the stock, the clock and ship-dates', () => {
    const day = fc.integer({ min: 0, max: 800 }).map((n) => addCalendarDays('2026-01-01', n));
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: -5, max: 100_000 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 365 }), { nil: undefined }),
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 1000 }), expectedOn: day }), { maxLength: 10 }),
        (now, stock, discontinued, leadTimeDays, restock) => {
          const a = availabilityOf({ availableQuantity: stock, discontinued, leadTimeDays, restock }, now);
          const today = shopToday(now);
          expect(a.available).toBe(Math.max(0, stock));
          expect(a.status).toBe(discontinued ? 'discontinued' : stock > 0 ? 'in_stock' : 'backorder');
          expect(isWorkingDay(a.shipsOn)).toBe(true);
          expect(a.shipsOn >= shipsOn(now)).toBe(true);
          if (a.status !== 'backorder') expect(a.shipsOn).toBe(shipsOn(now));
          else {
            const future = restock.map((r) => r.expectedOn).filter((d) => d >= today);
            const expected = future.length > 0 ? future.sort()[0] : addCalendarDays(today, leadTimeDays ?? 14);
            expect(a.restockOn).toBe(expected);
            expect(a.shipsOn >= a.restockOn!).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('restockSchema', () => {
  const today = shopToday(new Date());
  it('takes rows as JSON or the form text, earliest first', () => {
    const later = addCalendarDays(today, 9);
    expect(
      restockSchema.parse([
        { quantity: '20', expectedOn: later },
        { quantity: 5, expectedOn: today },
      ]),
    ).toEqual([
      { quantity: 5, expectedOn: today },
      { quantity: 20, expectedOn: later },
    ]);
  });
  it('refuses a past day, a day that does not exist, unknown keys and too many rows', () => {
    const past = restockSchema.safeParse([{ quantity: 1, expectedOn: addCalendarDays(today, -1) }]);
    expect(past.success || past.error.issues[0]!.message).toBe(EXPECTED_PAST_MESSAGE);
    expect(restockSchema.safeParse([{ quantity: 1, expectedOn: '2027-02-30' }]).success).toBe(false);
    expect(restockSchema.safeParse([{ quantity: 1, expectedOn: '14/12/2027' }]).success).toBe(false);
    expect(restockSchema.safeParse([{ quantity: 0, expectedOn: today }]).success).toBe(false);
    expect(restockSchema.safeParse([{ quantity: 1, expectedOn: today, note: 'x' }]).success).toBe(false);
    expect(restockSchema.safeParse(Array.from({ length: 11 }, () => ({ quantity: 1, expectedOn: today }))).success).toBe(false);
  });
});
