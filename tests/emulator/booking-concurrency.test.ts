import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { createUser, type TestUser } from '../support/auth';
import { clearFirestore, db, makeTool } from '../support/firestore';
// @ts-expect-error plain JS helper shared with npm start
import { firestoreMode } from '../../scripts/lib/stack.mjs';

/**
 * Runs on both Firestores: the official emulator (Java 21) and the offline stand-in, whose wrapper
 * (scripts/firestore-standin/transactions.mjs) isolates transactions with per-document locks
 * like production Firestore (docs/decisions/0002-firestore-stand-in.md).
 */
const mode = firestoreMode() as 'emulator' | 'standin';
const CONTACT = { phone: '+1 555 010 2030', address: '12 Frost Lane, Springfield' };
console.info(`booking concurrency: on the ${mode === 'emulator' ? 'official Firestore emulator' : 'offline stand-in with isolated transactions'}`);
describe('concurrent bookings on little stock', () => {
  let customers: TestUser[];
  beforeAll(async () => {
    await clearFirestore();
    customers = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  });

  it('20 simultaneous bookings on stock for 5: exactly 5 succeed, never oversold', async () => {
    const initial = 10;
    const toolId = await makeTool({ minimumQuantity: 2, availableQuantity: initial });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api()
          .post(API.booking)
          .set(bearer(customers[i % customers.length].token))
          .send({ toolId, quantity: 2, ...CONTACT }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    for (const s of statuses.filter((s) => s !== 201)) expect([400, 409]).toContain(s);

    const final = (await db.collection('tools').doc(toolId).get()).get('availableQuantity') as number;
    expect(final).toBeGreaterThanOrEqual(0);
    const bookings = await db.collection('bookings').where('toolId', '==', toolId).get();
    const booked = bookings.docs.reduce((sum, d) => sum + (d.get('quantity') as number), 0);
    expect(bookings.size).toBe(5);
    expect(booked).toBe(initial - final);
    expect(final).toBe(0);
  });

  for (const round of [1, 2, 3, 4, 5]) {
    it(`round ${round}: 50 simultaneous bookings of 5 on stock for 10 of them book exactly 10`, async () => {
      const toolId = await makeTool({ minimumQuantity: 5, availableQuantity: 50 });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api()
            .post(API.booking)
            .set(bearer(customers[i % customers.length].token))
            .send({ toolId, quantity: 5, ...CONTACT }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      for (const r of results.filter((r) => r.status !== 201)) {
        expect([400, 409]).toContain(r.status);
        expect(r.body.error.message.length).toBeGreaterThan(10);
      }
      expect((await db.collection('tools').doc(toolId).get()).get('availableQuantity')).toBe(0);
      expect((await db.collection('bookings').where('toolId', '==', toolId).get()).size).toBe(10);
    });
  }

  it("20 pairs of simultaneous cancels return each booking's stock exactly once", async () => {
    const toolId = await makeTool({ minimumQuantity: 1, availableQuantity: 40 });
    const owner = customers[1];
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      ids.push(
        (
          await api()
            .post(API.booking)
            .set(bearer(owner.token))
            .send({ toolId, quantity: 2, ...CONTACT })
            .expect(201)
        ).body._id,
      );
    expect((await db.collection('tools').doc(toolId).get()).get('availableQuantity')).toBe(0);
    const results = await Promise.all(ids.flatMap((id) => [0, 1].map(() => api().delete(API.cancelBooking(owner.email, id)).set(bearer(owner.token)))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.status).toBe(404);
    expect((await db.collection('tools').doc(toolId).get()).get('availableQuantity')).toBe(40);
  });

  it('bookings and cancels mixed: stock plus booked always equals the initial stock', async () => {
    const toolId = await makeTool({ minimumQuantity: 1, availableQuantity: 30 });
    const owner = customers[2];
    const first = await Promise.all(
      Array.from({ length: 10 }, () =>
        api()
          .post(API.booking)
          .set(bearer(owner.token))
          .send({ toolId, quantity: 3, ...CONTACT }),
      ),
    );
    const created = first.filter((r) => r.status === 201).map((r) => r.body._id as string);
    await Promise.all([
      ...created.slice(0, 5).map((id) => api().delete(API.cancelBooking(owner.email, id)).set(bearer(owner.token))),
      ...Array.from({ length: 10 }, () =>
        api()
          .post(API.booking)
          .set(bearer(owner.token))
          .send({ toolId, quantity: 3, ...CONTACT }),
      ),
    ]);
    const stock = (await db.collection('tools').doc(toolId).get()).get('availableQuantity') as number;
    const bookings = await db.collection('bookings').where('toolId', '==', toolId).get();
    const booked = bookings.docs.reduce((sum, d) => sum + (d.get('quantity') as number), 0);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock + booked).toBe(30);
  });

  it('simultaneous cancels of one booking return its stock exactly once', async () => {
    const toolId = await makeTool({ minimumQuantity: 1, availableQuantity: 10 });
    const owner = customers[0];
    const created = await api()
      .post(API.booking)
      .set(bearer(owner.token))
      .send({ toolId, quantity: 4, ...CONTACT })
      .expect(201);
    const results = await Promise.all(Array.from({ length: 8 }, () => api().delete(API.cancelBooking(owner.email, created.body._id)).set(bearer(owner.token))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.status).toBe(404);
    expect((await db.collection('tools').doc(toolId).get()).get('availableQuantity')).toBe(10);
  });

  it("simultaneous cancels of orders of many lines return each line's stock exactly once", async () => {
    const owner = customers[3];
    const tools = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const partNumber = `CC-${i}-${Date.now().toString(36).toUpperCase()}`;
        const id = await makeTool({ partNumber, minimumQuantity: 1, availableQuantity: 60 });
        await db.collection('partNumbers').doc(partNumber).set({ toolId: id });
        return { id, partNumber };
      }),
    );
    const stocks = () => Promise.all(tools.map(async (t) => (await db.collection('tools').doc(t.id).get()).get('availableQuantity') as number));
    // Four lines, the first tool on two of them: 3, 3 and 1 of the three tools per order.
    const lines = [
      { partNumber: tools[0].partNumber, quantity: 2 },
      { partNumber: tools[1].partNumber, quantity: 3 },
      { partNumber: tools[2].partNumber, quantity: 1 },
      { partNumber: tools[0].partNumber, quantity: 1 },
    ];
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push(
        (
          await api()
            .post(API.quickOrder)
            .set(bearer(owner.token))
            .send({ lines, ...CONTACT })
            .expect(201)
        ).body._id,
      );
    expect(await stocks()).toEqual([30, 30, 50]);
    const results = await Promise.all(ids.flatMap((id) => [0, 1, 2].map(() => api().delete(API.cancelBooking(owner.email, id)).set(bearer(owner.token)))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.status).toBe(404);
    expect(await stocks()).toEqual([60, 60, 60]);
  });

  it('ids that are JavaScript object keys are ordinary documents', async () => {
    for (const id of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      await makeTool({ id, minimumQuantity: 1, availableQuantity: 5 });
      expect((await api().get(API.tool(id)).expect(200)).body._id).toBe(id);
      const booked = await api()
        .post(API.booking)
        .set(bearer(customers[3].token))
        .send({ toolId: id, quantity: 2, ...CONTACT })
        .expect(201);
      await api().delete(API.cancelBooking(customers[3].email, booked.body._id)).set(bearer(customers[3].token)).expect(200);
      expect((await db.collection('tools').doc(id).get()).get('availableQuantity')).toBe(5);
    }
    expect((await api().get(API.tool('prototype')).expect(404)).body.error.code).toBe('not-found');
  });

  it('the Admin SDK sees isolated transactions: 5 concurrent increments give exactly +5', async () => {
    const ref = db.collection('counters').doc('isolation-check');
    await ref.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        db.runTransaction(async (tx) => {
          const n = (await tx.get(ref)).get('n') as number;
          tx.update(ref, { n: n + 1 });
        }),
      ),
    );
    expect((await ref.get()).get('n')).toBe(5);
  });

  it('two admins removing each other at once never leave the shop without an admin', async () => {
    await clearFirestore();
    const [a, b] = await Promise.all([createUser({ admin: true }), createUser({ admin: true })]);
    for (const u of [a, b]) await api().put(API.syncUser(u.email)).set(bearer(u.token)).expect(200);
    const [ra, rb] = await Promise.all([
      api().delete(API.removeAdmin(b.email)).set(bearer(a.token)),
      api().delete(API.removeAdmin(a.email)).set(bearer(b.token)),
    ]);
    expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
    for (const s of [ra.status, rb.status].filter((s) => s !== 200)) expect([401, 409]).toContain(s);
    const admins = await db.collection('users').where('role', '==', 'admin').get();
    expect(admins.size).toBe(1);
  });
});
