import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { refundBreakdown, RETURN_REASONS, type RefundBreakdown, type RefundOrder, type ReturnReason } from '@fridgeparts/common/returns/returns';
import { capRefund, nextRefundTurn, refundDueAmong, refundsBefore, refundsInTurn, type OrderReturn, type RefundLeft } from './return-rules';

/**
 * A refund never asks for more than is left (issue 47): several returns of one order each round
 * their tax and shipping shares half away from zero, and held in turn to what the ones before
 * left, their sum never passes the order's charge, any line's tax or the shipping and its tax.
 */

const leftOfOrder = (o: RefundOrder): RefundLeft => ({
  amounts: new Map(o.lines.map((l, i) => [String(i), l.lineTotalCents])),
  taxes: new Map(o.lines.map((l, i) => [String(i), l.taxCents])),
  shippingCents: o.shippingCents,
  shippingTaxCents: o.shippingTaxCents,
});

const chargeOf = (o: RefundOrder): number => o.lines.reduce((n, l) => n + l.lineTotalCents + l.taxCents, 0) + o.shippingCents + o.shippingTaxCents;

const PART_REASONS = RETURN_REASONS.filter((r) => r !== 'core' && r !== 'warranty');

/** An order (1 to 4 lines) and its units split among up to 5 returns (some units not returned), each with a reason and a fee. */
const orderAndReturns = fc
  .record({
    lines: fc.array(
      fc.record({
        unit: fc.integer({ min: 1, max: 50_000 }),
        quantity: fc.integer({ min: 1, max: 9 }),
        ratePermille: fc.integer({ min: 0, max: 150 }),
        odd: fc.integer({ min: 0, max: 7 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    shippingCents: fc.integer({ min: 0, max: 5_000 }),
    shippingTaxPermille: fc.integer({ min: 0, max: 150 }),
    returns: fc.array(fc.record({ reason: fc.constantFrom(...PART_REASONS), fee: fc.integer({ min: 0, max: 50 }) }), { minLength: 1, maxLength: 5 }),
  })
  .chain((g) =>
    fc.record({
      g: fc.constant(g),
      // Each unit of each line: the index of the return that takes it back, or returns.length (kept).
      owners: fc.tuple(...g.lines.map((l) => fc.array(fc.integer({ min: 0, max: g.returns.length }), { minLength: l.quantity, maxLength: l.quantity }))),
    }),
  )
  .map(({ g, owners }) => {
    const order: RefundOrder = {
      // Each line's tax as a tax engine would round it, give or take a few cents, so the shares round up as often as down.
      lines: g.lines.map((l) => ({ lineTotalCents: l.unit * l.quantity, taxCents: Math.round((l.unit * l.quantity * l.ratePermille) / 1000) + l.odd })),
      shippingCents: g.shippingCents,
      shippingTaxCents: Math.round((g.shippingCents * g.shippingTaxPermille) / 1000),
    };
    const dues: RefundBreakdown[] = g.returns.map((r, k) =>
      refundBreakdown(
        g.lines
          .map((l, i) => ({ lineId: String(i), reason: r.reason as ReturnReason, unitPriceCents: l.unit, received: owners[i].filter((o) => o === k).length }))
          .filter((l) => l.received > 0),
        r.fee,
        order,
      ),
    );
    return { order, dues };
  });

describe('refunds held to what is left', () => {
  it('never give back more than the charge, a line’s tax, the shipping or its tax, and cut only what would pass it', () => {
    fc.assert(
      fc.property(orderAndReturns, ({ order, dues }) => {
        const { refunds, left } = refundsInTurn(dues, leftOfOrder(order));
        const sum = (f: (r: RefundBreakdown) => number) => refunds.reduce((n, r) => n + f(r), 0);
        expect(sum((r) => r.totalCents)).toBeLessThanOrEqual(chargeOf(order));
        expect(sum((r) => r.shippingCents)).toBeLessThanOrEqual(order.shippingCents);
        expect(sum((r) => r.shippingTaxCents)).toBeLessThanOrEqual(order.shippingTaxCents);
        order.lines.forEach((l, i) => {
          const of = (r: RefundBreakdown) => r.lines.filter((x) => x.lineId === String(i));
          expect(sum((r) => of(r).reduce((n, x) => n + x.taxCents, 0))).toBeLessThanOrEqual(l.taxCents);
          expect(sum((r) => of(r).reduce((n, x) => n + x.partsCents - x.feeCents, 0))).toBeLessThanOrEqual(l.lineTotalCents);
          expect(left.taxes.get(String(i))).toBeGreaterThanOrEqual(0);
        });
        refunds.forEach((r, k) => {
          const due = dues[k];
          // Each refund adds up, is never more than its own arithmetic, and never less than nothing.
          expect(r.totalCents).toBe(r.partsCents - r.feeCents + r.shippingCents + r.taxCents);
          expect(r.totalCents).toBeLessThanOrEqual(due.totalCents);
          expect(r.totalCents).toBeGreaterThanOrEqual(0);
          r.lines.forEach((x, j) => {
            expect(x.taxCents).toBeGreaterThanOrEqual(0);
            expect(x.taxCents).toBeLessThanOrEqual(due.lines[j].taxCents);
          });
        });
        // What fits is untouched: the first refund is always its own arithmetic.
        if (refunds.length > 0) expect(refunds[0]).toEqual(dues[0]);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the last of three one-unit returns what the tax and shipping have left, where each share alone rounds up', () => {
    // 3 x $19.99 with $2.42 tax (80.67 cents a unit) and $10.01 shipping with $0.41 tax, all wrong-part, no fee.
    const order: RefundOrder = { lines: [{ lineTotalCents: 5997, taxCents: 242 }], shippingCents: 1001, shippingTaxCents: 41 };
    const one = refundBreakdown([{ lineId: '0', reason: 'wrong-part', unitPriceCents: 1999, received: 1 }], 0, order);
    // Alone, each unit's share rounds up: tax 81, shipping 334 and its tax 14, 3 x 2428 = 7284 > the charge of 7281.
    expect(one).toMatchObject({ taxCents: 81 + 14, shippingCents: 334, shippingTaxCents: 14, totalCents: 2428 });
    expect(3 * one.totalCents).toBe(chargeOf(order) + 3);
    const { refunds, left } = refundsInTurn([one, one, one], leftOfOrder(order));
    expect(refunds.map((r) => r.totalCents)).toEqual([2428, 2428, 2425]);
    expect(refunds[2]).toMatchObject({ partsCents: 1999, feeCents: 0, shippingCents: 333, shippingTaxCents: 13, taxCents: 80 + 13 });
    expect(refunds.reduce((n, r) => n + r.totalCents, 0)).toBe(chargeOf(order));
    expect(left).toMatchObject({ shippingCents: 0, shippingTaxCents: 0 });
    expect(left.taxes.get('0')).toBe(0);
  });

  it('cuts a line given more than its amount has left by raising its fee, and gives nothing of a line with nothing left', () => {
    const due = refundBreakdown([{ lineId: '0', reason: 'defective', unitPriceCents: 1000, received: 2 }], 0, {
      lines: [{ lineTotalCents: 2000, taxCents: 100 }],
      shippingCents: 0,
      shippingTaxCents: 0,
    });
    const cut = capRefund(due, { amounts: new Map([['0', 1500]]), taxes: new Map([['0', 0]]), shippingCents: 0, shippingTaxCents: 0 });
    expect(cut).toMatchObject({ partsCents: 2000, feeCents: 500, taxCents: 0, totalCents: 1500 });
  });
});

describe('refunds in their turns (issue 44)', () => {
  // 3 x $16.67 with $2.00 tax, shipping $19.95 with $0.80 tax: $72.76. Each wrong-part unit alone asks $24.26.
  const order = {
    lines: [{ toolId: 't', name: 'Fan blade', quantity: 3, unitPriceCents: 1667, lineTotalCents: 5001 }],
    tax: { lines: [{ lineId: '0', amountCents: 200 }], shippingCents: 80 },
    shipping: { amountCents: 1995 },
  } as unknown as Parameters<typeof refundDueAmong>[2];
  const at = (ms: number) => ({ toDate: () => new Date(ms) }) as unknown as NonNullable<OrderReturn['r']['refundedAt']>;
  const oneUnit = (id: string, over: Partial<OrderReturn['r']> = {}): OrderReturn => ({
    id,
    r: {
      lines: [{ lineId: '0', reason: 'wrong-part', unitPriceCents: 1667, quantity: 1, resaleableQuantity: 1, damagedQuantity: 0 }] as OrderReturn['r']['lines'],
      restockingFeePercent: 0,
      state: 'received',
      refundedAt: null,
      ...over,
    },
  });

  it('holds each return to what the returns of earlier turns left, whatever their ids, and one not yet in turn to all of them', () => {
    // The turn decides, not the id: z took turn 1, a turn 2, m has none yet.
    const returns = [oneUnit('z', { refundTurn: 1 }), oneUnit('a', { refundTurn: 2 }), oneUnit('m')];
    const due = (id: string) => refundDueAmong(id, returns.find((o) => o.id === id)!.r, order, returns).totalCents;
    expect([due('z'), due('a'), due('m')]).toEqual([2426, 2426, 2424]);
    expect(nextRefundTurn(returns)).toBe(3);
    expect(refundsBefore('a', 2, returns)).toEqual([returns[0].r]);
    expect(refundsBefore('m', undefined, returns)).toEqual([returns[0].r, returns[1].r]);
  });

  it('puts returns refunded before turns were kept first, by when they were refunded, and leaves out what is only received', () => {
    const returns = [
      oneUnit('late', { state: 'refunded', refundedAt: at(2000) }),
      oneUnit('early', { state: 'refunded', refundedAt: at(1000) }),
      oneUnit('turned', { refundTurn: 1 }),
      oneUnit('waiting'),
    ];
    expect(refundsBefore('turned', 1, returns)).toEqual([returns[1].r, returns[0].r]);
    expect(refundsBefore('waiting', undefined, returns)).toEqual([returns[1].r, returns[0].r, returns[2].r]);
    expect(nextRefundTurn([oneUnit('x')])).toBe(1);
    // The third of the order's three units is held to what the first two left.
    expect(refundDueAmong('turned', returns[2].r, order, returns).totalCents).toBe(2424);
  });
});
