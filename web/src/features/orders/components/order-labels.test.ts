import { describe, expect, it } from 'vitest';
import { bookingFixture, lineFixture } from '../../../test-support/fixtures';
import { itemsSummary, totalQuantity } from './order-labels';

const line = (name: string, quantity: number) => lineFixture({ toolId: name, partNumber: null, name, quantity, price: 1, lineTotal: quantity });

describe('order labels', () => {
  it('names the first item and how many lines follow it', () => {
    expect(itemsSummary(bookingFixture({ lineCount: 1 }))).toBe('Door Gasket');
    expect(itemsSummary(bookingFixture({ lineCount: 2 }))).toBe('Door Gasket + 1 more line');
    expect(itemsSummary(bookingFixture({ lineCount: 3 }))).toBe('Door Gasket + 2 more lines');
    expect(itemsSummary(bookingFixture({ lines: [line('Door Gasket', 1), line('Relay', 2)] }))).toBe('Door Gasket + 1 more line');
  });

  it('counts every unit of the order', () => {
    expect(totalQuantity(bookingFixture())).toBe(10);
    expect(totalQuantity(bookingFixture({ quantity: 10, lines: [line('a', 10), line('b', 5)] }))).toBe(15);
  });
});
