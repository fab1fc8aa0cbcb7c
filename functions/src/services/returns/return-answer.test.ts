import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { exampleReturnDoc } from '@fridgeparts/common/returns/return-doc-example';
import type { BookingDoc, ReturnDoc } from '../../data/firestore';
import { refundCentsOf, refundDueAmong, type OrderReturn } from './return-rules';
import { returnAnswer } from './returns';

/**
 * `refundDue` of a received return is the refund it will make (issue 44): held, by the same
 * function as the refund, to what the order's returns of earlier turns and refunded ones left.
 */

// 3 x $16.67 with $2.00 tax, shipping $19.95 with $0.80 tax: $72.76. Each wrong-part unit alone asks $24.26.
const order = {
  lines: [{ toolId: 't', name: 'Fan blade', quantity: 3, unitPriceCents: 1667, lineTotalCents: 5001 }],
  tax: { lines: [{ lineId: '0', amountCents: 200 }], shippingCents: 80 },
  shipping: { amountCents: 1995 },
} as unknown as BookingDoc;

const at = Timestamp.fromDate(new Date('2026-11-20T10:00:00Z'));
const oneUnit = (over: Partial<ReturnDoc> = {}): ReturnDoc =>
  exampleReturnDoc(at, {
    bookingId: 'o1',
    state: 'received',
    lines: [
      {
        lineId: '0',
        toolId: 't',
        name: 'Fan blade',
        partNumber: 'FP-1',
        quantity: 1,
        reason: 'wrong-part',
        note: null,
        unitPriceCents: 1667,
        resaleableQuantity: 1,
        damagedQuantity: 0,
      },
    ],
    restockingFeePercent: 0,
    approvedAt: at,
    receivedAt: at,
    version: 3,
    ...over,
  });

describe('returnAnswer: refundDue', () => {
  it('shows the last of three one-unit returns what the two refunded before it left, as its refund will make', () => {
    const others: OrderReturn[] = [
      { id: 'a', r: oneUnit({ state: 'refunded', refundTurn: 1, refundedAt: at }) },
      { id: 'b', r: oneUnit({ state: 'refunded', refundTurn: 2, refundedAt: at }) },
      { id: 'c', r: oneUnit() },
    ];
    const answer = returnAnswer('c', others[2].r as ReturnDoc, order, others);
    expect(answer.refundDue).toEqual({ parts: 16.67, fee: 0, shipping: 6.65, tax: 0.92, total: 24.24 });
    expect(refundCentsOf(refundDueAmong('c', others[2].r, order, others))).toMatchObject({ totalCents: 2424, taxCents: 92 });
    // Alone on its order, the same return shows its whole share.
    expect(returnAnswer('c', others[2].r as ReturnDoc, order, [others[2]]).refundDue).toMatchObject({ tax: 0.94, total: 24.26 });
  });

  it('shows nothing due before receipt or once refunded', () => {
    expect(returnAnswer('c', oneUnit({ state: 'approved' }), order).refundDue).toBeNull();
    expect(returnAnswer('c', oneUnit({ state: 'refunded' }), order).refundDue).toBeNull();
  });
});
