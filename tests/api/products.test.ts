import { describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { db, makeTool } from '../support/firestore';
import {
  ADMIN,
  ANONYMOUS_CALLERS,
  bookingDoc,
  CUSTOMER,
  dumpFirestore,
  expectError,
  GOOD_CONTACT,
  makeBooking,
  quickOrder,
  RATE_BP,
  taxOfCents,
  useCast,
} from './fixtures';

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

describe('a tool’s core deposit and tax code (decision 0088, CONTRACT §15)', () => {
  const NONTAXABLE = 'txcd_00000000';
  const add = (over: Record<string, unknown>) =>
    api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...GOOD_TOOL, ...over });
  const edit = (id: string, body: Record<string, unknown>) => api().patch(API.editTool(id)).set(bearer(admin.token)).send(body);
  const stored = async (id: string) => (await db.collection('tools').doc(id).get()).data()!;

  it('stores the deposit in cents and the tax code, answers both, and treats none as none', async () => {
    const res = await add({ coreDeposit: '75.50', taxCode: ' txcd_30011000 ' }).expect(201);
    expect(res.body).toMatchObject({ coreDeposit: 75.5, taxCode: 'txcd_30011000' });
    expect(await stored(res.body._id)).toMatchObject({ coreDepositCents: 7550, taxCode: 'txcd_30011000' });
    // Anyone reads them on the part (the cart and the part page show the deposit).
    expect((await api().get(API.tool(res.body._id)).expect(200)).body).toMatchObject({ coreDeposit: 75.5, taxCode: 'txcd_30011000' });

    for (const none of [{}, { coreDeposit: '', taxCode: '' }, { coreDeposit: 0, taxCode: null }]) {
      const plain = await add(none).expect(201);
      expect(plain.body).toMatchObject({ coreDeposit: 0, taxCode: null });
      const doc = await stored(plain.body._id);
      expect(doc).not.toHaveProperty('coreDepositCents');
      expect(doc).not.toHaveProperty('taxCode');
    }
    expect((await add({ coreDeposit: 10_000 }).expect(201)).body.coreDeposit).toBe(10_000);
  });

  it('changes them by PATCH /manage/{id}: 0 removes the deposit, null or empty goes back to the default code', async () => {
    const id = (await add({}).expect(201)).body._id as string;
    expect((await edit(id, { coreDeposit: 250, taxCode: NONTAXABLE }).expect(200)).body).toMatchObject({ coreDeposit: 250, taxCode: NONTAXABLE });
    expect(await stored(id)).toMatchObject({ coreDepositCents: 25_000, taxCode: NONTAXABLE });
    expect((await edit(id, { coreDeposit: '0.99' }).expect(200)).body).toMatchObject({ coreDeposit: 0.99, taxCode: NONTAXABLE });
    expect((await edit(id, { coreDeposit: 0, taxCode: null }).expect(200)).body).toMatchObject({ coreDeposit: 0, taxCode: null });
    expect((await edit(id, { taxCode: 'txcd_10000000' }).expect(200)).body.taxCode).toBe('txcd_10000000');
    expect((await edit(id, { taxCode: '' }).expect(200)).body.taxCode).toBeNull();
  });

  it.each([
    ['a negative deposit', { coreDeposit: -1 }, 'coreDeposit', /Core deposit must be an amount/],
    ['a deposit over $10,000', { coreDeposit: '10000.01' }, 'coreDeposit', /Core deposit must be an amount/],
    ['a deposit with three decimals', { coreDeposit: '75.001' }, 'coreDeposit', /Core deposit must be an amount/],
    ['a deposit that is text', { coreDeposit: 'lots' }, 'coreDeposit', /Core deposit/],
    ['a deposit that is a list', { coreDeposit: [75] }, 'coreDeposit', /Core deposit/],
    ['a tax code without its prefix', { taxCode: '99999999' }, 'taxCode', /Tax code is a Stripe product tax code/],
    ['a tax code of 7 digits', { taxCode: 'txcd_1234567' }, 'taxCode', /Tax code/],
    ['a tax code in capitals', { taxCode: 'TXCD_99999999' }, 'taxCode', /Tax code/],
    ['a tax code that is a number', { taxCode: 99999999 }, 'taxCode', /Tax code/],
  ])('refuses %s with 400 naming the field, on adding and on editing, changing nothing', async (_label, over, field, message) => {
    const id = (await add({}).expect(201)).body._id as string;
    const before = await dumpFirestore();
    const added = await add(over).expect(400);
    expectError(added.body, 'invalid-argument', message);
    expect(added.body.error.fields).toHaveProperty(field);
    const edited = await edit(id, over).expect(400);
    expectError(edited.body, 'invalid-argument', message);
    expect(edited.body.error.fields).toHaveProperty(field);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('taxes nothing on a line (and its deposit) under a nontaxable code, and the taxable line of the same order at the rate', async () => {
    await api()
      .put(API.shippingMethod('products-ground'))
      .set(bearer(admin.token))
      .send({ name: 'Flat Ground', carrier: 'ups', zones: [{ country: 'US' }], rates: [{ amount: 19.95 }], transitDays: { min: 3, max: 5 } })
      .expect(201);
    const exempt = (await add({ price: '100.00', coreDeposit: '40.00', taxCode: NONTAXABLE }).expect(201)).body;
    const taxable = (await add({ price: '50.00' }).expect(201)).body;
    const NY = { line1: '1 Centre St', city: 'New York', region: 'NY', postalCode: '10007', country: 'US' };
    const order = (
      await quickOrder(customer, {
        lines: [
          { partNumber: exempt.partNumber, quantity: 2 },
          { partNumber: taxable.partNumber, quantity: 2 },
        ],
        phone: GOOD_CONTACT.phone,
        shippingAddress: NY,
      }).expect(201)
    ).body;
    const doc = (await bookingDoc(order._id))!;
    const taxOf = new Map(doc.tax.lines.map((l: { lineId: string; amountCents: number }) => [l.lineId, l.amountCents]));
    expect(doc.lines[0]).toMatchObject({ lineTotalCents: 20_000, coreDepositCents: 8000 });
    expect(taxOf.get('0')).toBe(0);
    expect(taxOf.get('0-core')).toBe(0);
    expect(taxOf.get('1')).toBe(taxOfCents(10_000, RATE_BP.NY));
    expect(doc.tax.lines.find((l: { lineId: string }) => l.lineId === '0').taxCode).toBe(NONTAXABLE);
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
