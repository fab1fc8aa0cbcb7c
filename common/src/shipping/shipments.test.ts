import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  shipmentProblems,
  shippableOf,
  trackingUrlFor,
  trackingUrlsOf,
  SHIPMENT_LIMITS,
  shipmentFromDoc,
  shipmentsFromDoc,
  type ShipmentDoc,
} from './shipments';
import { idempotencyKeySchema, isHttpsUrl, shipmentInputSchema, shipmentPatchSchema } from './shipments.schema';
import { shipmentAnswerSchema } from './shipments.answers';

const line = <T extends string | number>(lineId: T, quantity: number) => ({ lineId, quantity });
const body = (over: Record<string, unknown> = {}) => ({ lines: [line('0', 2)], carrier: 'ups', trackingNumbers: ['1Z999AA10123456784'], ...over });

describe('tracking links (CONTRACT §14)', () => {
  it('builds each parcel carrier’s public page', () => {
    expect(trackingUrlFor('ups', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrlFor('fedex', '123456789012')).toBe('https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(trackingUrlFor('usps', '9400100000000000000000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000');
    expect(trackingUrlFor('freight', 'PRO-1')).toBeNull();
    expect(trackingUrlFor('other', 'X')).toBeNull();
  });
  it('answers one link per number, or the link given for freight and other', () => {
    expect(trackingUrlsOf({ carrier: 'fedex', trackingNumbers: ['1', '2'] })).toEqual([
      'https://www.fedex.com/fedextrack/?trknbr=1',
      'https://www.fedex.com/fedextrack/?trknbr=2',
    ]);
    expect(trackingUrlsOf({ carrier: 'freight', trackingNumbers: ['PRO-123'], trackingUrl: 'https://ltl.example.com/t?pro=123' })).toEqual([
      'https://ltl.example.com/t?pro=123',
    ]);
    expect(trackingUrlsOf({ carrier: 'other', trackingNumbers: [], trackingUrl: null })).toEqual([]);
  });
  it('never puts a number into the link unencoded (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/), (n) => {
        expect(trackingUrlFor('usps', n)).toBe(`https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`);
      }),
    );
  });
});

describe('what a line can still ship', () => {
  it('is ordered less shipped less backordered', () => {
    expect(shippableOf({ quantity: 10, shippedQuantity: 3, backorderedQuantity: 4 })).toBe(3);
    expect(shippableOf({ quantity: 2, shippedQuantity: 2, backorderedQuantity: 0 })).toBe(0);
  });
  const lines = [
    { quantity: 5, shippedQuantity: 2, backorderedQuantity: 0 },
    { quantity: 4, shippedQuantity: 0, backorderedQuantity: 3 },
  ];
  it('accepts up to what is left and names every line over it, unknown or repeated', () => {
    expect(shipmentProblems([line('0', 3), line('1', 1)], lines)).toEqual([]);
    const problems = shipmentProblems([line('0', 4), line('1', 2), line('2', 1), line('0', 1)], lines);
    expect(problems.map((p) => p.field)).toEqual(['lines.0', 'lines.1', 'lines.2', 'lines.3']);
    expect(problems[0].message).toContain('3 left to ship');
    expect(problems[2].message).toContain('no line 2');
    expect(problems[3].message).toContain('named twice');
  });
  it('never lets a line ship more than it has (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 200 }),
        (q, s, bo, want) => {
          const l = { quantity: q, shippedQuantity: Math.min(q, s), backorderedQuantity: Math.min(q - Math.min(q, s), bo) };
          const ok = shipmentProblems([line('0', want)], [l]).length === 0;
          expect(ok).toBe(l.shippedQuantity + l.backorderedQuantity + want <= q);
        },
      ),
    );
  });
});

describe('the shipment request schema (bounded, strict)', () => {
  it('takes a parcel shipment, defaults tracking numbers, names lines by position', () => {
    const parsed = shipmentInputSchema.parse({ lines: [line(0, 1), line('12', 3)], carrier: 'usps' });
    expect(parsed).toEqual({ lines: [line('0', 1), line('12', 3)], carrier: 'usps', trackingNumbers: [] });
  });
  it('requires a trackingUrl for freight and other', () => {
    expect(shipmentInputSchema.safeParse(body({ carrier: 'freight' })).success).toBe(false);
    expect(shipmentInputSchema.safeParse(body({ carrier: 'other', trackingUrl: 'https://track.example.com/x' })).success).toBe(true);
  });
  it('refuses unknown keys, bad carriers, zero or fractional quantities, text quantities', () => {
    for (const bad of [
      body({ extra: 1 }),
      body({ carrier: 'dhl' }),
      body({ lines: [line('0', 0)] }),
      body({ lines: [line('0', 1.5)] }),
      body({ lines: [{ lineId: '0', quantity: '2' }] }),
      body({ lines: [{ lineId: '0', quantity: 1, price: 3 }] }),
      body({ lines: [] }),
      body({ lines: [line('01', 1)] }),
      body({ lines: [line(-1, 1)] }),
      body({ trackingNumbers: ['1Z 999'] }),
      body({ trackingNumbers: ['A', 'A'] }),
      body({ shippedAt: '2026-11-29' }),
      body({ shippedAt: new Date(Date.now() + 3 * 86_400_000).toISOString() }),
    ]) {
      expect(shipmentInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it('bounds every list and text (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 60 }), (nLines, nNumbers, numberLength) => {
        const input = body({
          lines: Array.from({ length: nLines }, (_, i) => line(String(i % 50), 1)),
          trackingNumbers: Array.from({ length: nNumbers }, (_, i) => `${i}`.padStart(numberLength, 'A')),
        });
        const ok = shipmentInputSchema.safeParse(input).success;
        const fits = nLines >= 1 && nLines <= SHIPMENT_LIMITS.lines && nNumbers <= SHIPMENT_LIMITS.trackingNumbers && (nNumbers === 0 || numberLength <= 40);
        expect(ok).toBe(fits);
      }),
      { numRuns: 300 },
    );
  });
  it('takes https links only, at most 500 characters', () => {
    expect(isHttpsUrl('https://ltl.example.com/track?pro=1')).toBe(true);
    expect(isHttpsUrl('http://ltl.example.com/track')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpsUrl('https://user:pw@example.com/')).toBe(false);
    expect(isHttpsUrl('https://example.com/a b')).toBe(false);
    expect(isHttpsUrl(`https://example.com/${'a'.repeat(480)}`)).toBe(true);
    expect(isHttpsUrl(`https://example.com/${'a'.repeat(481)}`)).toBe(false);
  });
  it('a patch names at least one field; null clears the link', () => {
    expect(shipmentPatchSchema.safeParse({}).success).toBe(false);
    expect(shipmentPatchSchema.parse({ trackingUrl: null })).toEqual({ trackingUrl: null });
    expect(shipmentPatchSchema.safeParse({ lines: [] }).success).toBe(false);
  });
  it('an Idempotency-Key is 1 to 255 visible ASCII characters', () => {
    expect(idempotencyKeySchema.safeParse('8c1f6a3e-4b2d-4f7a-9e0c-1d2b3c4d5e6f').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('a b').success).toBe(false);
    expect(idempotencyKeySchema.safeParse('k'.repeat(256)).success).toBe(false);
    expect(idempotencyKeySchema.safeParse(undefined).success).toBe(false);
  });
});

describe('a stored shipment as answered', () => {
  const at = (iso: string) => ({ toDate: () => new Date(iso) });
  const doc = (over: Partial<ShipmentDoc> = {}): ShipmentDoc => ({
    id: 'a'.repeat(24),
    key: 'k',
    fingerprint: 'f',
    lines: [{ lineId: '0', toolId: 't', partNumber: 'FP-1', name: 'Gasket', quantity: 2 }],
    carrier: 'ups',
    service: 'Ground',
    trackingNumbers: ['1Z1'],
    trackingUrl: null,
    shippedAt: at('2026-11-29T10:00:00.000Z'),
    deliveredAt: null,
    cancelledAt: null,
    ...over,
  });
  it('has its links built and matches the answer schema; cancelled ones are left out', () => {
    const s = shipmentFromDoc(doc());
    expect(shipmentAnswerSchema.strict().parse(s)).toEqual(s);
    expect(s.trackingUrls).toEqual(['https://www.ups.com/track?tracknum=1Z1']);
    expect(s.shippedAt).toBe('2026-11-29T10:00:00.000Z');
    expect(shipmentsFromDoc([doc(), doc({ id: 'b'.repeat(24), cancelledAt: at('2026-11-29T11:00:00.000Z') })]).map((x) => x.id)).toEqual(['a'.repeat(24)]);
    expect(shipmentsFromDoc(undefined)).toEqual([]);
  });
});

describe('shippedAt', () => {
  it('takes an ISO time with its zone, not a day, not garbage, not days ahead', () => {
    expect(shipmentInputSchema.safeParse(body({ shippedAt: '2026-11-29T10:00:00Z' })).success).toBe(true);
    expect(shipmentInputSchema.safeParse(body({ shippedAt: '2026-11-29T10:00:00.123-06:00' })).success).toBe(true);
    for (const bad of ['2026-11-29T10:00:00', '2026-13-45T10:00:00Z', 'yesterday', 5]) {
      expect(shipmentInputSchema.safeParse(body({ shippedAt: bad })).success, String(bad)).toBe(false);
    }
  });
});
