import '../support/env';
import { describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { sweepReservations } from '../../functions/src/services/sweep/reservation-sweep';
import { api, bearer } from '../support/api';
import { makeTool } from '../support/firestore';
import { ADMIN, CUSTOMER, GOOD_CONTACT, HOUR, dumpFirestoreWithoutMail as dumpFirestore, expectError, placeBooking, stockOf, useCast } from './fixtures';

/**
 * CONTRACT §13: an admin's edit never wipes what happened meanwhile. GET /tool/{id} answers an
 * ETag; PATCH /manage/{id} with If-Match is refused with 412 and the current tool when the tool
 * moved since; `addStock` adds inside the transaction. The stand-in isolates transactions with
 * per-document locks (decision 0002), so the concurrent cases below are real races.
 */

const { customer, admin } = useCast({ customer: CUSTOMER, admin: ADMIN });

const read = async (toolId: string, headers: Record<string, string> = {}) => {
  const res = await api().get(API.tool(toolId)).set(headers).expect(200);
  return { tool: res.body as { availableQuantity: number; price: number; minimumQuantity: number }, etag: res.headers.etag as string };
};
const edit = (toolId: string, body: Record<string, unknown>, ifMatch?: string) => {
  const req = api().patch(API.editTool(toolId)).set(bearer(admin.token));
  return (ifMatch === undefined ? req : req.set('If-Match', ifMatch)).send(body);
};
const book = (toolId: string, quantity: number) => placeBooking(customer, { toolId, quantity, ...GOOD_CONTACT });

describe('GET /tool/{id} ETag', () => {
  it('is a strong tag from the same read, the same while nothing is written, and a matching If-None-Match gets 304', async () => {
    const toolId = await makeTool({ availableQuantity: 30 });
    const first = await read(toolId);
    expect(first.etag).toMatch(/^"[^"]+"$/);
    expect(first.etag).not.toMatch(/^W\//);
    expect((await read(toolId)).etag).toBe(first.etag);
    // Signed in (the product form): private and never stored, so no cache hands it an old tag.
    const signedIn = await api().get(API.tool(toolId)).set(bearer(admin.token)).expect(200);
    expect(signedIn.headers.etag).toBe(first.etag);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    await api().get(API.tool(toolId)).set('If-None-Match', first.etag).expect(304);
  });

  it('changes with every stock move: a booking, its cancel, an expiry, an edit', async () => {
    const toolId = await makeTool({ availableQuantity: 30, minimumQuantity: 1 });
    const seen = [(await read(toolId)).etag];
    const booked = await book(toolId, 3).expect(201);
    seen.push((await read(toolId)).etag);
    await api().delete(API.cancelBooking(customer.email, booked.body._id)).set(bearer(customer.token)).expect(200);
    const cancelled = await read(toolId);
    expect(cancelled.tool.availableQuantity).toBe(30);
    seen.push(cancelled.etag);
    await book(toolId, 4).expect(201);
    seen.push((await read(toolId)).etag);
    await sweepReservations({ now: new Date(Date.now() + 49 * HOUR) });
    const expired = await read(toolId);
    expect(expired.tool.availableQuantity).toBe(30);
    seen.push(expired.etag);
    seen.push((await edit(toolId, { price: '18.00' }).expect(200)).headers.etag as string);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('PATCH /manage/{id} with If-Match', () => {
  it('refuses a stale edit with 412 and the current tool when a booking landed between read and save; nothing changes', async () => {
    const toolId = await makeTool({ availableQuantity: 20, minimumQuantity: 1, priceCents: 1999 });
    const loaded = await read(toolId, bearer(admin.token));
    await book(toolId, 5).expect(201);
    const before = await dumpFirestore();
    // The admin "sets" the stock they saw plus a delivery of 10: without the guard this gave the 5 back.
    const res = await edit(toolId, { availableQuantity: 30, price: '17.50' }, loaded.etag).expect(412);
    expectError({ error: res.body.error }, 'precondition-failed', /changed while you were editing/);
    expect(res.body.tool).toMatchObject({ _id: toolId, availableQuantity: 15, price: 19.99 });
    const now = await read(toolId);
    expect(res.headers.etag).toBe(now.etag);
    expect(await dumpFirestore()).toEqual(before);
    expect(await stockOf(toolId)).toBe(15);
    // The form shows the current values and saves again with the tag the 412 carried.
    const again = await edit(toolId, { addStock: 10, price: '17.50' }, res.headers.etag as string).expect(200);
    expect(again.body).toMatchObject({ availableQuantity: 25, price: 17.5 });
  });

  it('takes a current If-Match: 200, and the answer carries the new ETag, which the next read agrees with', async () => {
    const toolId = await makeTool({ availableQuantity: 20, minimumQuantity: 2 });
    const loaded = await read(toolId, bearer(admin.token));
    const res = await edit(toolId, { minimumQuantity: 4, addStock: 6 }, loaded.etag).expect(200);
    expect(res.body).toMatchObject({ minimumQuantity: 4, availableQuantity: 26 });
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers.etag).not.toBe(loaded.etag);
    expect((await read(toolId)).etag).toBe(res.headers.etag);
    // The old tag is now stale.
    await edit(toolId, { minimumQuantity: 6 }, loaded.etag).expect(412);
    expect(await stockOf(toolId)).toBe(26);
  });

  it('takes * and a list holding the current tag; a weak copy of the current tag does not match', async () => {
    const toolId = await makeTool({ availableQuantity: 20, minimumQuantity: 1 });
    const a = await edit(toolId, { addStock: 1 }, '*').expect(200);
    const b = await edit(toolId, { addStock: 1 }, `"nope", ${a.headers.etag}`).expect(200);
    await edit(toolId, { addStock: 1 }, `W/${b.headers.etag}`).expect(412);
    expect(await stockOf(toolId)).toBe(22);
  });

  it('acts as before without If-Match (a script sets the stock)', async () => {
    const toolId = await makeTool({ availableQuantity: 20, minimumQuantity: 1 });
    await book(toolId, 5).expect(201);
    expect((await edit(toolId, { availableQuantity: 40 }).expect(200)).body.availableQuantity).toBe(40);
  });

  it.each([
    ['an unquoted tag', 'abc'],
    ['an unterminated tag', '"abc'],
    ['two tags without a comma', '"a" "b"'],
    ['an empty header', ''],
  ])('refuses %s with 400, changing nothing', async (_label, header) => {
    const toolId = await makeTool({ availableQuantity: 20 });
    const before = await dumpFirestore();
    const res = await edit(toolId, { addStock: 5 }, header).expect(400);
    expectError(res.body, 'invalid-argument', /If-Match/);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('answers 404, not 412, for a tool removed meanwhile', async () => {
    const toolId = await makeTool();
    const { etag } = await read(toolId);
    await api().delete(API.deleteTool(toolId)).set(bearer(admin.token)).expect(200);
    expectError((await edit(toolId, { addStock: 1 }, etag).expect(404)).body, 'not-found');
  });
});

describe('PATCH /manage/{id} addStock', () => {
  it('adds a delivery and takes a write-off, down to exactly 0', async () => {
    const toolId = await makeTool({ availableQuantity: 20, minimumQuantity: 2 });
    expect((await edit(toolId, { addStock: '15' }).expect(200)).body.availableQuantity).toBe(35);
    expect((await edit(toolId, { addStock: -35 }).expect(200)).body.availableQuantity).toBe(0);
    expect(await stockOf(toolId)).toBe(0);
  });

  it('writes off below the minimum order quantity (what is on the shelf), but never below 0: 400 naming addStock, nothing changed', async () => {
    const toolId = await makeTool({ availableQuantity: 10, minimumQuantity: 4 });
    expect((await edit(toolId, { addStock: -8 }).expect(200)).body.availableQuantity).toBe(2);
    const before = await dumpFirestore();
    const res = await edit(toolId, { addStock: -3, price: '5.00' }).expect(400);
    expectError(res.body, 'invalid-argument', /Only 2 in stock/);
    expect(res.body.error.fields).toHaveProperty('addStock');
    expect(await dumpFirestore()).toEqual(before);
  });

  it('is exact under concurrency: 10 bookings and 5 deliveries at once end at initial - booked + added', async () => {
    const toolId = await makeTool({ availableQuantity: 100, minimumQuantity: 1 });
    const bookings = Array.from({ length: 10 }, (_, i) => book(toolId, i + 1));
    const deliveries = Array.from({ length: 5 }, (_, i) => edit(toolId, { addStock: 10 * (i + 1) }));
    const results = await Promise.all([...bookings, ...deliveries]);
    expect(results.map((r) => r.status)).toEqual([...Array<number>(10).fill(201), ...Array<number>(5).fill(200)]);
    // 100 - (1 + ... + 10) + (10 + ... + 50)
    expect(await stockOf(toolId)).toBe(100 - 55 + 150);
  });

  it('is exact when write-offs race bookings for the last units: the stock never goes below 0', async () => {
    const toolId = await makeTool({ availableQuantity: 12, minimumQuantity: 1 });
    const results = await Promise.all([book(toolId, 4), edit(toolId, { addStock: -5 }), book(toolId, 4), edit(toolId, { addStock: -5 }), book(toolId, 4)]);
    const taken = results.reduce((sum, r, i) => sum + (r.status < 300 ? (i % 2 === 0 ? 4 : 5) : 0), 0);
    for (const r of results) expect([200, 201, 400]).toContain(r.status);
    const stock = await stockOf(toolId);
    expect(stock).toBe(12 - taken);
    expect(stock).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['addStock 0', { addStock: 0 }, 'addStock'],
    ['a fractional addStock', { addStock: 1.5 }, 'addStock'],
    ['addStock as a list', { addStock: [5] }, 'addStock'],
    ['addStock in hex', { addStock: '0x10' }, 'addStock'],
    ['addStock beyond the largest quantity', { addStock: 1_000_001 }, 'addStock'],
    ['both availableQuantity and addStock', { availableQuantity: 10, addStock: 5 }, 'addStock'],
    ['a stock that would pass the largest quantity', { addStock: 1_000_000 }, 'addStock'],
    ['nothing to change', { name: 'Renamed' }, '_'],
  ])('refuses %s with 400 naming the field, changing nothing', async (_label, body, field) => {
    const toolId = await makeTool({ availableQuantity: 20 });
    const before = await dumpFirestore();
    const res = await edit(toolId, body).expect(400);
    expectError(res.body, 'invalid-argument');
    expect(res.body.error.fields).toHaveProperty([field]);
    expect(await dumpFirestore()).toEqual(before);
  });
});
