import type { Booking } from '@fridgeparts/common/booking';

/**
 * One unpaid one-line booking as the API answers it, for component tests; override what a test is
 * about. Given `lines`, `lineCount` follows them unless it is given too.
 */
export function bookingFixture(over: Partial<Booking> = {}): Booking {
  const lines = over.lines ?? [{ toolId: 't', partNumber: 'FP-TEST-001', name: 'Door Gasket', quantity: 10, price: 12.5, lineTotal: 125, resolvedFrom: null }];
  return {
    _id: 'b1',
    toolId: 't',
    userName: 'Casey',
    email: 'casey@example.test',
    name: 'Door Gasket',
    phone: '+1 555 010 2030',
    address: '1 Cold Street',
    price: 12.5,
    quantity: 10,
    total: 125,
    itemMinimumQuantity: 10,
    itemAvailableQuantity: 40,
    paid: false,
    transactionId: null,
    status: null,
    orderNumber: 'FP-2026-000001',
    poNumber: null,
    partNumber: 'FP-TEST-001',
    createdAt: '2026-01-01T00:00:00.000Z',
    state: 'reserved',
    lines,
    lineCount: lines.length,
    events: [{ type: 'booked', at: '2026-01-01T00:00:00.000Z' }],
    companyId: null,
    shipToId: null,
    approval: null,
    payment: null,
    ...over,
  };
}
