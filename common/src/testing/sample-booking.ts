import type { Booking, BookingLine } from '../booking';
import type { CartLine } from '../cart';
import type { BookingDoc } from '../documents/bookings';
import type { StoredTime } from '../documents/time';

/**
 * A line's fields beyond what it orders, as a line placed and not yet touched answers them: resolved
 * from no other number, nothing shipped, returned or backordered, no core deposit. For every test
 * fixture of a line (unit, web and API tests), so a new running field is added here once.
 */
export const LINE_AT_REST = {
  resolvedFrom: null,
  shippedQuantity: 0,
  returnedQuantity: 0,
  returnOpenQuantity: 0,
  backorderedQuantity: 0,
  expectedOn: null,
  coreDeposit: 0,
  coresOwed: 0,
  coresDueOn: null,
  coresKept: false,
} as const satisfies Omit<BookingLine, keyof typeof THREE_GASKETS>;

/** What a sample line orders unless a test says otherwise: three Door Gaskets (t1) at $19.99. */
const THREE_GASKETS = { toolId: 't1', partNumber: 'FP-GSK-001', name: 'Door Gasket', quantity: 3, price: 19.99, lineTotal: 59.97 };

/**
 * One line of an order as read (CONTRACT §8), for unit tests: three Door Gaskets (t1, FP-GSK-001)
 * at $19.99, nothing shipped, returned, backordered or owed, no core deposit, ordered by its own
 * number; override what the test is about.
 */
export function sampleBookingLine(over: Partial<BookingLine> = {}): BookingLine {
  return { ...THREE_GASKETS, ...LINE_AT_REST, ...over };
}

/**
 * A booking as read (GET /bookings/{id}), for unit tests: Casey's reserved one-line order
 * FP-2026-000123 (PO JOB-7) of sampleBookingLine(), booked 2026-06-01 12:00 UTC, of no company,
 * with no shipping, tax, payment or shipments; override what the test is about (give `lines` and
 * `lineCount` together).
 */
export function sampleBooking(over: Partial<Booking> = {}): Booking {
  return {
    _id: 'b1',
    toolId: 't1',
    userName: 'Casey Customer',
    email: 'casey@example.test',
    name: 'Door Gasket',
    phone: '+1 555 010 2030',
    address: '12 Frost Lane\nSpringfield',
    price: 19.99,
    quantity: 3,
    total: 59.97,
    itemMinimumQuantity: 2,
    itemAvailableQuantity: 7,
    paid: false,
    transactionId: null,
    status: null,
    state: 'reserved',
    orderNumber: 'FP-2026-000123',
    poNumber: 'JOB-7',
    partNumber: 'FP-GSK-001',
    createdAt: '2026-06-01T12:00:00.000Z',
    lines: [sampleBookingLine()],
    lineCount: 1,
    events: [{ type: 'booked', at: '2026-06-01T12:00:00.000Z' }],
    companyId: null,
    shipToId: null,
    approval: null,
    payment: null,
    shipping: null,
    shippingAddress: null,
    shipments: [],
    shipComplete: false,
    tax: null,
    replacementFor: null,
    ...over,
  };
}

/**
 * A stored booking document (bookings/{id}) of the oldest shape, for unit tests: Casey's unpaid
 * one-line order of three Door Gaskets (t1) at 1999 cents, stored before lines, state, order and
 * PO numbers existed, at `createdAt` (the caller's Timestamp); override what the test is about.
 */
export function sampleBookingDoc<Time extends StoredTime>(createdAt: Time, over: Partial<BookingDoc<Time>> = {}): BookingDoc<Time> {
  return {
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
    createdAt,
    ...over,
  };
}

/**
 * A cart line as GET /cart answers it, for unit tests: three Door Gaskets (t1, FP-GSK-001) at
 * $19.99, ten on the shelf, shipping on 2026-12-01, no problem, not backordered, no core deposit,
 * added by its own number; override what the test is about.
 */
export function sampleCartLine(over: Partial<CartLine> = {}): CartLine {
  return {
    ...THREE_GASKETS,
    minimumQuantity: 1,
    packSize: 1,
    availableQuantity: 10,
    availability: { status: 'in_stock', available: 10, shipsOn: '2026-12-01' },
    problem: null,
    resolvedFrom: null,
    backorder: false,
    backorderedQuantity: 0,
    expectedOn: null,
    coreDeposit: 0,
    ...over,
  };
}
