import { describe, expect, it } from 'vitest';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { pdfText } from '../../testing/pdf-text';
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

describe('the RMA slip as printed', () => {
  it('reads back where to send the parts, the lines above the table and the table, heads first', async () => {
    const text = pdfText(await buildRmaSlip(r));
    expect(text).toContain('RETURN RMA-2026-000012 Send the parts to');
    expect(text).toContain('Mark the box RMA-2026-000012 and put this slip inside.');
    expect(text).toContain(
      'RMA number: RMA-2026-000012 Order number: FP-2026-000042 Requested: 2026-11-29 State: Approved, awaiting the parts Restocking fee: 15%',
    );
    expect(text).toContain('Line Part number Item Quantity Reason 2 FP-T-2 Timer ("ordered 220V") 2 Wrong part');
    expect(text).not.toMatch(/\$/);
  });

  it('runs onto more pages for 60 lines, the heads again atop each', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ ...r.lines[0]!, lineId: String(i), name: `Timer ${i}`, note: null }));
    const text = pdfText(await buildRmaSlip({ ...r, lines }));
    expect(text.match(/Line Part number Item Quantity Reason/g)?.length).toBeGreaterThan(1);
    expect(text).toContain('60 FP-T-2 Timer 59 2 Wrong part');
  });
});
