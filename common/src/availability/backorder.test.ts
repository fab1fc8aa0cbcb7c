import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addCalendarDays, availabilityOf, backorderExpectedOn } from './availability';

const FRI_MORNING = new Date('2026-11-27T16:00:00Z');
const TODAY = '2026-11-27';

describe('backorderExpectedOn (decision 0080)', () => {
  const restock = [
    { quantity: 5, expectedOn: '2026-12-01' },
    { quantity: 20, expectedOn: '2026-12-07' },
  ];
  it('is the first expected delivery whose running total covers the place in the queue', () => {
    expect(backorderExpectedOn({ restock }, 1, TODAY)).toBe('2026-12-01');
    expect(backorderExpectedOn({ restock }, 5, TODAY)).toBe('2026-12-01');
    expect(backorderExpectedOn({ restock }, 6, TODAY)).toBe('2026-12-07');
    expect(backorderExpectedOn({ restock }, 25, TODAY)).toBe('2026-12-07');
  });
  it('falls back to today + lead time past every expected delivery, or with none', () => {
    expect(backorderExpectedOn({ restock, leadTimeDays: 10 }, 26, TODAY)).toBe(addCalendarDays(TODAY, 10));
    expect(backorderExpectedOn({}, 1, TODAY)).toBe(addCalendarDays(TODAY, 14));
  });
  it('ignores late deliveries and reads the rows in date order', () => {
    const rows = [
      { quantity: 50, expectedOn: '2026-12-20' },
      { quantity: 50, expectedOn: '2026-11-20' },
      { quantity: 2, expectedOn: '2026-12-02' },
    ];
    expect(backorderExpectedOn({ restock: rows }, 2, TODAY)).toBe('2026-12-02');
    expect(backorderExpectedOn({ restock: rows }, 3, TODAY)).toBe('2026-12-20');
  });
  it('past every expected delivery, is never before the last one (lead time shorter than the wait)', () => {
    const restock = [
      { quantity: 67, expectedOn: TODAY },
      { quantity: 8, expectedOn: addCalendarDays(TODAY, 15) },
    ];
    expect(backorderExpectedOn({ restock, leadTimeDays: 14 }, 75, TODAY)).toBe(addCalendarDays(TODAY, 15));
    expect(backorderExpectedOn({ restock, leadTimeDays: 14 }, 76, TODAY)).toBe(addCalendarDays(TODAY, 15));
    expect(backorderExpectedOn({ restock, leadTimeDays: 30 }, 76, TODAY)).toBe(addCalendarDays(TODAY, 30));
  });

  it('never moves earlier as the place in the queue grows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 30 }), day: fc.integer({ min: 0, max: 40 }) }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 200 }),
        (rows, place) => {
          const restock = rows.map((r) => ({ quantity: r.quantity, expectedOn: addCalendarDays(TODAY, r.day) }));
          expect(backorderExpectedOn({ restock }, place + 1, TODAY) >= backorderExpectedOn({ restock }, place, TODAY)).toBe(true);
        },
      ),
    );
  });
});

describe('availability with open backorders', () => {
  it('says backorder while backorders wait, counting the stock only in available', () => {
    expect(availabilityOf({ availableQuantity: 3, discontinued: false, backorderedQuantity: 4 }, FRI_MORNING)).toMatchObject({
      status: 'backorder',
      available: 3,
    });
    expect(availabilityOf({ availableQuantity: 3, discontinued: false, backorderedQuantity: 0 }, FRI_MORNING)).toMatchObject({
      status: 'in_stock',
      available: 3,
    });
  });
});
