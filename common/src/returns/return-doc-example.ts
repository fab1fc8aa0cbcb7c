import type { ReturnDoc } from '../documents/returns';
import type { StoredTime } from '../documents/time';

/**
 * A stored return for the tests of what reads one (common returns.test.ts, the functions'
 * return-answer.test.ts): two gaskets of order b1 back as a wrong part, requested at `createdAt`;
 * `over` changes any field.
 */
export function exampleReturnDoc<T extends StoredTime>(createdAt: T, over: Partial<ReturnDoc<T>> = {}): ReturnDoc<T> {
  return {
    bookingId: 'b1',
    orderNumber: 'FP-2026-000001',
    userId: 'u1',
    buyerEmail: 'buyer@example.com',
    buyerName: 'Buyer',
    companyId: null,
    rmaNumber: 'RMA-2026-000001',
    state: 'requested',
    lines: [
      {
        lineId: '0',
        toolId: 't1',
        name: 'Gasket',
        partNumber: 'FP-1',
        quantity: 2,
        reason: 'wrong-part',
        note: null,
        unitPriceCents: 1999,
        resaleableQuantity: 0,
        damagedQuantity: 0,
      },
    ],
    restockingFeePercent: null,
    declineReason: null,
    refund: null,
    createdAt,
    createdBy: 'u1',
    approvedAt: null,
    receivedAt: null,
    refundedAt: null,
    declinedAt: null,
    version: 1,
    key: 'k',
    fingerprint: 'f',
    ...over,
  };
}
