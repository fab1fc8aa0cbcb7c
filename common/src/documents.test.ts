import { describe, expect, it } from 'vitest';
import { bookingFromDoc, bookingStateOf, isoTime, reviewFromDoc, toolFromDoc, type BookingDoc } from './documents';

const at = (iso: string) => ({ toDate: () => new Date(iso) });

describe('document mappers', () => {
  it('a tool: cents to dollars, and documents from before CONTRACT §7 get its defaults', () => {
    const tool = toolFromDoc('t1', { name: 'Gasket', description: 'd', image: '/i.svg', priceCents: 2575, minimumQuantity: 10, availableQuantity: 40, createdAt: at('2026-01-02T03:04:05.000Z') });
    expect(tool).toEqual({ _id: 't1', name: 'Gasket', description: 'd', image: '/i.svg', price: 25.75, minimumQuantity: 10, availableQuantity: 40, partNumber: '', packSize: 1, priceBreaks: [], createdAt: '2026-01-02T03:04:05.000Z' });
    expect(toolFromDoc('t2', { name: 'n', description: 'd', image: 'i', priceCents: 100, minimumQuantity: 1, availableQuantity: 1, priceBreaks: [{ minQuantity: 25, priceCents: 95 }] }).priceBreaks).toEqual([{ minQuantity: 25, price: 0.95 }]);
  });

  it('a review is a verified buyer only when the server said so', () => {
    expect(reviewFromDoc('r1', { userName: 'A', image: 'i', review: 5, description: 'ok' })).toMatchObject({ toolId: null, verifiedBuyer: false, createdAt: new Date(0).toISOString() });
    expect(reviewFromDoc('r2', { userName: 'A', image: 'i', review: 5, description: 'ok', toolId: 't', verifiedBuyer: true }).verifiedBuyer).toBe(true);
  });

  it('a booking: money in dollars, and the state of documents written before `state` existed', () => {
    const stored: BookingDoc = {
      uid: 'u', email: 'e@x.test', userName: 'E', toolId: 't', name: 'Gasket', unitPriceCents: 2300, quantity: 100, totalCents: 230000,
      itemMinimumQuantity: 10, itemAvailableQuantity: 500, phone: 'p', address: 'a', paid: false, transactionId: null, paymentIntentId: null, status: null,
      createdAt: at('2026-03-01T00:00:00.000Z'),
    };
    expect(bookingFromDoc('b1', stored)).toMatchObject({ _id: 'b1', price: 23, total: 2300, state: 'reserved', orderNumber: '', poNumber: null });
    expect(bookingStateOf({ ...stored, paid: true })).toBe('paid');
    expect(bookingStateOf({ ...stored, status: 'shipped' })).toBe('shipped');
    expect(bookingStateOf({ ...stored, state: 'refunded', paid: true })).toBe('refunded');
    expect(bookingFromDoc('b1', stored, { minimumQuantity: 20, availableQuantity: 7 })).toMatchObject({ itemMinimumQuantity: 20, itemAvailableQuantity: 7 });
  });

  it('a missing time reads as the epoch', () => {
    expect(isoTime(undefined)).toBe('1970-01-01T00:00:00.000Z');
  });
});
