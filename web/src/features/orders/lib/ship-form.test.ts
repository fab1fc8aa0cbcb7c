import { describe, expect, it } from 'vitest';
import { bookingFixture, lineFixture } from '../../../test-support/fixtures';
import { linesToShip, shipBodyOf, shipDefaults, shippedSummary, trackingNumbersOf } from './ship-form';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import { shipFormSchema, trackingFormSchema } from './ship-schemas';
import { givenTrackingUrl, trackingDefaults, trackingPatchOf } from './tracking-form';

const order = bookingFixture({
  lines: [
    lineFixture({ toolId: 'a', partNumber: 'FP-A', name: 'Gasket', quantity: 5, price: 1, lineTotal: 5, shippedQuantity: 5 }),
    lineFixture({ toolId: 'b', partNumber: null, name: 'Relay', quantity: 4, price: 1, lineTotal: 4, shippedQuantity: 1, backorderedQuantity: 1 }),
    lineFixture({ toolId: 'c', partNumber: 'FP-C', name: 'Fuse', quantity: 3, price: 1, lineTotal: 3 }),
  ],
});

describe('the ship dialog’s form (CONTRACT §14)', () => {
  it('offers the lines with something left, named by their position, less what is shipped or backordered', () => {
    expect(linesToShip(order)).toEqual([
      { lineId: '1', name: 'Relay', partNumber: null, left: 2 },
      { lineId: '2', name: 'Fuse', partNumber: 'FP-C', left: 3 },
    ]);
    expect(shipDefaults(linesToShip(order)).lines).toEqual([{ quantity: '2' }, { quantity: '3' }]);
  });

  it('sends the lines with a quantity, the numbers split on commas and new lines, and no blank service or link', () => {
    const lines = linesToShip(order);
    const form = { ...shipDefaults(lines), lines: [{ quantity: '0' }, { quantity: ' 2 ' }], trackingNumbers: ' 1Z1,1Z2\n\n1Z3 ', service: '  ' };
    expect(shipBodyOf(form, lines)).toEqual({
      body: { lines: [{ lineId: '2', quantity: 2 }], carrier: 'ups', trackingNumbers: ['1Z1', '1Z2', '1Z3'] },
      sent: [1],
    });
    expect(trackingNumbersOf('')).toEqual([]);
  });

  it('the schema refuses too many, nothing at all, a bad tracking number and freight without its link; passes the server’s body', () => {
    const lines = linesToShip(order);
    const schema = shipFormSchema(lines);
    const messages = (v: unknown) => (schema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    const base = shipDefaults(lines);
    expect(messages({ ...base, lines: [{ quantity: '3' }, { quantity: '1.5' }] })).toEqual([
      'lines.0.quantity: At most 2 left to ship',
      'lines.1.quantity: A whole number, 0 ships none',
    ]);
    expect(messages({ ...base, lines: [{ quantity: '0' }, { quantity: '' }] })).toEqual(['lines: Ship at least one unit of one line']);
    expect(messages({ ...base, trackingNumbers: '1Z 1Z!' })[0]).toMatch(/^trackingNumbers: A tracking number is 1 to 40 letters/);
    expect(messages({ ...base, trackingNumbers: '1Z, 1Z' })).toEqual(['trackingNumbers: A tracking number is listed twice']);
    expect(messages({ ...base, carrier: 'freight' })).toEqual(['trackingUrl: Required for LTL freight: its tracking page is not known, so give its link']);
    expect(messages({ ...base, carrier: 'other', trackingUrl: 'http://x.example.com' })[0]).toMatch(/^trackingUrl: trackingUrl is an https link/);
    expect(schema.parse({ ...base, trackingNumbers: '1Z9' })).toEqual({
      lines: [
        { lineId: '1', quantity: 2 },
        { lineId: '2', quantity: 3 },
      ],
      carrier: 'ups',
      trackingNumbers: ['1Z9'],
    });
  });

  it('says how much of an order has shipped, in lines', () => {
    expect(shippedSummary(order)).toBe('1 of 3 lines shipped');
    expect(shippedSummary({ lines: order.lines.map((l) => ({ ...l, shippedQuantity: 0 })) })).toBeNull();
    // Once every line has gone the order's state says so: no second "Shipped" beside it.
    expect(shippedSummary({ lines: order.lines.map((l) => ({ ...l, shippedQuantity: l.quantity })) })).toBeNull();
  });
});

describe('the Edit tracking dialog’s form (CONTRACT §14)', () => {
  const ups: Shipment = {
    id: 's1',
    lines: [],
    carrier: 'ups',
    service: 'Ground',
    trackingNumbers: ['1Z1', '1Z2'],
    trackingUrls: ['https://www.ups.com/track?tracknum=1Z1', 'https://www.ups.com/track?tracknum=1Z2', 'https://example.com/t/1'],
    shippedAt: '2026-01-02T15:00:00.000Z',
    deliveredAt: null,
  };

  it('starts from the shipment as it is: the numbers in one field, the given link told apart from the built ones', () => {
    expect(trackingDefaults(ups)).toEqual({ carrier: 'ups', service: 'Ground', trackingNumbers: '1Z1, 1Z2', trackingUrl: 'https://example.com/t/1' });
    expect(givenTrackingUrl({ ...ups, trackingUrls: ups.trackingUrls.slice(0, 2) })).toBe('');
    expect(givenTrackingUrl({ carrier: 'freight', trackingNumbers: ['PRO-1'], trackingUrls: ['https://f.example.com/1'] })).toBe('https://f.example.com/1');
    expect(trackingDefaults({ ...ups, carrier: 'other', service: null, trackingNumbers: [], trackingUrls: [] })).toEqual({
      carrier: 'other',
      service: '',
      trackingNumbers: '',
      trackingUrl: '',
    });
  });

  it('sends every field, blanks as null (cleared); the schema checks as the Ship dialog does and passes the server’s PATCH schema', () => {
    const form = { carrier: 'fedex' as const, service: '  ', trackingNumbers: '7001, 7002\n', trackingUrl: ' ' };
    expect(trackingPatchOf(form)).toEqual({ carrier: 'fedex', service: null, trackingNumbers: ['7001', '7002'], trackingUrl: null });
    const schema = trackingFormSchema();
    expect(schema.parse(form)).toEqual({ carrier: 'fedex', service: null, trackingNumbers: ['7001', '7002'], trackingUrl: null });
    const messages = (v: unknown) => (schema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages({ ...form, trackingNumbers: '7001 7001' })).toEqual(['trackingNumbers: A tracking number is listed twice']);
    expect(messages({ ...form, carrier: 'other' })).toEqual(['trackingUrl: Required for another carrier: its tracking page is not known, so give its link']);
    expect(messages({ ...form, carrier: 'freight', trackingUrl: 'ftp://x.example.com' })[0]).toMatch(/^trackingUrl: trackingUrl is an https link/);
  });
});
