import { describe, expect, it } from 'vitest';
import { exampleReturnDoc } from './return-doc-example';
import fc from 'fast-check';
import {
  defaultRestockingFeePercent,
  openWindows,
  reasonAllowedFor,
  returnableQuantityOf,
  returnWindowDays,
  rmaNumberOf,
  windowClosedMessage,
  PART_RETURN_REASONS,
  refundBreakdown,
  roundDiv,
  shareOf,
  RETURN_REASONS,
} from './returns';
import { returnApproveSchema, returnDeclineSchema, returnReceiveSchema, returnRequestSchema, returnsQuerySchema } from './returns.schema';
import { returnFromDoc } from '../documents/returns';

const DAY = 86_400_000;
const DELIVERED = new Date('2026-10-04T15:00:00Z');

describe('return windows', () => {
  it('gives each reason its days: RETURN_DAYS for wrong-part and not-needed, 365 defective, 30 damaged-in-transit', () => {
    expect(returnWindowDays('wrong-part', 30)).toBe(30);
    expect(returnWindowDays('not-needed', 45)).toBe(45);
    expect(returnWindowDays('defective', 30)).toBe(365);
    expect(returnWindowDays('damaged-in-transit', 45)).toBe(30);
    expect(returnWindowDays('warranty', 30)).toBe(365);
  });

  it('is open through the last moment and closed a moment later', () => {
    const until = new Date(DELIVERED.getTime() + 30 * DAY);
    expect(openWindows(DELIVERED, true, 30, until).map((w) => w.reason)).toEqual(['wrong-part', 'not-needed', 'defective', 'damaged-in-transit', 'warranty']);
    expect(openWindows(DELIVERED, true, 30, new Date(until.getTime() + 1)).map((w) => w.reason)).toEqual(['defective', 'warranty']);
    expect(openWindows(DELIVERED, true, 30, new Date(DELIVERED.getTime() + 366 * DAY))).toEqual([]);
  });

  it('opens nothing before a shipment', () => {
    expect(openWindows(null, true, 30, DELIVERED)).toEqual([]);
  });

  it('lets a non-returnable tool back only defective or damaged in transit', () => {
    expect(openWindows(DELIVERED, false, 30, DELIVERED).map((w) => w.reason)).toEqual(['defective', 'damaged-in-transit', 'warranty']);
    expect(reasonAllowedFor('not-needed', false)).toBe(false);
    expect(reasonAllowedFor('warranty', false)).toBe(true);
  });

  it('every window a reason lists is open at now and ends its days after the delivery (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * DAY }), fc.integer({ min: 1, max: 365 }), fc.boolean(), (elapsed, days, returnable) => {
        const now = new Date(DELIVERED.getTime() + elapsed);
        for (const w of openWindows(DELIVERED, returnable, days, now)) {
          expect(w.until.getTime()).toBe(DELIVERED.getTime() + returnWindowDays(w.reason, days) * DAY);
          expect(now.getTime()).toBeLessThanOrEqual(w.until.getTime());
          expect(reasonAllowedFor(w.reason, returnable)).toBe(true);
        }
      }),
    );
  });

  it('says when a window closed', () => {
    expect(windowClosedMessage('wrong-part', 30, new Date('2026-11-03T15:00:00Z'))).toBe('The 30-day return window for wrong-part closed on Nov 3, 2026');
  });
});

describe('quantities, fees and numbers', () => {
  it('returns at most shipped less returned less requested, never below 0 (property)', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), fc.nat(100), (shippedQuantity, returnedQuantity, returnOpenQuantity) => {
        const q = returnableQuantityOf({ shippedQuantity, returnedQuantity, returnOpenQuantity });
        expect(q).toBeGreaterThanOrEqual(0);
        expect(q + returnedQuantity + returnOpenQuantity).toBeGreaterThanOrEqual(shippedQuantity);
        if (shippedQuantity >= returnedQuantity + returnOpenQuantity) expect(q).toBe(shippedQuantity - returnedQuantity - returnOpenQuantity);
      }),
    );
  });

  it('charges 15% restocking by default only when a line is not needed', () => {
    expect(defaultRestockingFeePercent([{ reason: 'defective' }, { reason: 'not-needed' }])).toBe(15);
    expect(defaultRestockingFeePercent([{ reason: 'wrong-part' }])).toBe(0);
  });

  it('numbers RMAs by year and a six-digit sequence', () => {
    expect(rmaNumberOf(2026, 12)).toBe('RMA-2026-000012');
  });
});

describe('the request schemas', () => {
  it('takes a line by its id as text or number, with a reason and an optional note', () => {
    expect(returnRequestSchema.parse({ lines: [{ lineId: 0, quantity: 2, reason: 'defective', note: ' cracked ' }] })).toEqual({
      lines: [{ lineId: '0', quantity: 2, reason: 'defective', note: 'cracked' }],
    });
  });

  it('refuses a line twice, no lines, 51 lines, unknown fields, quantity 0, an unknown reason and a long note', () => {
    const line = { lineId: '0', quantity: 1, reason: 'wrong-part' };
    expect(returnRequestSchema.safeParse({ lines: [line, line] }).success).toBe(false);
    expect(returnRequestSchema.safeParse({ lines: [] }).success).toBe(false);
    expect(returnRequestSchema.safeParse({ lines: Array.from({ length: 51 }, (_, i) => ({ ...line, lineId: String(i) })) }).success).toBe(false);
    expect(returnRequestSchema.safeParse({ lines: [line], extra: 1 }).success).toBe(false);
    expect(returnRequestSchema.safeParse({ lines: [{ ...line, quantity: 0 }] }).success).toBe(false);
    expect(returnRequestSchema.safeParse({ lines: [{ ...line, reason: 'changed-mind' }] }).success).toBe(false);
    expect(returnRequestSchema.safeParse({ lines: [{ ...line, note: 'x'.repeat(501) }] }).success).toBe(false);
  });

  it('accepts every reason CONTRACT §16 lists (the service refuses core for now), warranty with its claim only', () => {
    const claim = { modelNumber: 'M1', serialNumber: 'S1', installedOn: '2025-01-31', failure: 'Does not start' };
    for (const reason of RETURN_REASONS)
      expect(
        returnRequestSchema.safeParse({ lines: [{ lineId: '1', quantity: 1, reason }], ...(reason === 'warranty' ? { warranty: claim } : {}) }).success,
      ).toBe(true);
    expect(returnRequestSchema.safeParse({ lines: [{ lineId: '1', quantity: 1, reason: 'warranty' }] }).success).toBe(false);
    expect(returnRequestSchema.safeParse({ lines: [{ lineId: '1', quantity: 1, reason: 'defective' }], warranty: claim }).success).toBe(false);
    expect(
      returnRequestSchema.safeParse({ lines: [{ lineId: '1', quantity: 1, reason: 'warranty' }], warranty: { ...claim, installedOn: '2025-02-29' } }).success,
    ).toBe(false);
    expect(
      returnRequestSchema.safeParse({ lines: [{ lineId: '1', quantity: 1, reason: 'warranty' }], warranty: { ...claim, installedOn: '2999-01-01' } }).success,
    ).toBe(false);
  });

  it('bounds the fee, the decline reason, the receipt and the list query', () => {
    expect(returnApproveSchema.parse({})).toEqual({});
    expect(returnApproveSchema.safeParse({ restockingFeePercent: 51 }).success).toBe(false);
    expect(returnApproveSchema.safeParse({ restockingFeePercent: 12.5 }).success).toBe(false);
    expect(returnDeclineSchema.safeParse({ reason: '' }).success).toBe(false);
    expect(returnReceiveSchema.parse({ lines: [{ lineId: '0', resaleable: 1, damaged: 0 }] }).lines[0]).toEqual({ lineId: '0', resaleable: 1, damaged: 0 });
    expect(returnReceiveSchema.safeParse({ lines: [{ lineId: '0', resaleable: -1, damaged: 0 }] }).success).toBe(false);
    expect(returnsQuerySchema.safeParse({ state: 'lost' }).success).toBe(false);
  });
});

describe('a stored return to the answer', () => {
  const at = (iso: string) => ({ toDate: () => new Date(iso) });
  const doc = exampleReturnDoc(at('2026-11-01T10:00:00Z'));

  it('answers dollars and ISO times, no address before approval and no refundDue before receipt', () => {
    const r = returnFromDoc('r1', doc, { partsCents: 1, feeCents: 0, shippingCents: 0, taxCents: 0, totalCents: 1 });
    expect(r.lines[0]).toMatchObject({ unitPrice: 19.99, resaleable: 0, damaged: 0 });
    expect(r.createdAt).toBe('2026-11-01T10:00:00.000Z');
    expect(r.returnAddress).toBeNull();
    expect(r.refundDue).toBeNull();
  });

  it('shows the address once approved and what is due once received', () => {
    const received = returnFromDoc(
      'r1',
      { ...doc, state: 'received', receivedAt: at('2026-11-05T10:00:00Z') },
      {
        partsCents: 3998,
        feeCents: 0,
        shippingCents: 500,
        taxCents: 0,
        totalCents: 4498,
      },
    );
    expect(received.returnAddress).toContain('Springfield');
    expect(received.refundDue).toEqual({ parts: 39.98, fee: 0, shipping: 5, tax: 0, total: 44.98 });
  });
});

describe('the refund arithmetic (integer cents, half away from zero)', () => {
  it('rounds halves away from zero, exactly beyond 2^53', () => {
    expect(roundDiv(250, 100)).toBe(3);
    expect(roundDiv(249, 100)).toBe(2);
    expect(roundDiv(-250, 100)).toBe(-3);
    expect(roundDiv(3_000_000_000_000_001n, 2)).toBe(1_500_000_000_000_001);
    // (2^40 + 1) x (2^20 + 512) = 2^60 + 2^49 + 2^20 + 512, over 2^31: 2^29 + 2^18 and a little.
    expect(shareOf(2 ** 40 + 1, 2 ** 20 + 512, 2 ** 31)).toBe(2 ** 29 + 2 ** 18);
  });

  // An order: line 0 2 x $19.99 (tax 8.25%: $3.30), line 1 1 x $120.00 ($9.90), shipping $12.50 (tax $1.03).
  const order = {
    lines: [
      { lineTotalCents: 3998, taxCents: 330 },
      { lineTotalCents: 12000, taxCents: 990 },
    ],
    shippingCents: 1250,
    shippingTaxCents: 103,
  };

  it('a not-needed line with the 15% fee: parts, fee, tax on the rest, no shipping', () => {
    const r = refundBreakdown([{ lineId: '1', reason: 'not-needed', unitPriceCents: 12000, received: 1 }], 15, order);
    // fee 1800; tax round(990 x 10200 / 12000) = round(841.5) = 842
    expect(r).toMatchObject({ partsCents: 12000, feeCents: 1800, shippingCents: 0, taxCents: 842, shippingTaxCents: 0, totalCents: 11042 });
  });

  it('a wrong part without fee: its share of the shipping and of the shipping tax', () => {
    const r = refundBreakdown([{ lineId: '0', reason: 'wrong-part', unitPriceCents: 1999, received: 1 }], 0, order);
    // parts 1999; tax round(330 x 1999 / 3998) = 165; shipping round(1250 x 1999 / 15998) = round(156.19) = 156;
    // its tax round(103 x 156 / 1250) = round(12.85) = 13
    expect(r).toMatchObject({ partsCents: 1999, feeCents: 0, shippingCents: 156, shippingTaxCents: 13, taxCents: 178, totalCents: 2333 });
  });

  it('a received count of 0 refunds nothing for that line', () => {
    expect(refundBreakdown([{ lineId: '0', reason: 'defective', unitPriceCents: 1999, received: 0 }], 0, order).totalCents).toBe(0);
  });

  it('an order without tax refunds no tax', () => {
    const untaxed = { ...order, lines: order.lines.map((l) => ({ ...l, taxCents: 0 })), shippingTaxCents: 0 };
    expect(refundBreakdown([{ lineId: '0', reason: 'wrong-part', unitPriceCents: 1999, received: 2 }], 0, untaxed).taxCents).toBe(0);
  });

  const orders = fc
    .array(
      fc.record({ unit: fc.integer({ min: 1, max: 500_000 }), quantity: fc.integer({ min: 1, max: 20 }), taxPermille: fc.integer({ min: 0, max: 120 }) }),
      {
        minLength: 1,
        maxLength: 6,
      },
    )
    .chain((ls) =>
      fc.record({
        ls: fc.constant(ls),
        shippingCents: fc.integer({ min: 0, max: 50_000 }),
        shipTaxPermille: fc.integer({ min: 0, max: 120 }),
        pct: fc.integer({ min: 0, max: 50 }),
        reasons: fc.array(fc.constantFrom(...PART_RETURN_REASONS), { minLength: ls.length, maxLength: ls.length }),
        fraction: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: ls.length, maxLength: ls.length }),
      }),
    );
  const orderOf = (o: { ls: { unit: number; quantity: number; taxPermille: number }[]; shippingCents: number; shipTaxPermille: number }) => ({
    lines: o.ls.map((l) => ({ lineTotalCents: l.unit * l.quantity, taxCents: Math.round((l.unit * l.quantity * l.taxPermille) / 1000) })),
    shippingCents: o.shippingCents,
    shippingTaxCents: Math.round((o.shippingCents * o.shipTaxPermille) / 1000),
  });

  it('every part of a refund is whole cents, the total their sum, and never more than the order charged (property)', () => {
    fc.assert(
      fc.property(orders, (o) => {
        const ord = orderOf(o);
        const lines = o.ls.map((l, i) => ({
          lineId: String(i),
          reason: o.reasons[i],
          unitPriceCents: l.unit,
          received: Math.floor(l.quantity * o.fraction[i]),
        }));
        const r = refundBreakdown(lines, o.pct, ord);
        for (const v of [r.partsCents, r.feeCents, r.shippingCents, r.taxCents, r.totalCents]) expect(Number.isSafeInteger(v)).toBe(true);
        expect(r.totalCents).toBe(r.partsCents - r.feeCents + r.shippingCents + r.taxCents);
        expect(r.feeCents).toBeLessThanOrEqual(r.partsCents);
        const charged = ord.lines.reduce((n, l) => n + l.lineTotalCents + l.taxCents, 0) + ord.shippingCents + ord.shippingTaxCents;
        expect(r.totalCents).toBeGreaterThanOrEqual(0);
        expect(r.totalCents).toBeLessThanOrEqual(charged);
        expect(r.shippingCents).toBeLessThanOrEqual(ord.shippingCents);
      }),
    );
  });

  it('every unit of every line back as wrong-part without fee refunds exactly what the order charged (property)', () => {
    fc.assert(
      fc.property(orders, (o) => {
        const ord = orderOf(o);
        const lines = o.ls.map((l, i) => ({ lineId: String(i), reason: 'wrong-part' as const, unitPriceCents: l.unit, received: l.quantity }));
        const charged = ord.lines.reduce((n, l) => n + l.lineTotalCents + l.taxCents, 0) + ord.shippingCents + ord.shippingTaxCents;
        expect(refundBreakdown(lines, 0, ord).totalCents).toBe(charged);
      }),
    );
  });
});
