import type { Return } from '@fridgeparts/common/returns/returns.answers';

/** A return for the tests (requested, one line of two door gaskets sent back as the wrong part), with any field changed. */
export const returnFixture = (over: Partial<Return> = {}): Return => ({
  id: 'a1b2c3d4e5f6a7b8c9d0e1f2',
  rmaNumber: 'RMA-2026-000012',
  bookingId: 'o1',
  orderNumber: 'FP-2026-000042',
  state: 'requested',
  buyer: { email: 'casey@example.test', name: 'Casey' },
  lines: [
    {
      lineId: '0',
      toolId: 't',
      name: 'Door Gasket',
      partNumber: 'FP-GSK-1',
      quantity: 2,
      reason: 'wrong-part',
      note: 'Got the 24 in',
      unitPrice: 12.5,
      resaleable: 0,
      damaged: 0,
    },
  ],
  restockingFeePercent: null,
  declineReason: null,
  refund: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  approvedAt: null,
  receivedAt: null,
  refundedAt: null,
  declinedAt: null,
  returnAddress: null,
  refundDue: null,
  warranty: null,
  ...over,
});
