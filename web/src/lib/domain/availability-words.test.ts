import { describe, expect, it } from 'vitest';
import { availabilityOf } from '@fridgeparts/common/availability/availability';
import { availabilityWords } from './availability-words';

// Friday Nov 27, 2026: 10:00 and 16:00 in Chicago (before and after the 15:00 cut-off).
const FRI_MORNING = new Date('2026-11-27T16:00:00Z');
const FRI_EVENING = new Date('2026-11-27T22:00:00Z');

describe('availabilityWords', () => {
  it('says ships today before the cut-off', () => {
    expect(availabilityWords(availabilityOf({ availableQuantity: 340, discontinued: false }, FRI_MORNING), FRI_MORNING)).toBe('In stock: 340, ships today');
  });
  it('names the next working day after the cut-off', () => {
    expect(availabilityWords(availabilityOf({ availableQuantity: 3, discontinued: false }, FRI_EVENING), FRI_EVENING)).toBe('In stock: 3, ships Mon, Nov 30');
  });
  it('groups thousands', () => {
    expect(availabilityWords({ status: 'in_stock', available: 1850, shipsOn: '2026-11-27' }, FRI_MORNING)).toBe('In stock: 1,850, ships today');
  });
  it('says about when a backorder ships', () => {
    const a = availabilityOf({ availableQuantity: 0, discontinued: false, restock: [{ quantity: 50, expectedOn: '2026-12-14' }] }, FRI_MORNING);
    expect(availabilityWords(a, FRI_MORNING)).toBe('Backorder: ships about Dec 14');
  });
  it('says discontinued', () => {
    expect(availabilityWords({ status: 'discontinued', available: 4, shipsOn: '2026-11-27' }, FRI_MORNING)).toBe('Discontinued');
  });
  it('prints the shop day whatever the viewer zone: the day is formatted in UTC', () => {
    expect(availabilityWords({ status: 'backorder', available: 0, shipsOn: '2026-12-01', restockOn: '2026-12-01' }, FRI_MORNING)).toBe(
      'Backorder: ships about Dec 1',
    );
  });
});
