import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { BookingDoc } from '../data/firestore';
import { bookingFromDoc, isSettled } from '@fridgeparts/common/documents/bookings';

const stored: BookingDoc = {
  uid: 'u1',
  email: 'casey@example.test',
  userName: 'Casey',
  toolId: 't1',
  name: 'Door Gasket',
  unitPriceCents: 1999,
  quantity: 3,
  totalCents: 5997,
  itemMinimumQuantity: 2,
  itemAvailableQuantity: 7,
  phone: '+1 555 010 2030',
  address: '1 Main St, Springfield',
  paid: false,
  transactionId: null,
  paymentIntentId: 'pi_secret_stays_inside',
  status: null,
  createdAt: Timestamp.fromMillis(Date.UTC(2026, 10, 1)),
};

describe('bookingFromDoc', () => {
  it('answers dollars with exact cents and hides internal fields', () => {
    const b = bookingFromDoc('b1', stored);
    expect(b).toMatchObject({ _id: 'b1', price: 19.99, total: 59.97, quantity: 3, paid: false, transactionId: null, status: null });
    expect(b.createdAt).toBe('2026-11-01T00:00:00.000Z');
    expect(b).not.toHaveProperty('uid');
    expect(b).not.toHaveProperty('paymentIntentId');
    expect(b).not.toHaveProperty('unitPriceCents');
  });
  it('shows the tool’s current quantities when given, else the snapshot', () => {
    expect(bookingFromDoc('b1', stored, { minimumQuantity: 4, availableQuantity: 40 })).toMatchObject({ itemMinimumQuantity: 4, itemAvailableQuantity: 40 });
    expect(bookingFromDoc('b1', stored)).toMatchObject({ itemMinimumQuantity: 2, itemAvailableQuantity: 7 });
  });
});

describe('isSettled', () => {
  it('is true once paid or a transaction id is recorded', () => {
    expect(isSettled({ paid: false, transactionId: null })).toBe(false);
    expect(isSettled({ paid: true, transactionId: null })).toBe(true);
    expect(isSettled({ paid: false, transactionId: 'pi_1' })).toBe(true);
  });
});
