import { describe, expect, it } from 'vitest';
import { bookingFromDoc, bookingStateOf, isSettled, reservedBookingDoc, type BookingDoc } from './bookings';

const at = (iso: string) => ({ toDate: () => new Date(iso) });

const line = {
  buyer: { uid: 'u1', email: 'casey@example.test', name: 'Casey' },
  toolId: 'gasket',
  tool: { name: 'Door Gasket', partNumber: 'FP-GSK-096', minimumQuantity: 10 },
  quantity: 100,
  plan: { unitPriceCents: 2300, totalCents: 230000 },
  remaining: 400,
  contact: { phone: '+1 555 010 2030', address: '12 Frost Lane' },
  poNumber: 'JOB-7',
  orderNumber: 'FP-2026-000001',
  createdAt: at('2026-03-01T00:00:00.000Z'),
};
const reserved = reservedBookingDoc(line);

/** A booking as written before `state`, order numbers and PO numbers existed. */
const older: BookingDoc = {
  uid: 'u', email: 'e@x.test', userName: 'E', toolId: 't', name: 'Gasket', unitPriceCents: 2300, quantity: 100, totalCents: 230000,
  itemMinimumQuantity: 10, itemAvailableQuantity: 500, phone: 'p', address: 'a', paid: false, transactionId: null, paymentIntentId: null, status: null,
  createdAt: at('2026-03-01T00:00:00.000Z'),
};

describe('booking documents', () => {
  it('a reservation is stored unpaid, in cents, with its order number and the stock left', () => {
    expect(reserved).toMatchObject({ uid: 'u1', userName: 'Casey', state: 'reserved', paid: false, transactionId: null, paymentIntentId: null, unitPriceCents: 2300, itemAvailableQuantity: 400, partNumber: 'FP-GSK-096' });
    expect(bookingFromDoc('b1', reserved)).toEqual({
      _id: 'b1', toolId: 'gasket', userName: 'Casey', email: 'casey@example.test', name: 'Door Gasket', phone: '+1 555 010 2030', address: '12 Frost Lane',
      price: 23, quantity: 100, total: 2300, itemMinimumQuantity: 10, itemAvailableQuantity: 400, paid: false, transactionId: null, status: null,
      state: 'reserved', orderNumber: 'FP-2026-000001', poNumber: 'JOB-7', partNumber: 'FP-GSK-096', createdAt: '2026-03-01T00:00:00.000Z',
    });
  });

  it('a tool without a part number books with none', () => {
    expect(reservedBookingDoc({ ...line, tool: { name: 'Old Gasket', minimumQuantity: 1 }, poNumber: null })).toMatchObject({ partNumber: null, poNumber: null });
  });

  it('older documents read with the defaults, their state derived from paid/status', () => {
    expect(bookingFromDoc('b2', older)).toMatchObject({ state: 'reserved', orderNumber: '', poNumber: null, partNumber: null });
    expect(bookingStateOf({ ...older, paid: true })).toBe('paid');
    expect(bookingStateOf({ ...older, transactionId: 'pi_1' })).toBe('paid');
    expect(bookingStateOf({ ...older, status: 'shipped' })).toBe('shipped');
    expect(bookingStateOf({ ...older, state: 'refunded', paid: true })).toBe('refunded');
  });

  it('a settled booking is one that is paid or has a recorded payment', () => {
    expect(isSettled(older)).toBe(false);
    expect(isSettled({ paid: false, transactionId: 'pi_1' })).toBe(true);
    expect(isSettled({ paid: true, transactionId: null })).toBe(true);
  });

  it('Manage All Orders shows the tool\'s stock now when it still exists', () => {
    expect(bookingFromDoc('b1', older, { minimumQuantity: 20, availableQuantity: 7 })).toMatchObject({ itemMinimumQuantity: 20, itemAvailableQuantity: 7 });
  });
});
