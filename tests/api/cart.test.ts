import '../support/env';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { CART_FULL_MESSAGE, CART_MAX_LINES, type Cart } from '../../common/src/cart';
import { MAX_QUANTITY } from '../../common/src/constants';
import { MESSAGES } from '../../common/src/messages';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db } from '../support/firestore';
import { ADMIN, ANONYMOUS_CALLERS, CUSTOMER, catalogued, dumpFirestore, expectError, signedUpUser, useCast } from './fixtures';
import { mailSettled } from './mail-inbox';
import { catalogueParts } from './order-fixtures';

/** A cart line's ship day (CONTRACT §14): today's or the next working day, worked out when answered (availability.test.ts holds the dates). */
const A_DAY = expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The cart (CONTRACT §8, §13) through HTTP: GET /cart, PUT /cart and POST /cart/lines, per
 * account, priced and checked against the tools as they are now. Quantity problems are answered,
 * not refused; a line naming no tool, or a tool twice (PUT), is refused and nothing is stored.
 * Adds merge on the server in one transaction, so adds at once all land; every answer carries the
 * cart's version (also its ETag), and a PUT naming a version that is no longer current is 412.
 */

const { owner, other, admin } = useCast({ owner: { name: 'Casey Cart' }, other: CUSTOMER, admin: ADMIN });

afterAll(() => mailSettled());

const getCart = (user: TestUser) => api().get(API.cart).set(bearer(user.token));
const putCart = (user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  api()
    .put(API.cart)
    .set(bearer(user.token))
    .set(headers)
    .send(body as object);
const addLines = (user: TestUser, body: unknown) =>
  api()
    .post(API.cartLines)
    .set(bearer(user.token))
    .send(body as object);
/** A 412 of CONTRACT §13: the error body, plus the cart as it is now. */
function expectMoved(body: { cart?: unknown }, now: Cart): void {
  const { cart, ...error } = body;
  expectError(error, 'precondition-failed', MESSAGES.cartMoved);
  expect(cart).toEqual(now);
}
/** A cart line of `part` as the cart answers it: in stock, shipping on a day, nothing wrong, no core deposit. */
const inStock = (
  part: { id: string; partNumber: string },
  line: { name: string; quantity: number; price: number; lineTotal: number; minimumQuantity: number; packSize: number; availableQuantity: number },
) => ({
  toolId: part.id,
  partNumber: part.partNumber,
  ...line,
  availability: { status: 'in_stock', available: line.availableQuantity, shipsOn: A_DAY },
  problem: null,
  resolvedFrom: null,
  backorder: false,
  backorderedQuantity: 0,
  expectedOn: null,
  coreDeposit: 0,
});
const storedCart = async (uid: string) => (await db.collection('carts').doc(uid).get()).data();

const line = (i: number) => ({ toolId: `cart-line-${i}`, quantity: 1 });
/** Bodies PUT /cart and POST /cart/lines both refuse: what it is, the body, the field the 400 names and why. */
const REFUSED_BY_PUT_AND_ADD: [string, () => unknown, string, RegExp][] = [
  ['51 lines', () => ({ lines: Array.from({ length: CART_MAX_LINES + 1 }, (_, i) => line(i)) }), 'lines', /At most 50 lines/],
  [
    'an unknown part number',
    () => ({
      lines: [
        { toolId: fan.id, quantity: 1 },
        { partNumber: 'FP-NO-SUCH-PART', quantity: 1 },
      ],
    }),
    'lines.1.partNumber',
    /Unknown part number FP-NO-SUCH-PART/,
  ],
  ['an unknown tool id', () => ({ lines: [{ toolId: 'no-such-tool', quantity: 1 }] }), 'lines.0.toolId', /There is no tool with id "no-such-tool"/],
  [
    'both toolId and partNumber',
    () => ({ lines: [{ toolId: fan.id, partNumber: fan.partNumber, quantity: 1 }] }),
    'lines.0',
    /toolId, quantity \} or \{ partNumber, quantity/,
  ],
  ['an extra field on a line', () => ({ lines: [{ toolId: fan.id, quantity: 1, price: 0.01 }] }), 'lines.0', /Unrecognized key: "price"|toolId, quantity/],
  ['quantity 0', () => ({ lines: [{ toolId: fan.id, quantity: 0 }] }), 'lines.0', /./],
  ['a fractional quantity', () => ({ lines: [{ toolId: fan.id, quantity: 1.5 }] }), 'lines.0', /./],
  ['a quantity that is a list', () => ({ lines: [{ toolId: fan.id, quantity: [2] }] }), 'lines.0', /./],
  ['a quantity above the maximum', () => ({ lines: [{ toolId: fan.id, quantity: MAX_QUANTITY + 1 }] }), 'lines.0', /./],
  ['lines that are not a list', () => ({ lines: { toolId: fan.id, quantity: 1 } }), 'lines', /list/],
];

let gasket: { id: string; partNumber: string };
let relay: { id: string; partNumber: string };
let fan: { id: string; partNumber: string };

beforeEach(async () => {
  // PARTS: the gasket ($19.99, at least 2, 10 in stock), the relay ($15.00, packs of 10, $12.00 from 100), the fan ($89.50).
  ({ gasket, relay, fan } = await catalogueParts());
});

describe('who has which cart', () => {
  it.each(ANONYMOUS_CALLERS)('$label: 401 for GET and PUT /cart and POST /cart/lines, nothing stored', async ({ headers }) => {
    const before = await dumpFirestore();
    expectError((await api().get(API.cart).set(headers).expect(401)).body, 'unauthenticated');
    for (const write of [api().put(API.cart), api().post(API.cartLines)])
      expectError(
        (
          await write
            .set(headers)
            .send({ lines: [{ toolId: fan.id, quantity: 1 }] })
            .expect(401)
        ).body,
        'unauthenticated',
      );
    expect(await dumpFirestore()).toEqual(before);
  });

  it('a cart never written is empty: 200, no lines, updatedAt null, not ready, version "0"', async () => {
    const fresh = await signedUpUser();
    const res = await getCart(fresh).expect(200);
    expect(res.body).toEqual({ lines: [], lineCount: 0, total: 0, ready: false, updatedAt: null, version: '0', tax: null } satisfies Cart);
    expect(res.headers.etag).toBe('"0"');
    expect(await storedCart(fresh.uid)).toBeUndefined();
  });

  it("each account sees only its own cart; an admin has their own, and a PUT touches no one else's", async () => {
    const mine = await putCart(owner, { lines: [{ toolId: fan.id, quantity: 2 }] }).expect(200);
    await putCart(other, { lines: [{ toolId: gasket.id, quantity: 4 }] }).expect(200);
    await putCart(admin, { lines: [{ partNumber: relay.partNumber, quantity: 20 }] }).expect(200);
    expect((await getCart(owner).expect(200)).body).toEqual(mine.body);
    expect((await getCart(other).expect(200)).body.lines.map((l: { toolId: string }) => l.toolId)).toEqual([gasket.id]);
    expect((await getCart(admin).expect(200)).body.lines.map((l: { toolId: string }) => l.toolId)).toEqual([relay.id]);
    expect(await storedCart(owner.uid)).toMatchObject({ lines: [{ toolId: fan.id, quantity: 2 }] });
    expect(await storedCart(admin.uid)).toMatchObject({ lines: [{ toolId: relay.id, quantity: 20 }] });
  });
});

describe('PUT /cart', () => {
  it('replaces the cart, names tools by id or part number (stored by id), answers the priced cart as GET does', async () => {
    await putCart(owner, { lines: [{ toolId: fan.id, quantity: 5 }] }).expect(200);
    const res = await putCart(owner, {
      lines: [
        { toolId: gasket.id, quantity: 3 },
        { partNumber: relay.partNumber, quantity: 100 },
        { partNumber: fan.partNumber, quantity: 2 },
      ],
    }).expect(200);
    expect(res.body).toEqual({
      lines: [
        inStock(gasket, { name: 'Door Gasket', quantity: 3, price: 19.99, lineTotal: 59.97, minimumQuantity: 2, packSize: 1, availableQuantity: 10 }),
        inStock(relay, { name: 'Start Relay', quantity: 100, price: 12, lineTotal: 1200, minimumQuantity: 10, packSize: 10, availableQuantity: 500 }),
        inStock(fan, { name: 'Condenser Fan Motor', quantity: 2, price: 89.5, lineTotal: 179, minimumQuantity: 1, packSize: 1, availableQuantity: 20 }),
      ],
      lineCount: 3,
      total: 1438.97,
      ready: true,
      updatedAt: expect.any(String),
      version: expect.any(String),
      tax: null,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await getCart(owner).expect(200)).body).toEqual(res.body);
    const stored = await storedCart(owner.uid);
    expect(stored?.lines).toEqual([
      { toolId: gasket.id, quantity: 3 },
      { toolId: relay.id, quantity: 100 },
      { toolId: fan.id, quantity: 2 },
    ]);
    expect(Object.keys(stored ?? {}).sort()).toEqual(['lines', 'updatedAt', 'version']);
    // Nothing is reserved by a cart.
    expect((await db.collection('tools').doc(gasket.id).get()).get('availableQuantity')).toBe(10);
  });

  it('applies price breaks per quantity', async () => {
    const at = async (quantity: number) => (await putCart(owner, { lines: [{ toolId: relay.id, quantity }] }).expect(200)).body.lines[0];
    expect(await at(90)).toMatchObject({ price: 15, lineTotal: 1350 });
    expect(await at(100)).toMatchObject({ price: 12, lineTotal: 1200 });
    expect(await at(250)).toMatchObject({ price: 12, lineTotal: 3000 });
  });

  it('stores quantities the booking rules refuse, each answered as its line problem with the booking messages', async () => {
    const res = await putCart(owner, {
      lines: [
        { toolId: gasket.id, quantity: 1 },
        { toolId: relay.id, quantity: 15 },
        { toolId: fan.id, quantity: 25 },
      ],
    }).expect(200);
    expect(res.body.lines.map((l: { problem: string }) => l.problem)).toEqual([
      `${MESSAGES.quantityOutOfRange} (minimum 2, 10 available)`,
      'Quantity must be a multiple of the pack size (10) (minimum 10, 500 available)',
      `${MESSAGES.quantityOutOfRange} (minimum 1, 20 available)`,
    ]);
    expect(res.body).toMatchObject({ ready: false, lineCount: 3 });
    expect((await storedCart(owner.uid))?.lines).toHaveLength(3);
    // The stock comes back: the same cart is fine again, with no PUT.
    await db.collection('tools').doc(fan.id).update({ availableQuantity: 30 });
    expect((await getCart(owner).expect(200)).body.lines[2].problem).toBeNull();
  });

  it('a tool deleted after it was added keeps its line, with a problem and no price, until the buyer leaves it out', async () => {
    await putCart(owner, {
      lines: [
        { toolId: fan.id, quantity: 2 },
        { toolId: gasket.id, quantity: 2 },
      ],
    }).expect(200);
    await api().delete(API.deleteTool(fan.id)).set(bearer(admin.token)).expect(200);
    const res = await getCart(owner).expect(200);
    expect(res.body.lines[0]).toEqual({
      toolId: fan.id,
      partNumber: null,
      name: null,
      quantity: 2,
      price: null,
      lineTotal: null,
      minimumQuantity: null,
      packSize: null,
      availableQuantity: null,
      availability: null,
      problem: expect.stringMatching(/no longer in the catalogue/),
      resolvedFrom: null,
      backorder: false,
      backorderedQuantity: 0,
      expectedOn: null,
      coreDeposit: 0,
    });
    expect(res.body).toMatchObject({ lineCount: 2, total: 39.98, ready: false });
    // The cart page sends every line when one changes: the gone line may stay, still with its problem.
    const changed = await putCart(owner, {
      lines: [
        { toolId: fan.id, quantity: 2 },
        { toolId: gasket.id, quantity: 4 },
      ],
    }).expect(200);
    expect(changed.body.lines.map((l: { problem: string | null }) => l.problem)).toEqual([expect.stringMatching(/no longer in the catalogue/), null]);
    expect(changed.body.total).toBe(79.96);
    // Left out, it is gone for good: naming it again is an unknown tool.
    await putCart(owner, { lines: [{ toolId: gasket.id, quantity: 4 }] }).expect(200);
    const again = await putCart(owner, {
      lines: [
        { toolId: gasket.id, quantity: 4 },
        { toolId: fan.id, quantity: 2 },
      ],
    }).expect(400);
    expect(Object.keys(again.body.error.fields)).toEqual(['lines.1.toolId']);
  });

  it('{ lines: [] } empties the cart', async () => {
    await putCart(owner, { lines: [{ toolId: fan.id, quantity: 2 }] }).expect(200);
    const res = await putCart(owner, { lines: [] }).expect(200);
    expect(res.body).toMatchObject({ lines: [], lineCount: 0, total: 0, ready: false, updatedAt: expect.any(String) });
    expect((await storedCart(owner.uid))?.lines).toEqual([]);
  });

  it.each([
    ...REFUSED_BY_PUT_AND_ADD,
    [
      'the same tool twice',
      () => ({
        lines: [
          { toolId: fan.id, quantity: 1 },
          { toolId: gasket.id, quantity: 2 },
          { toolId: fan.id, quantity: 3 },
        ],
      }),
      'lines.2.toolId',
      /already on line 1/,
    ],
    [
      'a tool by id and again by part number',
      () => ({
        lines: [
          { toolId: fan.id, quantity: 1 },
          { partNumber: fan.partNumber, quantity: 3 },
        ],
      }),
      'lines.1.partNumber',
      /already on line 1/,
    ],
    ['a line with neither', () => ({ lines: [{ quantity: 1 }] }), 'lines.0', /toolId, quantity/],
    ['a negative quantity', () => ({ lines: [{ toolId: fan.id, quantity: -2 }] }), 'lines.0', /./],
    ['a quantity as text that is not a plain number', () => ({ lines: [{ toolId: fan.id, quantity: '1e1' }] }), 'lines.0', /./],
    ['no lines at all', () => ({}), 'lines', /./],
  ])('refuses %s: 400 naming the line, nothing stored', async (_label, body, field, why) => {
    await putCart(owner, { lines: [{ toolId: gasket.id, quantity: 2 }] }).expect(200);
    const before = await dumpFirestore();
    const res = await putCart(owner, body()).expect(400);
    expectError(res.body, 'invalid-argument');
    const keys = Object.keys(res.body.error.fields);
    expect(keys.some((k) => k === field || k.startsWith(`${field}.`))).toBe(true);
    const message = res.body.error.fields[keys.find((k) => k === field || k.startsWith(`${field}.`))!];
    expect(message).toMatch(why);
    expect(await dumpFirestore()).toEqual(before);
    expect((await getCart(owner).expect(200)).body.lines.map((l: { toolId: string }) => l.toolId)).toEqual([gasket.id]);
  });

  it('a part number whose tool was re-numbered or removed is unknown', async () => {
    await db.collection('tools').doc(relay.id).update({ partNumber: 'CT-RENUMBERED' });
    await db.collection('tools').doc(fan.id).delete();
    const res = await putCart(owner, {
      lines: [
        { partNumber: relay.partNumber, quantity: 10 },
        { partNumber: fan.partNumber, quantity: 1 },
      ],
    }).expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['lines.0.partNumber', 'lines.1.partNumber']);
  });
});

describe('the cart version (CONTRACT §13)', () => {
  it('GET, PUT and POST /cart/lines answer it as a string and as the ETag; every write changes it, a read does not', async () => {
    const seen: string[] = [];
    const check = (res: { body: Cart; headers: Record<string, string> }) => {
      expect(typeof res.body.version).toBe('string');
      expect(res.headers.etag).toBe(`"${res.body.version}"`);
      seen.push(res.body.version);
    };
    check(await getCart(owner).expect(200));
    check(await putCart(owner, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(200));
    check(await getCart(owner).expect(200));
    check(await addLines(owner, { lines: [{ toolId: gasket.id, quantity: 2 }] }).expect(200));
    check(
      await putCart(owner, {
        lines: [
          { toolId: fan.id, quantity: 1 },
          { toolId: gasket.id, quantity: 2 },
        ],
      }).expect(200),
    );
    check(await getCart(owner).expect(200));
    // A PUT of the same lines is still a write: the version moves, so a tab holding the old one is told.
    expect(seen[1]).toBe(seen[2]);
    expect(seen[4]).toBe(seen[5]);
    expect(new Set([seen[0], seen[1], seen[3], seen[4]]).size).toBe(4);
    // Not Express's own weak ETag of the body: the version, strong.
    expect((await getCart(owner).expect(200)).headers.etag).not.toMatch(/^W\//);
  });

  it('a refused write leaves the version as it was', async () => {
    const { body } = await putCart(owner, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(200);
    await putCart(owner, { lines: [{ toolId: 'no-such-tool', quantity: 1 }] }).expect(400);
    await addLines(owner, { lines: [{ toolId: 'no-such-tool', quantity: 1 }] }).expect(400);
    expect((await getCart(owner).expect(200)).body.version).toBe(body.version);
  });
});

describe('PUT /cart with the version the buyer saw', () => {
  it.each([
    ['If-Match', (v: string) => ({ headers: { 'If-Match': `"${v}"` }, body: {} })],
    ['version in the body', (v: string) => ({ headers: {}, body: { version: v } })],
  ])('current (%s): replaces the cart', async (_label, condition) => {
    const seen = await putCart(owner, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(200);
    const { headers, body } = condition(seen.body.version);
    const res = await putCart(owner, { lines: [{ toolId: fan.id, quantity: 3 }], ...body }, headers).expect(200);
    expect(res.body.lines).toMatchObject([{ toolId: fan.id, quantity: 3 }]);
    expect(res.body.version).not.toBe(seen.body.version);
  });

  it.each([
    ['If-Match', (v: string) => ({ headers: { 'If-Match': `"${v}"` }, body: {} })],
    ['version in the body', (v: string) => ({ headers: {}, body: { version: v } })],
    ['a weak If-Match (never matches under strong comparison)', (v: string) => ({ headers: { 'If-Match': `W/"${v}"` }, body: {} })],
  ])('stale (%s): 412 with the cart now, nothing changed', async (_label, condition) => {
    const seen = await putCart(owner, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(200);
    // Another tab adds a line meanwhile.
    const now = await addLines(owner, { lines: [{ toolId: gasket.id, quantity: 2 }] }).expect(200);
    const before = await dumpFirestore();
    const { headers, body } = condition(seen.body.version);
    const res = await putCart(owner, { lines: [{ toolId: fan.id, quantity: 5 }], ...body }, headers).expect(412);
    expectMoved(res.body, now.body);
    expect(await dumpFirestore()).toEqual(before);
    expect((await getCart(owner).expect(200)).body.lines.map((l: { toolId: string; quantity: number }) => [l.toolId, l.quantity])).toEqual([
      [fan.id, 1],
      [gasket.id, 2],
    ]);
  });

  it('a weak If-Match of the current version is refused too: If-Match compares strongly', async () => {
    const seen = await putCart(owner, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(200);
    const res = await putCart(owner, { lines: [{ toolId: fan.id, quantity: 5 }] }, { 'If-Match': `W/"${seen.body.version}"` }).expect(412);
    expectMoved(res.body, seen.body);
  });

  it('If-Match * or no version at all: acts as before (last write wins)', async () => {
    await putCart(owner, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(200);
    await putCart(owner, { lines: [{ toolId: gasket.id, quantity: 2 }] }, { 'If-Match': '*' }).expect(200);
    await putCart(owner, { lines: [{ toolId: relay.id, quantity: 10 }] }).expect(200);
    expect((await storedCart(owner.uid))?.lines).toEqual([{ toolId: relay.id, quantity: 10 }]);
  });

  it.each([
    ['an If-Match that is not an entity tag', { 'If-Match': '3' }, {}, 'If-Match'],
    ['an If-Match and a body version that disagree', { 'If-Match': '"1"' }, { version: '2' }, 'version'],
    ['a version that is not text', {}, { version: 3 }, 'version'],
  ])('%s: 400, nothing changed', async (_label, headers, extra, field) => {
    await putCart(owner, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(200);
    const before = await dumpFirestore();
    const res = await putCart(owner, { lines: [{ toolId: fan.id, quantity: 2 }], ...extra }, headers).expect(400);
    expectError(res.body, 'invalid-argument');
    expect(Object.keys(res.body.error.fields)).toContain(field);
    expect(await dumpFirestore()).toEqual(before);
  });
});

describe('POST /cart/lines', () => {
  it('adds to the stored cart: a tool already there gets the quantity added, a new one is appended; answers the cart as GET does', async () => {
    await putCart(owner, {
      lines: [
        { toolId: gasket.id, quantity: 2 },
        { toolId: relay.id, quantity: 10 },
      ],
    }).expect(200);
    const res = await addLines(owner, {
      lines: [
        { toolId: fan.id, quantity: 1 },
        { partNumber: relay.partNumber, quantity: 90 },
      ],
    }).expect(200);
    expect(res.body.lines.map((l: { toolId: string; quantity: number; price: number }) => [l.toolId, l.quantity, l.price])).toEqual([
      [gasket.id, 2, 19.99],
      [relay.id, 100, 12],
      [fan.id, 1, 89.5],
    ]);
    expect(res.body).toMatchObject({ lineCount: 3, total: 39.98 + 1200 + 89.5, ready: true });
    expect((await getCart(owner).expect(200)).body).toEqual(res.body);
    expect((await storedCart(owner.uid))?.lines).toEqual([
      { toolId: gasket.id, quantity: 2 },
      { toolId: relay.id, quantity: 100 },
      { toolId: fan.id, quantity: 1 },
    ]);
  });

  it('fills a cart never written', async () => {
    const fresh = await signedUpUser();
    const res = await addLines(fresh, { lines: [{ partNumber: fan.partNumber, quantity: 2 }] }).expect(200);
    expect(res.body).toMatchObject({ lineCount: 1, lines: [{ toolId: fan.id, quantity: 2, problem: null }] });
    expect(res.body.version).not.toBe('0');
  });

  it('a tool named twice in one add is one line with both quantities', async () => {
    await putCart(owner, { lines: [] }).expect(200);
    const res = await addLines(owner, {
      lines: [
        { toolId: fan.id, quantity: 1 },
        { partNumber: fan.partNumber, quantity: 2 },
      ],
    }).expect(200);
    expect((await storedCart(owner.uid))?.lines).toEqual([{ toolId: fan.id, quantity: 3 }]);
    expect(res.body.lineCount).toBe(1);
  });

  it('stores a quantity the booking rules refuse and answers it as the line problem, as PUT does', async () => {
    await putCart(owner, { lines: [] }).expect(200);
    const res = await addLines(owner, {
      lines: [
        { toolId: gasket.id, quantity: 1 },
        { toolId: relay.id, quantity: 15 },
      ],
    }).expect(200);
    expect(res.body.lines.map((l: { problem: string }) => l.problem)).toEqual([
      `${MESSAGES.quantityOutOfRange} (minimum 2, 10 available)`,
      'Quantity must be a multiple of the pack size (10) (minimum 10, 500 available)',
    ]);
    expect(res.body.ready).toBe(false);
    // The next add fixes the gasket's line: 1 + 1 = 2, the minimum.
    const fixed = await addLines(owner, { lines: [{ toolId: gasket.id, quantity: 1 }] }).expect(200);
    expect(fixed.body.lines[0]).toMatchObject({ quantity: 2, problem: null });
  });

  it('a line already in the cart whose tool has gone stays, priced as gone, when another is added', async () => {
    await putCart(owner, { lines: [{ toolId: fan.id, quantity: 2 }] }).expect(200);
    await api().delete(API.deleteTool(fan.id)).set(bearer(admin.token)).expect(200);
    const res = await addLines(owner, { lines: [{ toolId: gasket.id, quantity: 2 }] }).expect(200);
    expect(res.body.lines.map((l: { toolId: string; problem: string | null }) => [l.toolId, l.problem])).toEqual([
      [fan.id, expect.stringMatching(/no longer in the catalogue/)],
      [gasket.id, null],
    ]);
    // Adding more of the gone tool is adding a tool that is not in the catalogue: refused.
    const gone = await addLines(owner, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(400);
    expect(Object.keys(gone.body.error.fields)).toEqual(['lines.0.toolId']);
  });

  it('an unverified account may add to its cart, as it may PUT it', async () => {
    const newcomer = await signedUpUser({ verified: false });
    await addLines(newcomer, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(200);
  });

  it('twenty adds of different tools at once: every one is in the cart', async () => {
    const parts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => catalogued({ name: `Racing Part ${i}`, priceCents: 100 + i, minimumQuantity: 1, availableQuantity: 50 })),
    );
    await putCart(owner, { lines: [{ toolId: gasket.id, quantity: 2 }] }).expect(200);
    const answers = await Promise.all(parts.map((p, i) => addLines(owner, { lines: [{ toolId: p.id, quantity: i + 1 }] })));
    expect(answers.map((a) => a.status)).toEqual(parts.map(() => 200));
    const cart = (await getCart(owner).expect(200)).body as Cart;
    expect(cart.lineCount).toBe(21);
    expect(new Map(cart.lines.map((l) => [l.toolId, l.quantity]))).toEqual(new Map([[gasket.id, 2], ...parts.map((p, i) => [p.id, i + 1] as const)]));
    // Each add answered a different version: each was its own write on the cart before it.
    expect(new Set(answers.map((a) => a.body.version)).size).toBe(20);
    expect(new Set(answers.map((a) => a.body.lineCount))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => i + 2)));
  });

  it('the same tool added twice at once: the quantities sum on one line', async () => {
    await putCart(owner, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(200);
    const answers = await Promise.all([
      addLines(owner, { lines: [{ toolId: fan.id, quantity: 2 }] }),
      addLines(owner, { lines: [{ partNumber: fan.partNumber, quantity: 3 }] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await storedCart(owner.uid))?.lines).toEqual([{ toolId: fan.id, quantity: 6 }]);
  });

  it(`a cart of ${CART_MAX_LINES} parts takes no new part (400 naming lines), but more of one it holds`, async () => {
    const parts = await Promise.all(
      Array.from({ length: CART_MAX_LINES }, (_, i) => catalogued({ name: `Full Part ${i}`, priceCents: 100, minimumQuantity: 1, availableQuantity: 50 })),
    );
    await putCart(owner, { lines: parts.map((p) => ({ toolId: p.id, quantity: 1 })) }).expect(200);
    const before = await dumpFirestore();
    const res = await addLines(owner, { lines: [{ toolId: fan.id, quantity: 1 }] }).expect(400);
    expectError(res.body, 'invalid-argument', CART_FULL_MESSAGE);
    expect(res.body.error.fields).toEqual({ lines: CART_FULL_MESSAGE });
    expect(await dumpFirestore()).toEqual(before);
    const more = await addLines(owner, { lines: [{ toolId: parts[0]!.id, quantity: 1 }] }).expect(200);
    expect(more.body.lines[0].quantity).toBe(2);
  });

  it('a quantity that would pass the maximum on its line: 400 naming the added line, nothing stored', async () => {
    await putCart(owner, { lines: [{ toolId: fan.id, quantity: MAX_QUANTITY }] }).expect(200);
    const before = await dumpFirestore();
    const res = await addLines(owner, {
      lines: [
        { toolId: gasket.id, quantity: 2 },
        { toolId: fan.id, quantity: 1 },
      ],
    }).expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['lines.1.quantity']);
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each([
    ['no lines', () => ({ lines: [] }), 'lines', /at least one line/],
    ...REFUSED_BY_PUT_AND_ADD,
    ['an unknown field beside lines', () => ({ lines: [{ toolId: fan.id, quantity: 1 }], replace: true }), '_', /Unrecognized key|replace/],
    ['a version (adds are never conditional)', () => ({ lines: [{ toolId: fan.id, quantity: 1 }], version: '1' }), '_', /Unrecognized key|version/],
    ['a body that is a list', () => [{ toolId: fan.id, quantity: 1 }], '_', /./],
  ])('refuses %s: 400 naming it, nothing stored', async (_label, body, field, why) => {
    await putCart(owner, { lines: [{ toolId: gasket.id, quantity: 2 }] }).expect(200);
    const before = await dumpFirestore();
    const res = await addLines(owner, body()).expect(400);
    expectError(res.body, 'invalid-argument');
    const keys = Object.keys(res.body.error.fields);
    const key = keys.find((k) => k === field || k.startsWith(`${field}.`));
    expect(key, JSON.stringify(res.body.error.fields)).toBeDefined();
    expect(res.body.error.fields[key!]).toMatch(why);
    expect(await dumpFirestore()).toEqual(before);
  });
});
