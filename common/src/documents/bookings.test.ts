import { describe, expect, it } from 'vitest';
import { sampleBooking, sampleBookingDoc, sampleBookingLine } from '../testing/sample-booking';
import { bookingEventsOf, bookingFromDoc, bookingStateOf, isSettled, orderLinesOf, quantitiesByTool, reservedOrderDoc, type BookingDoc } from './bookings';

const at = (iso: string) => ({ toDate: () => new Date(iso) });

const gasketLine = {
  toolId: 'gasket',
  tool: { name: 'Door Gasket', partNumber: 'FP-GSK-096', minimumQuantity: 10 },
  quantity: 100,
  plan: { unitPriceCents: 2300, totalCents: 230000 },
};
const line = {
  buyer: { uid: 'u1', email: 'casey@example.test', name: 'Casey' },
  lines: [gasketLine],
  remaining: 400,
  contact: { phone: '+1 555 010 2030', address: '12 Frost Lane' },
  poNumber: 'JOB-7',
  orderNumber: 'FP-2026-000001',
  createdAt: at('2026-03-01T00:00:00.000Z'),
};
const reserved = reservedOrderDoc(line);

/** A booking as written before `state`, order numbers and PO numbers existed. */
const older: BookingDoc = {
  uid: 'u',
  email: 'e@x.test',
  userName: 'E',
  toolId: 't',
  name: 'Gasket',
  unitPriceCents: 2300,
  quantity: 100,
  totalCents: 230000,
  itemMinimumQuantity: 10,
  itemAvailableQuantity: 500,
  phone: 'p',
  address: 'a',
  paid: false,
  transactionId: null,
  paymentIntentId: null,
  status: null,
  createdAt: at('2026-03-01T00:00:00.000Z'),
};

describe('booking documents', () => {
  it('a reservation is stored unpaid, in cents, with its order number and the stock left', () => {
    expect(reserved).toMatchObject({
      uid: 'u1',
      userName: 'Casey',
      state: 'reserved',
      paid: false,
      transactionId: null,
      paymentIntentId: null,
      unitPriceCents: 2300,
      itemAvailableQuantity: 400,
      partNumber: 'FP-GSK-096',
    });
    // Read as a booking of no company, with no shipping, tax, payment or shipments yet.
    expect(bookingFromDoc('b1', reserved)).toEqual(
      sampleBooking({
        _id: 'b1',
        toolId: 'gasket',
        userName: 'Casey',
        email: 'casey@example.test',
        name: 'Door Gasket',
        phone: '+1 555 010 2030',
        address: '12 Frost Lane',
        price: 23,
        quantity: 100,
        total: 2300,
        itemMinimumQuantity: 10,
        itemAvailableQuantity: 400,
        paid: false,
        transactionId: null,
        status: null,
        state: 'reserved',
        orderNumber: 'FP-2026-000001',
        poNumber: 'JOB-7',
        partNumber: 'FP-GSK-096',
        createdAt: '2026-03-01T00:00:00.000Z',
        lines: [sampleBookingLine({ toolId: 'gasket', partNumber: 'FP-GSK-096', name: 'Door Gasket', quantity: 100, price: 23, lineTotal: 2300 })],
        lineCount: 1,
        events: [{ type: 'booked', at: '2026-03-01T00:00:00.000Z' }],
      }),
    );
    expect(reserved.lines).toEqual([
      { toolId: 'gasket', partNumber: 'FP-GSK-096', name: 'Door Gasket', quantity: 100, unitPriceCents: 2300, lineTotalCents: 230000 },
    ]);
    expect(reserved.toolIds).toEqual(['gasket']);
  });

  it('a tool without a part number books with none', () => {
    expect(reservedOrderDoc({ ...line, lines: [{ ...gasketLine, tool: { name: 'Old Gasket', minimumQuantity: 1 } }], poNumber: null })).toMatchObject({
      partNumber: null,
      poNumber: null,
    });
  });

  it('older documents read with the defaults, their state derived from paid/status', () => {
    expect(bookingFromDoc('b2', older)).toMatchObject({ state: 'reserved', orderNumber: '', poNumber: null, partNumber: null });
    // Written before orders had lines: one line, from the top-level fields, its total the order's.
    expect(bookingFromDoc('b2', older)).toMatchObject({
      lineCount: 1,
      lines: [sampleBookingLine({ toolId: 't', partNumber: null, name: 'Gasket', quantity: 100, price: 23, lineTotal: 2300 })],
      total: 2300,
    });
    expect(orderLinesOf(older)).toEqual([{ toolId: 't', partNumber: null, name: 'Gasket', quantity: 100, unitPriceCents: 2300, lineTotalCents: 230000 }]);
    expect(orderLinesOf({ ...older, lines: [] })).toHaveLength(1);
    expect(bookingStateOf({ ...older, paid: true })).toBe('paid');
    expect(bookingStateOf({ ...older, transactionId: 'pi_1' })).toBe('paid');
    expect(bookingStateOf({ ...older, status: 'shipped' })).toBe('shipped');
    expect(bookingStateOf({ ...older, state: 'refunded', paid: true })).toBe('refunded');
  });

  it('an order of many lines: the first line in the single-item fields, every line in lines, the total their sum', () => {
    const relay = {
      toolId: 'relay',
      tool: { name: 'Start Relay', partNumber: 'FP-RLY-1', minimumQuantity: 10 },
      quantity: 100,
      plan: { unitPriceCents: 1200, totalCents: 120000 },
    };
    const order = reservedOrderDoc({
      ...line,
      lines: [
        { ...gasketLine, quantity: 3, plan: { unitPriceCents: 1999, totalCents: 5997 } },
        relay,
        { ...relay, quantity: 10, plan: { unitPriceCents: 1500, totalCents: 15000 } },
      ],
    });
    expect(order).toMatchObject({
      toolId: 'gasket',
      name: 'Door Gasket',
      partNumber: 'FP-GSK-096',
      quantity: 3,
      unitPriceCents: 1999,
      totalCents: 5997 + 120000 + 15000,
      itemMinimumQuantity: 10,
      itemAvailableQuantity: 400,
      toolIds: ['gasket', 'relay'],
    });
    const read = bookingFromDoc('o1', order);
    expect(read).toMatchObject({ toolId: 'gasket', partNumber: 'FP-GSK-096', name: 'Door Gasket', price: 19.99, quantity: 3, total: 1409.97, lineCount: 3 });
    expect(read.lines).toEqual([
      sampleBookingLine({ toolId: 'gasket', partNumber: 'FP-GSK-096', name: 'Door Gasket', quantity: 3, price: 19.99, lineTotal: 59.97 }),
      sampleBookingLine({ toolId: 'relay', partNumber: 'FP-RLY-1', name: 'Start Relay', quantity: 100, price: 12, lineTotal: 1200 }),
      sampleBookingLine({ toolId: 'relay', partNumber: 'FP-RLY-1', name: 'Start Relay', quantity: 10, price: 15, lineTotal: 150 }),
    ]);
    // Two lines of the relay move its stock once, by both quantities.
    expect(quantitiesByTool(orderLinesOf(order))).toEqual(
      new Map([
        ['gasket', 3],
        ['relay', 110],
      ]),
    );
    expect(quantitiesByTool(orderLinesOf(older))).toEqual(new Map([['t', 100]]));
    expect(() => reservedOrderDoc({ ...line, lines: [] })).toThrow(RangeError);
  });

  it('a line ordered by another number keeps it: stored as it came, read back; other lines store nothing for it (CONTRACT §11)', () => {
    const order = reservedOrderDoc({
      ...line,
      lines: [
        { ...gasketLine, quantity: 3, plan: { unitPriceCents: 1999, totalCents: 5997 }, resolvedFrom: { number: 'WR24X10171', kind: 'oem' } },
        { ...gasketLine, quantity: 4, plan: { unitPriceCents: 1999, totalCents: 7996 } },
      ],
    });
    expect(order.lines![0]!.resolvedFrom).toEqual({ number: 'WR24X10171', kind: 'oem' });
    expect(order.lines![1]).not.toHaveProperty('resolvedFrom');
    expect(bookingFromDoc('o1', order).lines.map((l) => l.resolvedFrom)).toEqual([{ number: 'WR24X10171', kind: 'oem' }, null]);
  });

  it('a settled booking is one that is paid or has a recorded payment', () => {
    expect(isSettled(older)).toBe(false);
    expect(isSettled({ paid: false, transactionId: 'pi_1' })).toBe(true);
    expect(isSettled({ paid: true, transactionId: null })).toBe(true);
  });

  it("Manage All Orders shows the tool's stock now when it still exists", () => {
    expect(bookingFromDoc('b1', older, { minimumQuantity: 20, availableQuantity: 7 })).toMatchObject({ itemMinimumQuantity: 20, itemAvailableQuantity: 7 });
  });

  describe('the timeline (CONTRACT §8)', () => {
    const t = (h: number) => at(`2026-03-01T${String(h).padStart(2, '0')}:00:00.000Z`);
    const iso = (h: number) => t(h).toDate().toISOString();

    it('booked, paid, shipped and refunded from their stored times, oldest first', () => {
      expect(
        bookingFromDoc('b1', { ...reserved, paid: true, transactionId: 'pi_1', state: 'shipped', status: 'shipped', paidAt: t(2), shippedAt: t(5) }).events,
      ).toEqual([
        { type: 'booked', at: iso(0) },
        { type: 'paid', at: iso(2) },
        { type: 'shipped', at: iso(5) },
      ]);
      expect(bookingEventsOf({ ...reserved, paid: true, transactionId: 'pi_1', state: 'refunded', paidAt: t(2), refundedAt: t(3) })).toEqual([
        { type: 'booked', at: iso(0) },
        { type: 'paid', at: iso(2) },
        { type: 'refunded', at: iso(3) },
      ]);
    });

    it('a released order, and a late payment after the release in the order it came', () => {
      expect(bookingEventsOf({ ...reserved, state: 'expired', expiredAt: t(1) })).toEqual([
        { type: 'booked', at: iso(0) },
        { type: 'expired', at: iso(1) },
      ]);
      // Paid after the release and honoured: released, then paid.
      expect(bookingEventsOf({ ...reserved, state: 'paid', paid: true, transactionId: 'pi_1', expiredAt: t(1), paidAt: t(4) }).map((e) => e.type)).toEqual([
        'booked',
        'expired',
        'paid',
      ]);
      // Paid after the release with the stock gone: refunded in the same moment, after the payment.
      expect(
        bookingEventsOf({ ...reserved, state: 'refunded', paid: true, transactionId: 'pi_1', expiredAt: t(1), paidAt: t(4), refundedAt: t(4) }).map(
          (e) => e.type,
        ),
      ).toEqual(['booked', 'expired', 'paid', 'refunded']);
    });

    it('an event the state implies but whose time was not stored has at null, in its place', () => {
      // Shipped before shippedAt existed; paid before paidAt did.
      expect(bookingEventsOf({ ...older, paid: true, transactionId: 'pi_1', status: 'shipped' })).toEqual([
        { type: 'booked', at: '2026-03-01T00:00:00.000Z' },
        { type: 'paid', at: null },
        { type: 'shipped', at: null },
      ]);
      // Refunded (from Stripe's own event) after it shipped: shipped, with no time, before the refund.
      expect(bookingEventsOf({ ...older, paid: true, transactionId: 'pi_1', status: 'shipped', state: 'refunded', paidAt: t(2), refundedAt: t(9) })).toEqual([
        { type: 'booked', at: '2026-03-01T00:00:00.000Z' },
        { type: 'paid', at: iso(2) },
        { type: 'shipped', at: null },
        { type: 'refunded', at: iso(9) },
      ]);
      expect(bookingEventsOf({ ...older, state: 'expired' })).toEqual([
        { type: 'booked', at: '2026-03-01T00:00:00.000Z' },
        { type: 'expired', at: null },
      ]);
    });
  });
});

// The API's reading of a stored booking (moved from functions/, which only calls it).
const stored: BookingDoc = sampleBookingDoc(at('2026-11-01T00:00:00.000Z'));

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
