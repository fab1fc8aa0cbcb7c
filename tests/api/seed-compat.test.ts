import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { partNumberKey } from '../../common/src/search/part-registry';
import { api, bearer } from '../support/api';
import { db, makeTool } from '../support/firestore';
import { ADMIN, ANONYMOUS_CALLERS, CUSTOMER, dumpFirestoreWithoutMail as dumpFirestore, expectError, useCast } from './fixtures';

/**
 * CONTRACT §9 seed compatibility: POST /addItem with only the SPEC's fields (the shop assigns the
 * next free part number) and PATCH /manage/{id} changing only the fields it is sent.
 */

const { customer, admin } = useCast({ admin: ADMIN, customer: CUSTOMER });

/** SPEC §7 POST /addItem: no part number, pack size or price breaks. */
const SPEC_TOOL = {
  image: 'https://example.test/parts/fan.jpg',
  name: 'Condenser Fan Motor',
  description: 'Quiet 230 V condenser fan motor.',
  price: '89.50',
  minimumQuantity: '1',
  availableQuantity: '20',
  // CONTRACT §14: a new tool's weight is now required.
  weight: '3',
};

const addItem = (body: Record<string, unknown>, token = admin.token) => api().post(API.addTool).set(bearer(token)).send(body);
/** The registry's claim of a part number: keyed by the number normalised (CONTRACT §11), with its kind and the number as written. */
const registry = async (partNumber: string) => {
  const claim = (await db.collection('partNumbers').doc(partNumberKey(partNumber)).get()).data();
  return claim && { toolId: claim.toolId };
};
const counter = async () => (await db.collection('counters').doc('partNumbers').get()).data();

// In order: the counter starts on the cast's emptied Firestore and each test goes on from the last.
describe('POST /addItem without a part number', () => {
  it('answers 201 with FP-ITEM-000001, then FP-ITEM-000002, and claims each in the registry', async () => {
    const first = await addItem(SPEC_TOOL).expect(201);
    expect(first.body).toMatchObject({
      name: SPEC_TOOL.name,
      price: 89.5,
      minimumQuantity: 1,
      availableQuantity: 20,
      partNumber: 'FP-ITEM-000001',
      packSize: 1,
      priceBreaks: [],
    });
    // Empty text is "not given", as the Add A Product form sends it.
    const second = await addItem({ ...SPEC_TOOL, partNumber: '' }).expect(201);
    expect(second.body.partNumber).toBe('FP-ITEM-000002');
    expect(await registry('FP-ITEM-000001')).toEqual({ toolId: first.body._id });
    expect(await registry('FP-ITEM-000002')).toEqual({ toolId: second.body._id });
    expect(await counter()).toEqual({ seq: 2 });
    expect((await db.collection('tools').doc(first.body._id).get()).data()).toMatchObject({
      partNumber: 'FP-ITEM-000001',
      priceCents: 8950,
      packSize: 1,
      priceBreaks: [],
    });
    const found = await api().get(`${API.tools}?q=FP-ITEM-000002`).expect(200);
    expect(found.body.map((t: { _id: string }) => t._id)).toEqual([second.body._id]);
  });

  it('skips a next number an admin already typed by hand', async () => {
    const typed = await addItem({ ...SPEC_TOOL, partNumber: 'fp-item-000003' }).expect(201);
    expect(typed.body.partNumber).toBe('FP-ITEM-000003');
    const assigned = await addItem(SPEC_TOOL).expect(201);
    expect(assigned.body.partNumber).toBe('FP-ITEM-000004');
    expect(await registry('FP-ITEM-000003')).toEqual({ toolId: typed.body._id });
    expect(await registry('FP-ITEM-000004')).toEqual({ toolId: assigned.body._id });
    expect(await counter()).toEqual({ seq: 4 });
  });

  it('still refuses a given part number already in use with 409, an assigned one too', async () => {
    const before = await dumpFirestore();
    for (const partNumber of ['FP-ITEM-000003', 'fp-item-000001']) {
      const res = await addItem({ ...SPEC_TOOL, partNumber }).expect(409);
      expectError(res.body, 'conflict');
      expect(res.body.error.fields).toHaveProperty('partNumber');
    }
    expect(await dumpFirestore()).toEqual(before);
  });

  it('gives distinct numbers to admins adding at once', async () => {
    const race = await Promise.all([1, 2, 3].map(() => addItem(SPEC_TOOL)));
    expect(race.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(race.map((r) => r.body.partNumber as string).sort()).toEqual(['FP-ITEM-000005', 'FP-ITEM-000006', 'FP-ITEM-000007']);
    expect(await counter()).toEqual({ seq: 7 });
  });

  it('answers 409 when the next 25 numbers are all taken, changing nothing; a typed one still works', async () => {
    const batch = db.batch();
    for (let seq = 8; seq < 8 + 25; seq++) batch.set(db.collection('partNumbers').doc(`FP-ITEM-${String(seq).padStart(6, '0')}`), { toolId: 'typed-by-hand' });
    await batch.commit();
    const before = await dumpFirestore();
    const res = await addItem(SPEC_TOOL).expect(409);
    expectError(res.body, 'conflict', /Type a part number/);
    expect(res.body.error.fields).toHaveProperty('partNumber');
    expect(await dumpFirestore()).toEqual(before);
    expect((await addItem({ ...SPEC_TOOL, partNumber: 'FP-FAN-1' }).expect(201)).body.partNumber).toBe('FP-FAN-1');
    // One more free number after the run is found again once it is within reach.
    await db.collection('partNumbers').doc('FP-ITEM-000020').delete();
    expect((await addItem(SPEC_TOOL).expect(201)).body.partNumber).toBe('FP-ITEM-000020');
    expect(await counter()).toEqual({ seq: 20 });
  });

  it('refuses a customer with 403 and anonymous callers with 401, changing nothing', async () => {
    const before = await dumpFirestore();
    expectError((await addItem(SPEC_TOOL, customer.token).expect(403)).body, 'permission-denied');
    for (const { headers } of ANONYMOUS_CALLERS) await api().post(API.addTool).set(headers).send(SPEC_TOOL).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });
});

describe('PATCH /manage/{id} with some fields', () => {
  let toolId: string;
  const stored = async () => (await db.collection('tools').doc(toolId).get()).data()!;
  const patch = (body: Record<string, unknown>, token = admin.token) => api().patch(API.editTool(toolId)).set(bearer(token)).send(body);

  beforeEach(async () => {
    toolId = await makeTool({
      name: 'Start Relay',
      priceCents: 2000,
      minimumQuantity: 4,
      availableQuantity: 10,
      packSize: 2,
      priceBreaks: [{ minQuantity: 10, priceCents: 1800 }],
    });
  });

  it('changes only the stock when sent only the stock', async () => {
    const before = await stored();
    const res = await patch({ availableQuantity: 70 }).expect(200);
    expect(res.body).toMatchObject({
      _id: toolId,
      price: 20,
      minimumQuantity: 4,
      availableQuantity: 70,
      packSize: 2,
      priceBreaks: [{ minQuantity: 10, price: 18 }],
    });
    expect(await stored()).toEqual({ ...before, availableQuantity: 70 });
  });

  it('changes only the price when sent only the price, held against the stored breaks', async () => {
    const before = await stored();
    await patch({ price: '21.00' }).expect(200);
    expect(await stored()).toEqual({ ...before, priceCents: 2100 });
    const res = await patch({ price: '17.00' }).expect(400);
    expect(res.body.error.fields).toHaveProperty('priceBreaks');
    expect((await stored()).priceCents).toBe(2100);
  });

  it.each([
    ['a minimum above the stored stock', { minimumQuantity: 50 }, 'minimumQuantity'],
    ['a stock below the stored minimum', { availableQuantity: 3 }, 'minimumQuantity'],
    ['a pack size the stored minimum is not a multiple of', { packSize: 3 }, 'minimumQuantity'],
    ['breaks dearer than the stored price', { priceBreaks: '10: 25.00' }, 'priceBreaks'],
  ])('refuses %s with 400 naming the field, the tool unchanged', async (_label, body, field) => {
    const before = await dumpFirestore();
    const res = await patch(body).expect(400);
    expectError(res.body, 'invalid-argument');
    expect(res.body.error.fields).toHaveProperty([field]);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('changes the price of a tool whose stock orders took below its minimum', async () => {
    await db.collection('tools').doc(toolId).update({ availableQuantity: 1 });
    await patch({ price: '19.00' }).expect(200);
    expect(await stored()).toMatchObject({ priceCents: 1900, availableQuantity: 1, minimumQuantity: 4 });
    // Touching the stock or the minimum holds them to the rule again.
    expect((await patch({ availableQuantity: 2 }).expect(400)).body.error.fields).toHaveProperty('minimumQuantity');
  });

  it('edits a seeded tool that has no pack size or breaks stored, with their defaults', async () => {
    // Deleted and written again: the offline Firestore stand-in keeps old fields on update and set.
    const { packSize: _pack, priceBreaks: _breaks, ...older } = await stored();
    await db.collection('tools').doc(toolId).delete();
    await db.collection('tools').doc(toolId).set(older);
    expect(await stored()).not.toHaveProperty('packSize');
    const res = await patch({ minimumQuantity: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ minimumQuantity: 3, packSize: 1, priceBreaks: [] });
    expect(await stored()).not.toHaveProperty('packSize');
  });

  it.each([
    ['an empty body', {}],
    ['only fields it does not edit', { name: 'Renamed', partNumber: 'HIJACK-1' }],
  ])('refuses %s with 400, changing nothing', async (_label, body) => {
    const before = await dumpFirestore();
    expectError((await patch(body).expect(400)).body, 'invalid-argument', /at least one/);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('answers 404 for an unknown tool', async () => {
    expectError((await api().patch(API.editTool('no-such-tool')).set(bearer(admin.token)).send({ availableQuantity: 5 }).expect(404)).body, 'not-found');
  });

  it('refuses a customer with 403 and anonymous callers with 401, changing nothing', async () => {
    const before = await dumpFirestore();
    expectError((await patch({ availableQuantity: 70 }, customer.token).expect(403)).body, 'permission-denied');
    for (const { headers } of ANONYMOUS_CALLERS) await api().patch(API.editTool(toolId)).set(headers).send({ availableQuantity: 70 }).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });
});
