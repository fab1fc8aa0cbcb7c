import '../support/env';
import { describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { addCalendarDays, shopToday } from '../../common/src/availability/availability';
import { shipsOn } from '../../common/src/shipping/ship-dates';
import { api, bearer } from '../support/api';
import { makeTool } from '../support/firestore';
import { ADMIN, expectError, useCast } from './fixtures';

/**
 * CONTRACT §14 availability on every tool answer. The function has no injected clock: each answer
 * is held to ship-dates' own functions at the moments just before and just after the request (the
 * cut-off or midnight may fall between them, so either is right; both are the same almost always).
 */

const { admin } = useCast({ admin: ADMIN });

type Availability = { status: string; available: number; shipsOn: string; restockOn?: string };

/** The request's answer and the two moments around it. */
async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; before: Date; after: Date }> {
  const before = new Date();
  const answer = await call();
  return { answer, before, after: new Date() };
}
const oneOf = (value: string | undefined, at: { before: Date; after: Date }, f: (now: Date) => string) => expect([f(at.before), f(at.after)]).toContain(value);

const read = async (id: string) => {
  const res = await api().get(API.tool(id)).expect(200);
  return { tool: res.body as { availability: Availability; restock: unknown[] }, etag: res.headers.etag as string };
};
const edit = (id: string, body: Record<string, unknown>, ifMatch: string) =>
  api().patch(API.editTool(id)).set(bearer(admin.token)).set('If-Match', ifMatch).send(body);

describe('availability on tool answers (CONTRACT §14)', () => {
  it('in stock: available is the stock and it ships on the day ship-dates gives for now (before or after the cut-off)', async () => {
    const id = await makeTool({ availableQuantity: 340 });
    const at = await timed(() => read(id));
    const a = at.answer.tool.availability;
    expect(a).toMatchObject({ status: 'in_stock', available: 340 });
    expect(a.restockOn).toBeUndefined();
    oneOf(a.shipsOn, at, (now) => shipsOn(now));
    expect(at.answer.tool.restock).toEqual([]);
  });

  it('stock 0 is a backorder, expected today + the lead time (14 by default)', async () => {
    const id = await makeTool({ availableQuantity: 0, minimumQuantity: 1 });
    const at = await timed(() => read(id));
    const a = at.answer.tool.availability;
    expect(a).toMatchObject({ status: 'backorder', available: 0 });
    oneOf(a.restockOn, at, (now) => addCalendarDays(shopToday(now), 14));
    expect(a.shipsOn >= a.restockOn!).toBe(true);
  });

  it("the admin's expected delivery wins over the lead time; the edit takes lead time and restock with If-Match", async () => {
    const id = await makeTool({ availableQuantity: 0, minimumQuantity: 1 });
    const first = await read(id);
    const leadAt = await timed(() => edit(id, { leadTimeDays: 5 }, first.etag).expect(200));
    oneOf(leadAt.answer.body.availability.restockOn, leadAt, (now) => addCalendarDays(shopToday(now), 5));

    const soon = addCalendarDays(shopToday(new Date()), 3);
    const later = addCalendarDays(shopToday(new Date()), 20);
    const second = await read(id);
    const res = await edit(
      id,
      {
        restock: [
          { quantity: 40, expectedOn: later },
          { quantity: 10, expectedOn: soon },
        ],
      },
      second.etag,
    ).expect(200);
    expect(res.body.restock).toEqual([
      { quantity: 10, expectedOn: soon },
      { quantity: 40, expectedOn: later },
    ]);
    expect(res.body.availability.restockOn).toBe(soon);
    // A stale tag changes nothing (CONTRACT §13).
    await edit(id, { restock: [] }, first.etag).expect(412);
    expect((await read(id)).tool.restock).toHaveLength(2);
  });

  it('refuses a restock day in the past, a day that does not exist and unknown keys, naming the field', async () => {
    const id = await makeTool({ availableQuantity: 0, minimumQuantity: 1 });
    const { etag } = await read(id);
    const yesterday = addCalendarDays(shopToday(new Date()), -1);
    const past = await edit(id, { restock: [{ quantity: 5, expectedOn: yesterday }] }, etag).expect(400);
    expectError(past.body, 'invalid-argument', /past/);
    expect(past.body.error.fields).toHaveProperty(['restock.0.expectedOn']);
    const unreal = await edit(id, { restock: [{ quantity: 5, expectedOn: '2030-02-30' }] }, etag).expect(400);
    expect(unreal.body.error.fields).toHaveProperty(['restock.0.expectedOn']);
    await edit(id, { restock: [{ quantity: 5, expectedOn: '2030-02-03', note: 'x' }] }, etag).expect(400);
    expect((await read(id)).tool.restock).toEqual([]);
  });

  it('the list, the search hits and a discontinued tool carry it too', async () => {
    const partNumber = `FP-AVL-${Date.now().toString(36).toUpperCase()}`;
    const id = await makeTool({ availableQuantity: 7, partNumber });
    const list = await api().get(`${API.tools}?sort=newest&limit=100`).expect(200);
    for (const t of list.body as { availability: Availability }[]) expect(['in_stock', 'backorder']).toContain(t.availability.status);
    const hits = await api().get(`${API.search}?q=${partNumber}`).expect(200);
    const hit = (hits.body.hits as { _id: string; availability: Availability }[]).find((h) => h._id === id);
    expect(hit?.availability).toMatchObject({ status: 'in_stock', available: 7 });
    const replacement = await makeTool({ availableQuantity: 3 });
    const old = await makeTool({ availableQuantity: 9, replacedBy: replacement });
    expect((await read(old)).tool.availability).toMatchObject({ status: 'discontinued', available: 9 });
  });
});
