import { describe, expect, it } from 'vitest';
import type { ReturnDoc } from '@fridgeparts/common/documents/returns';
import { returnEmail } from './return-emails';

const r: Pick<
  ReturnDoc,
  'rmaNumber' | 'orderNumber' | 'bookingId' | 'buyerName' | 'buyerEmail' | 'lines' | 'restockingFeePercent' | 'declineReason' | 'refund'
> = {
  rmaNumber: 'RMA-2026-000012',
  orderNumber: 'FP-2026-000123',
  bookingId: 'b1',
  buyerName: 'Rita',
  buyerEmail: 'rita@example.com',
  lines: [
    {
      lineId: '0',
      toolId: 't1',
      name: 'Door gasket',
      partNumber: 'FP-1',
      quantity: 2,
      reason: 'not-needed',
      note: null,
      unitPriceCents: 1000,
      resaleableQuantity: 1,
      damagedQuantity: 1,
    },
  ],
  restockingFeePercent: 15,
  declineReason: 'Past the window',
  refund: {
    partsCents: 2000,
    feeCents: 300,
    shippingCents: 0,
    taxCents: 140,
    totalCents: 1840,
    method: 'card',
    refundId: 're_1',
    creditNoteId: null,
    taxReversalId: null,
  },
};

describe('the return emails (CONTRACT §16)', () => {
  it('says each step with the RMA number, the order and a link to it', () => {
    for (const step of ['requested', 'approved', 'declined', 'received', 'refunded'] as const) {
      const mail = returnEmail(step, r, 'https://shop.example');
      expect(mail.subject).toContain('RMA-2026-000012');
      expect(mail.text).toContain('FP-2026-000123');
      expect(mail.text).toContain('https://shop.example/dashboard/order/b1');
      expect(mail.html).toContain('Hello Rita,');
    }
  });

  it('gives the address once approved, the reason when declined, the counts when received and the amounts when refunded', () => {
    expect(returnEmail('approved', r, 'https://s').text).toContain('2100 Industrial Way');
    expect(returnEmail('approved', r, 'https://s').text).toContain('Restocking fee: 15%');
    expect(returnEmail('requested', r, 'https://s').text).not.toContain('Industrial Way');
    expect(returnEmail('declined', r, 'https://s').text).toContain('Reason: Past the window');
    expect(returnEmail('received', r, 'https://s').text).toContain('Door gasket (FP-1): 2 of 2 received (1 damaged)');
    const refunded = returnEmail('refunded', r, 'https://s').text;
    expect(refunded).toContain('Restocking fee: -$3.00');
    expect(refunded).toContain('Total: $18.40');
    expect(refunded).toContain('refunded to the card');
  });
});
