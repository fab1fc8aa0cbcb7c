import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import type { BookingLineDoc } from '@fridgeparts/common/documents/bookings';
import type { ShipmentDoc } from '@fridgeparts/common/shipping/shipments';
import type { BookingDoc } from '../../data/firestore';
import { coresCheck, OPEN_CORES_RECHECK_MS } from './core-rules';

/** The sweep's look at an order's core deposits (decision 0088), without Firestore. */

const DAY = 86_400_000;
const SHIPPED = new Date('2026-09-01T12:00:00Z');
const DUE = new Date(SHIPPED.getTime() + 60 * DAY);

const line = (over: Partial<BookingLineDoc> = {}): BookingLineDoc => ({
  toolId: 'cmp',
  partNumber: 'FP-CMP-1',
  name: 'Compressor',
  quantity: 2,
  unitPriceCents: 25_000,
  lineTotalCents: 50_000,
  coreDepositCents: 15_000,
  shippedQuantity: 2,
  ...over,
});

const shipment = (lineIds: string[], at = SHIPPED): ShipmentDoc<Timestamp> => ({
  id: `s-${at.getTime()}`,
  key: 'k',
  fingerprint: 'f',
  lines: lineIds.map((lineId) => ({ lineId, toolId: 'cmp', partNumber: 'FP-CMP-1', name: 'Compressor', quantity: 2 })),
  carrier: 'ups',
  service: null,
  trackingNumbers: ['1Z999AA10123456784'],
  trackingUrl: null,
  shippedAt: Timestamp.fromDate(at),
  deliveredAt: null,
  cancelledAt: null,
});

const order = (lines: BookingLineDoc[], over: Partial<BookingDoc> = {}) =>
  ({
    toolId: 'cmp',
    name: 'Compressor',
    partNumber: 'FP-CMP-1',
    quantity: 2,
    unitPriceCents: 25_000,
    totalCents: 65_000,
    state: 'shipped',
    paid: true,
    transactionId: 'pi_1',
    status: 'booked',
    lines,
    shipments: [shipment(lines.map((_, i) => String(i)))],
    ...over,
  }) as unknown as BookingDoc;

describe('coresCheck', () => {
  it('before the day: marks nothing and looks again just after the cores fall due', () => {
    const r = coresCheck(order([line()]), new Date(DUE.getTime() - 1000), 60);
    expect(r.kept).toEqual([]);
    expect(r.next).toEqual(new Date(DUE.getTime() + 1));
  });

  it('after the day: marks the line kept once, with the cores neither received nor in an open return, and their deposit', () => {
    const now = new Date(DUE.getTime() + 1000);
    const r = coresCheck(order([line({ coreReturnedQuantity: 1 }), line({ coreDepositCents: undefined })]), now, 60);
    expect(r.kept).toEqual([{ lineId: '0', name: 'Compressor', partNumber: 'FP-CMP-1', units: 1, depositCents: 7500, dueOn: DUE }]);
    expect(r.lines[0]).toMatchObject({ coresKeptAt: Timestamp.fromDate(now), coresKeptQuantity: 1 });
    expect(r.lines[1]).not.toHaveProperty('coresKeptAt');
    expect(r.next).toBeNull();
    // Marked: a second look marks nothing more.
    const again = coresCheck(order(r.lines), new Date(now.getTime() + DAY), 60);
    expect(again.kept).toEqual([]);
    expect(again.next).toBeNull();
  });

  it('keeps nothing of cores all returned, and looks again a day later while past-due cores are in an open core return', () => {
    const now = new Date(DUE.getTime() + 1000);
    expect(coresCheck(order([line({ coreReturnedQuantity: 2 })]), now, 60)).toMatchObject({ kept: [], next: null });
    const open = coresCheck(order([line({ coreOpenQuantity: 2 })]), now, 60);
    expect(open.kept).toEqual([]);
    expect(open.next).toEqual(new Date(now.getTime() + OPEN_CORES_RECHECK_MS));
    // One in the open return, one owed: the owed one is kept, and the line is done.
    expect(coresCheck(order([line({ coreOpenQuantity: 1 })]), now, 60).kept.map((k) => k.units)).toEqual([1]);
  });

  it('counts from the line’s last shipment, and looks again later while a line has not shipped whole', () => {
    const later = new Date(SHIPPED.getTime() + 10 * DAY);
    const two = order([line()], { shipments: [shipment(['0']), shipment(['0'], later)] });
    expect(coresCheck(two, new Date(DUE.getTime() + 1000), 60).kept).toEqual([]);
    const part = order([line({ shippedQuantity: 1 })], { state: 'partially-shipped' });
    const now = new Date(DUE.getTime() + 1000);
    const r = coresCheck(part, now, 60);
    expect(r.kept.map((k) => k.units)).toEqual([1]);
    // Not shipped at all: nothing due yet, looked at again CORE_RETURN_DAYS later.
    const none = coresCheck(order([line({ shippedQuantity: 0 })], { state: 'paid', shipments: [] }), now, 60);
    expect(none).toMatchObject({ kept: [], next: new Date(now.getTime() + 60 * DAY) });
  });

  it('looks no more at an order that never shipped and will not (expired, refunded)', () => {
    for (const state of ['expired', 'refunded', 'declined'] as const)
      expect(coresCheck(order([line({ shippedQuantity: 0 })], { state, shipments: [] }), new Date(), 60), state).toMatchObject({ kept: [], next: null });
  });
});
