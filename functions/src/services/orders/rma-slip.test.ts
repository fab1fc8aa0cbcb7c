import { describe, expect, it } from 'vitest';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { buildRmaSlip, rmaSlipLines, rmaSlipRows } from './rma-slip';

const r: Return = {
  id: 'a'.repeat(24),
  rmaNumber: 'RMA-2026-000012',
  bookingId: 'b1',
  orderNumber: 'FP-2026-000042',
  state: 'approved',
  buyer: { email: 'casey@example.test', name: 'Casey' },
  lines: [
    {
      lineId: '1',
      toolId: 't',
      name: 'Timer',
      partNumber: 'FP-T-2',
      quantity: 2,
      reason: 'wrong-part',
      note: 'ordered 220V',
      unitPrice: 20,
      resaleable: 0,
      damaged: 0,
    },
  ],
  restockingFeePercent: 15,
  declineReason: null,
  refund: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  approvedAt: '2026-11-29T11:00:00.000Z',
  receivedAt: null,
  refundedAt: null,
  declinedAt: null,
  returnAddress: 'FridgeParts Returns, 2100 Industrial Way, Springfield, IL 62702',
  refundDue: null,
  warranty: null,
};

describe('the RMA slip (decision 0086)', () => {
  it('names the RMA and order, the state and the fee, and each line with its quantity and reason, without prices', () => {
    expect(rmaSlipLines(r)).toEqual([
      ['RMA number', 'RMA-2026-000012'],
      ['Order number', 'FP-2026-000042'],
      ['Requested', '2026-11-29'],
      ['State', 'Approved, awaiting the parts'],
      ['Restocking fee', '15%'],
    ]);
    expect(rmaSlipRows(r)).toEqual([['2', 'FP-T-2', 'Timer ("ordered 220V")', '2', 'Wrong part']]);
    expect(JSON.stringify([rmaSlipLines(r), rmaSlipRows(r)])).not.toMatch(/\$/);
  });
  it('builds a PDF', async () => {
    expect((await buildRmaSlip(r)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
