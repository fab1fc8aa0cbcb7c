import { describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { db, makeTool } from '../support/firestore';
import { ADMIN, ANONYMOUS_CALLERS, CUSTOMER, dumpFirestore, expectError, makeBooking, useCast } from './fixtures';

const { customer, admin } = useCast({ customer: CUSTOMER, admin: ADMIN });

const GOOD_TOOL = {
  image: 'https://example.test/parts/compressor.jpg',
  name: 'Rotary Compressor R600a',
  description: 'Low-noise rotary compressor for domestic refrigerators.',
  price: '129.99',
  minimumQuantity: '2',
  availableQuantity: '40',
  weight: '2.5',
  // A fresh part number every time the object is spread: part numbers are unique (CONTRACT §7).
  get partNumber() {
    return `FP-RC-${++partSeq}`;
  },
};
let partSeq = 0;

describe('POST /addItem (admin)', () => {
  it('adds a tool from the form’s text values, price exact in cents', async () => {
    const res = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...GOOD_TOOL, email: 'someone@else.test', priceCents: 1, role: 'admin' })
      .expect(201);
    expect(res.body).toMatchObject({ name: GOOD_TOOL.name, price: 129.99, minimumQuantity: 2, availableQuantity: 40, image: GOOD_TOOL.image });
    const stored = (await db.collection('tools').doc(res.body._id).get()).data()!;
    expect(stored).toMatchObject({ priceCents: 12999 });
    // World-readable: no admin uid in the tool document (issue 8).
    expect(stored).not.toHaveProperty('createdBy');
    for (const field of ['email', 'role', 'price']) expect(stored).not.toHaveProperty(field);
    const listed = await api().get(API.tool(res.body._id)).expect(200);
    expect(listed.body.price).toBe(129.99);
  });

  it('stores part number, pack size and price breaks (text or list), and finds the tool by part number', async () => {
    const res = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...GOOD_TOOL, partNumber: 'fp-gsk-test-7', packSize: '10', minimumQuantity: '20', priceBreaks: '100: 119.00, 250: 109.50' })
      .expect(201);
    expect(res.body).toMatchObject({
      partNumber: 'FP-GSK-TEST-7',
      packSize: 10,
      priceBreaks: [
        { minQuantity: 100, price: 119 },
        { minQuantity: 250, price: 109.5 },
      ],
    });
    const stored = (await db.collection('tools').doc(res.body._id).get()).data()!;
    expect(stored.priceBreaks).toEqual([
      { minQuantity: 100, priceCents: 11900 },
      { minQuantity: 250, priceCents: 10950 },
    ]);
    const found = await api().get(`${API.tools}?q=FP-GSK-TEST`).expect(200);
    expect(found.body.map((t: { _id: string }) => t._id)).toContain(res.body._id);
    const asList = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...GOOD_TOOL, priceBreaks: [{ minQuantity: 10, price: 120 }] })
      .expect(201);
    expect(asList.body.priceBreaks).toEqual([{ minQuantity: 10, price: 120 }]);
  });

  it('refuses a part number already in use with 409, also when two admins add it at once', async () => {
    await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...GOOD_TOOL, partNumber: 'FP-DUP-1' })
      .expect(201);
    const again = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...GOOD_TOOL, partNumber: 'fp-dup-1' })
      .expect(409);
    expect(again.body.error.fields).toHaveProperty('partNumber');
    const race = await Promise.all(
      [1, 2, 3].map(() =>
        api()
          .post(API.addTool)
          .set(bearer(admin.token))
          .send({ ...GOOD_TOOL, partNumber: 'FP-DUP-2' }),
      ),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await db.collection('tools').where('partNumber', '==', 'FP-DUP-2').get()).size).toBe(1);
  });

  it.each([
    // No part number is no longer refused: the shop assigns one (CONTRACT §9, seed-compat.test.ts).
    ['a part number with spaces', { partNumber: 'FP 12' }, /capitals, digits and dashes/],
    ['a minimum that is not whole packs', { packSize: '10', minimumQuantity: '15' }, /multiple of the pack size \(10\)/],
    ['price breaks out of order', { priceBreaks: '250: 100.00, 100: 110.00' }, /./],
    ['a price break above the price', { priceBreaks: '100: 200.00' }, /./],
    ['price breaks that are not pairs', { priceBreaks: 'lots' }, /quantity: price pairs/],
  ])('refuses %s with 400, changing nothing', async (_label, over, message) => {
    const before = (await db.collection('tools').get()).size;
    const res = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...GOOD_TOOL, ...over })
      .expect(400);
    expect(res.body.error.message).toMatch(message);
    expect((await db.collection('tools').get()).size).toBe(before);
  });

  it('accepts numbers as well as text', async () => {
    const res = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...GOOD_TOOL, price: 19.99, minimumQuantity: 1, availableQuantity: 1 })
      .expect(201);
    expect(res.body.price).toBe(19.99);
  });

  it.each([
    ['no image', { image: undefined }, /Image is required/],
    ['an image that is not a https URL', { image: 'javascript:alert(1)' }, /Image must be an https:\/\/ URL/],
    ['an http image', { image: 'http://example.test/a.jpg' }, /https/],
    ['no name', { name: ' ' }, /Product name is required/],
    ['no description', { description: undefined }, /Description is required/],
    ['a price that is text', { price: 'cheap' }, /Price must be a positive amount/],
    ['a zero price', { price: '0' }, /Price must be a positive amount/],
    ['a negative price', { price: -5 }, /Price must be a positive amount/],
    ['a price with three decimals', { price: '1.999' }, /Price must be a positive amount/],
    ['a zero minimum', { minimumQuantity: '0' }, /Minimum quantity must be a whole number from 1/],
    ['a fractional available quantity', { availableQuantity: '2.5' }, /Available quantity must be a whole number/],
    [
      'a minimum above the available quantity',
      { minimumQuantity: '50', availableQuantity: '10' },
      /Minimum quantity can not be higher than available quantity/,
    ],
    ['an object for a price', { price: { cents: 5 } }, /Price/],
  ])('refuses %s with 400 and a message, changing nothing', async (_label, over, message) => {
    const before = await dumpFirestore();
    const res = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...GOOD_TOOL, ...over })
      .expect(400);
    expectError(res.body, 'invalid-argument', message);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses a customer with 403, changing nothing', async () => {
    const before = await dumpFirestore();
    expectError((await api().post(API.addTool).set(bearer(customer.token)).send(GOOD_TOOL).expect(403)).body, 'permission-denied');
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const before = await dumpFirestore();
    await api().post(API.addTool).set(headers).send(GOOD_TOOL).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });
});

describe('DELETE /manage/{id} (admin)', () => {
  it('deletes the tool; its bookings keep their own name, price and quantities', async () => {
    const toolId = await makeTool({ name: 'Defrost Timer' });
    const bookingId = await makeBooking(customer, toolId);
    expect((await api().delete(API.deleteTool(toolId)).set(bearer(admin.token)).expect(200)).body).toEqual({ deletedCount: 1 });
    await api().get(API.tool(toolId)).expect(404);
    const booking = await api().get(API.myBooking(bookingId)).set(bearer(customer.token)).expect(200);
    expect(booking.body).toMatchObject({ toolId, price: 19.99, itemMinimumQuantity: 2, itemAvailableQuantity: 50 });
    expectError((await api().delete(API.deleteTool(toolId)).set(bearer(admin.token)).expect(404)).body, 'not-found');
  });

  it('answers 404 for an unknown id', async () => {
    await api().delete(API.deleteTool('no-such-tool')).set(bearer(admin.token)).expect(404);
    await api().delete(API.deleteTool('__x__')).set(bearer(admin.token)).expect(404);
  });

  it('refuses a customer with 403, changing nothing', async () => {
    const toolId = await makeTool();
    const before = await dumpFirestore();
    await api().delete(API.deleteTool(toolId)).set(bearer(customer.token)).expect(403);
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const toolId = await makeTool();
    const before = await dumpFirestore();
    await api().delete(API.deleteTool(toolId)).set(headers).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });
});
