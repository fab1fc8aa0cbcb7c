import '../support/env';
import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { partNumberKey } from '../../common/src/search/part-registry';
import type { UnknownNumbersBody } from '../../common/src/responses';
import { api, bearer } from '../support/api';
import { db } from '../support/firestore';
import {
  ADMIN,
  ANONYMOUS_CALLERS,
  CUSTOMER,
  GOOD_CONTACT,
  catalogued,
  dumpFirestoreWithoutMail as dumpFirestore,
  expectError,
  placeBooking,
  quickOrder,
  useCast,
} from './fixtures';

/**
 * Aliases and discontinued parts (CONTRACT §11) over HTTP: PATCH /manage/{id} with `aliases` and
 * `replacedBy`, the registry that keeps part and superseded numbers unique, GET /tool/{id}'s
 * `replacedBy` and `replaces`, the catalogue leaving discontinued parts out, every order refusing
 * one as itself, and ordering by any number the part is known by.
 */
const { customer, admin } = useCast({ customer: CUSTOMER, admin: ADMIN });

const patch = (id: string, body: Record<string, unknown>, token = admin.token) => api().patch(API.editTool(id)).set(bearer(token)).send(body);
const claim = async (number: string) => (await db.collection('partNumbers').doc(partNumberKey(number)).get()).data();
const toolDetail = async (id: string) => (await api().get(API.tool(id)).expect(200)).body;

let seq = 0;
/** A fresh old part, its replacement and a third part, with unique numbers per test. */
async function parts() {
  seq++;
  const tag = `${seq}${Date.now().toString(36).toUpperCase()}`;
  const old = await catalogued({ name: 'Old Timer', partNumber: `AL-OLD-${tag}`, minimumQuantity: 1 });
  const current = await catalogued({ name: 'New Timer', partNumber: `AL-NEW-${tag}`, minimumQuantity: 1 });
  const other = await catalogued({ name: 'Other Part', partNumber: `AL-OTH-${tag}`, minimumQuantity: 1 });
  return { tag, old, current, other };
}

describe('PATCH /manage/{id}: aliases', () => {
  it('replaces the list, claims superseded numbers in the registry and frees those dropped', async () => {
    const { tag, current } = await parts();
    const aliases = [
      { number: `al-sup-${tag}`, kind: 'superseded' },
      { number: `OEM ${tag}`, kind: 'oem', brand: 'Arctica' },
      { number: `CP-${tag}`, kind: 'competitor', brand: 'CoolPro', extra: undefined },
    ];
    const res = await patch(current.id, { aliases }).expect(200);
    expect(res.body.aliases).toEqual([
      { number: `al-sup-${tag}`, kind: 'superseded' },
      { number: `OEM ${tag}`, kind: 'oem', brand: 'Arctica' },
      { number: `CP-${tag}`, kind: 'competitor', brand: 'CoolPro' },
    ]);
    expect(await claim(`AL-SUP-${tag}`)).toEqual({ toolId: current.id, kind: 'superseded', number: `al-sup-${tag}` });
    // OEM and competitor numbers are not claimed: several parts may share them.
    expect(await claim(`OEM ${tag}`)).toBeUndefined();
    await patch(current.id, { aliases: [] }).expect(200);
    expect(await claim(`AL-SUP-${tag}`)).toBeUndefined();
    expect(await claim(current.partNumber)).toMatchObject({ toolId: current.id });
  });

  it('refuses a superseded number another part holds (as its part or superseded number) with 400 naming that part, changing nothing', async () => {
    const { tag, current, other } = await parts();
    await patch(other.id, { aliases: [{ number: `AL-TAKEN-${tag}`, kind: 'superseded' }] }).expect(200);
    const before = await dumpFirestore();
    for (const number of [other.partNumber.toLowerCase().replace(/-/g, ' '), `al taken ${tag}`]) {
      const res = await patch(current.id, { aliases: [{ number, kind: 'superseded' }] }).expect(400);
      expectError(res.body, 'invalid-argument', new RegExp(other.partNumber));
      expect(res.body.error.fields).toHaveProperty(['aliases.0.number']);
    }
    // Its own part number is no alias of it either.
    expectError((await patch(current.id, { aliases: [{ number: current.partNumber, kind: 'superseded' }] }).expect(400)).body, 'invalid-argument');
    expect(await dumpFirestore()).toEqual(before);
    // An OEM number may be shared.
    await patch(current.id, { aliases: [{ number: other.partNumber, kind: 'oem', brand: 'Arctica' }] }).expect(200);
  });

  it.each([
    ['a brand missing on an OEM number', [{ number: 'W10295370A', kind: 'oem' }]],
    ['an unknown kind', [{ number: 'W10295370A', kind: 'vendor', brand: 'X' }]],
    ['a one-character number', [{ number: 'W', kind: 'superseded' }]],
    ['a number over 64 characters', [{ number: 'W'.repeat(65), kind: 'superseded' }]],
    ['a control character', [{ number: 'W1\u0007', kind: 'superseded' }]],
    ['an unknown key', [{ number: 'W10295370A', kind: 'superseded', note: 'x' }]],
    [
      'one number twice',
      [
        { number: 'W-1029', kind: 'superseded' },
        { number: 'w1029', kind: 'oem', brand: 'X' },
      ],
    ],
    ['51 aliases', Array.from({ length: 51 }, (_, i) => ({ number: `W-${i}0`, kind: 'oem', brand: 'X' }))],
    ['no list', 'W1'],
  ])('refuses %s with 400, changing nothing', async (_label, aliases) => {
    const { current } = await parts();
    const before = await dumpFirestore();
    expectError((await patch(current.id, { aliases }).expect(400)).body, 'invalid-argument');
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses a customer with 403 and anonymous callers with 401', async () => {
    const { current } = await parts();
    const body = { aliases: [{ number: 'W10295370A', kind: 'oem', brand: 'X' }], replacedBy: null };
    const before = await dumpFirestore();
    expectError((await patch(current.id, body, customer.token).expect(403)).body, 'permission-denied');
    for (const { headers } of ANONYMOUS_CALLERS) await api().patch(API.editTool(current.id)).set(headers).send(body).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('POST /addItem takes aliases too, and refuses a superseded number another part holds', async () => {
    const { tag, other } = await parts();
    const item = {
      image: '/images/tools/filter-drier.svg',
      name: 'Drier',
      description: 'A drier',
      price: '9.50',
      minimumQuantity: '1',
      availableQuantity: '5',
      weight: '1',
    };
    const res = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...item, partNumber: `AL-ADD-${tag}`, aliases: [{ number: `AL-ADD-OLD-${tag}`, kind: 'superseded' }] })
      .expect(201);
    expect(res.body.aliases).toEqual([{ number: `AL-ADD-OLD-${tag}`, kind: 'superseded' }]);
    expect(await claim(`AL-ADD-OLD-${tag}`)).toMatchObject({ toolId: res.body._id });
    const clash = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...item, partNumber: `AL-ADD2-${tag}`, aliases: [{ number: other.partNumber, kind: 'superseded' }] })
      .expect(400);
    expect(clash.body.error.fields).toHaveProperty(['aliases.0.number']);
  });
});

describe('PATCH /manage/{id}: replacedBy', () => {
  it('takes an id or a part number; GET /tool/{id} answers the end of the chain and what a tool replaces', async () => {
    const { tag, old, current, other } = await parts();
    await patch(old.id, { aliases: [{ number: `AL-OLDER-${tag}`, kind: 'superseded' }] }).expect(200);
    // old → current (by part number), current → other (by id): the chain ends at other.
    expect((await patch(old.id, { replacedBy: current.partNumber.toLowerCase() }).expect(200)).body._id).toBe(old.id);
    await patch(current.id, { replacedBy: other.id }).expect(200);
    expect(await toolDetail(old.id)).toMatchObject({
      replacedBy: { _id: other.id, partNumber: other.partNumber, name: 'Other Part' },
      replaces: [`AL-OLDER-${tag}`],
    });
    const end = await toolDetail(other.id);
    expect(end.replacedBy).toBeNull();
    expect([...end.replaces].sort()).toEqual([current.partNumber, old.partNumber, `AL-OLDER-${tag}`].sort());
    // Stored: the direct replacement, and the flag the catalogue's listing filters on.
    expect((await db.collection('tools').doc(old.id).get()).data()).toMatchObject({ replacedBy: current.id, discontinued: true });
    // Back to current.
    await patch(current.id, { replacedBy: null }).expect(200);
    expect(await toolDetail(current.id)).toMatchObject({ replacedBy: null, replaces: [old.partNumber, `AL-OLDER-${tag}`] });
    expect((await db.collection('tools').doc(current.id).get()).data()).toMatchObject({ replacedBy: null, discontinued: false });
  });

  it('refuses a loop, itself, or a part that does not exist with 400, changing nothing', async () => {
    const { old, current, other } = await parts();
    await patch(old.id, { replacedBy: current.id }).expect(200);
    await patch(current.id, { replacedBy: other.id }).expect(200);
    const before = await dumpFirestore();
    for (const [id, replacedBy] of [
      [other.id, old.id],
      [other.id, current.partNumber],
      [old.id, old.id],
      [old.id, 'AL-NO-SUCH-PART'],
    ] as const) {
      const res = await patch(id, { replacedBy }).expect(400);
      expectError(res.body, 'invalid-argument');
      expect(res.body.error.fields).toHaveProperty('replacedBy');
    }
    expect(await dumpFirestore()).toEqual(before);
  });

  it('leaves a discontinued part out of the catalogue and its search; its page stays', async () => {
    const { old, current } = await parts();
    await patch(old.id, { replacedBy: current.id }).expect(200);
    const listed: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await api()
        .get(`${API.tools}?limit=50${cursor ? `&cursor=${cursor}` : ''}`)
        .expect(200);
      listed.push(...res.body.map((t: { _id: string }) => t._id));
      cursor = res.headers['x-next-cursor'] || undefined;
    } while (cursor);
    expect(listed).toContain(current.id);
    expect(listed).not.toContain(old.id);
    const found = await api()
      .get(`${API.search}?q=${encodeURIComponent(old.partNumber)}`)
      .expect(200);
    expect(found.body.hits[0]).toMatchObject({ _id: current.id, matchedBy: { kind: 'discontinued', number: old.partNumber } });
    expect(found.body.hits.map((h: { _id: string }) => h._id)).not.toContain(old.id);
    expect(found.body.hits[0]).not.toHaveProperty('replacedBy');
    await api().get(API.tool(old.id)).expect(200);
  });

  it('refuses a removal of a part that replaces another', async () => {
    const { old, current } = await parts();
    await patch(old.id, { replacedBy: current.id }).expect(200);
    expectError((await api().delete(API.deleteTool(current.id)).set(bearer(admin.token)).expect(400)).body, 'invalid-argument', new RegExp(old.partNumber));
  });
});

describe('ordering a discontinued part, and ordering by any number (CONTRACT §11)', () => {
  let p: Awaited<ReturnType<typeof parts>>;
  beforeEach(async () => {
    p = await parts();
    await patch(p.current.id, {
      aliases: [
        { number: `AL-SUP-${p.tag}`, kind: 'superseded' },
        { number: `W-${p.tag}`, kind: 'oem', brand: 'Arctica' },
        { number: `CP ${p.tag}`, kind: 'competitor', brand: 'CoolPro' },
      ],
    }).expect(200);
    await patch(p.old.id, { replacedBy: p.current.id }).expect(200);
  });

  it('refuses it as itself in a booking, a cart and a cart line, naming its replacement', async () => {
    const message = `${p.old.partNumber} has been replaced by ${p.current.partNumber}`;
    const before = await dumpFirestore();
    const booking = await placeBooking(customer, { toolId: p.old.id, quantity: 1, ...GOOD_CONTACT }).expect(400);
    expectError(booking.body, 'invalid-argument', message);
    const put = await api()
      .put(API.cart)
      .set(bearer(customer.token))
      .send({ lines: [{ toolId: p.old.id, quantity: 1 }] })
      .expect(400);
    expect(put.body.error.fields).toEqual({ 'lines.0.toolId': message });
    const add = await api()
      .post(API.cartLines)
      .set(bearer(customer.token))
      .send({ lines: [{ toolId: p.old.id, quantity: 1 }] })
      .expect(400);
    expect(add.body.error.fields).toEqual({ 'lines.0.toolId': message });
    expect(await dumpFirestore()).toEqual(before);
  });

  it('a line already in the cart whose part is discontinued since is answered with the replacement, and checkout refuses it', async () => {
    const { other } = p;
    await api()
      .put(API.cart)
      .set(bearer(customer.token))
      .send({ lines: [{ toolId: other.id, quantity: 1 }] })
      .expect(200);
    await patch(other.id, { replacedBy: p.current.id }).expect(200);
    const cart = await api().get(API.cart).set(bearer(customer.token)).expect(200);
    expect(cart.body).toMatchObject({
      ready: false,
      lines: [{ toolId: other.id, problem: `${other.partNumber} has been replaced by ${p.current.partNumber}` }],
    });
    // The cart page may send it back as it is.
    await api()
      .put(API.cart)
      .set(bearer(customer.token))
      .send({ lines: [{ toolId: other.id, quantity: 2 }] })
      .expect(200);
    const checkout = await api().post(API.checkout).set(bearer(customer.token)).send(GOOD_CONTACT).expect(400);
    expect(checkout.body.error.fields).toEqual({ 'lines.0.toolId': `${other.partNumber} has been replaced by ${p.current.partNumber}` });
    await api().put(API.cart).set(bearer(customer.token)).send({ lines: [] }).expect(200);
  });

  it('orders the current part by an old, discontinued, OEM or competitor number, and each line says so', async () => {
    const lines = [
      { partNumber: p.old.partNumber.toLowerCase(), quantity: 1 },
      { partNumber: `al sup ${p.tag}`, quantity: 1 },
      { partNumber: `W${p.tag}`, quantity: 1 },
      { partNumber: `cp-${p.tag}`, quantity: 1 },
      { partNumber: p.current.partNumber, quantity: 1 },
    ];
    const quick = await quickOrder(customer, { lines, ...GOOD_CONTACT }).expect(201);
    expect(quick.body.lines.map((l: { toolId: string }) => l.toolId)).toEqual(lines.map(() => p.current.id));
    expect(quick.body.lines.map((l: { resolvedFrom: unknown }) => l.resolvedFrom)).toEqual([
      { number: lines[0]!.partNumber, kind: 'discontinued' },
      { number: lines[1]!.partNumber, kind: 'superseded' },
      { number: lines[2]!.partNumber, kind: 'oem' },
      { number: lines[3]!.partNumber, kind: 'competitor' },
      null,
    ]);
    // Kept with the order: its page, its PDF and its emails say it too.
    const stored = await api().get(API.myBooking(quick.body._id)).set(bearer(customer.token)).expect(200);
    expect(stored.body.lines).toEqual(quick.body.lines);
    const put = await api()
      .put(API.cart)
      .set(bearer(customer.token))
      .send({ lines: [{ partNumber: p.old.partNumber, quantity: 1 }] })
      .expect(200);
    expect(put.body.lines).toEqual([expect.objectContaining({ toolId: p.current.id, resolvedFrom: { number: p.old.partNumber, kind: 'discontinued' } })]);
    const add = await api()
      .post(API.cartLines)
      .set(bearer(customer.token))
      .send({ lines: [{ partNumber: `W-${p.tag}`, quantity: 1 }] })
      .expect(200);
    expect(add.body.lines).toEqual([expect.objectContaining({ toolId: p.current.id, quantity: 2, resolvedFrom: { number: `W-${p.tag}`, kind: 'oem' } })]);
    // Kept with the line: a later read, and a change of quantity sent by the part's id, still say it.
    expect((await api().get(API.cart).set(bearer(customer.token)).expect(200)).body.lines[0].resolvedFrom).toEqual({ number: `W-${p.tag}`, kind: 'oem' });
    const changed = await api()
      .put(API.cart)
      .set(bearer(customer.token))
      .send({ lines: [{ toolId: p.current.id, quantity: 3 }] })
      .expect(200);
    expect(changed.body.lines[0]).toMatchObject({ quantity: 3, resolvedFrom: { number: `W-${p.tag}`, kind: 'oem' } });
    // Added again by its own number: what it said stays; by the id in a fresh cart: nothing to say.
    await api()
      .post(API.cartLines)
      .set(bearer(customer.token))
      .send({ lines: [{ partNumber: p.current.partNumber, quantity: 1 }] })
      .expect(200);
    expect((await api().get(API.cart).set(bearer(customer.token)).expect(200)).body.lines[0]).toMatchObject({ quantity: 4, resolvedFrom: { kind: 'oem' } });
    // The cart's checkout keeps it on the order's line.
    const order = await api().post(API.checkout).set(bearer(customer.token)).send(GOOD_CONTACT).expect(201);
    expect(order.body.lines).toEqual([expect.objectContaining({ toolId: p.current.id, quantity: 4, resolvedFrom: { number: `W-${p.tag}`, kind: 'oem' } })]);
    expect((await api().get(API.myBooking(order.body._id)).set(bearer(customer.token)).expect(200)).body.lines[0].resolvedFrom).toEqual({
      number: `W-${p.tag}`,
      kind: 'oem',
    });
    const fresh = await api()
      .put(API.cart)
      .set(bearer(customer.token))
      .send({ lines: [{ toolId: p.current.id, quantity: 1 }] })
      .expect(200);
    expect(fresh.body.lines[0].resolvedFrom).toBeNull();
    await api().put(API.cart).set(bearer(customer.token)).send({ lines: [] }).expect(200);
  });

  it('refuses an unknown number with 400 naming the line, with suggestions; never a typo match', async () => {
    const typo = p.current.partNumber.replace(/.$/, (c) => (c === 'X' ? 'Y' : 'X'));
    const before = await dumpFirestore();
    const quick = await quickOrder(customer, {
      lines: [
        { partNumber: p.current.partNumber, quantity: 1 },
        { partNumber: typo, quantity: 1 },
      ],
      ...GOOD_CONTACT,
    }).expect(400);
    const body = quick.body as UnknownNumbersBody;
    expect(Object.keys(body.error.fields ?? {})).toEqual(['lines.1.partNumber']);
    expect(body.error.fields!['lines.1.partNumber']).toMatch(/Unknown part number/);
    expect(body.suggestions!['lines.1.partNumber']?.map((s) => s._id)).toContain(p.current.id);
    for (const [method, path] of [
      ['put', API.cart],
      ['post', API.cartLines],
    ] as const) {
      const client = api();
      const res = await client[method](path)
        .set(bearer(customer.token))
        .send({ lines: [{ partNumber: typo, quantity: 1 }] })
        .expect(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['lines.0.partNumber']);
      expect(res.body.suggestions['lines.0.partNumber'].length).toBeGreaterThan(0);
    }
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses an OEM number two parts share as ambiguous, naming both', async () => {
    await patch(p.other.id, { aliases: [{ number: `W-${p.tag}`, kind: 'oem', brand: 'Arctica' }] }).expect(200);
    const res = await api()
      .put(API.cart)
      .set(bearer(customer.token))
      .send({ lines: [{ partNumber: `W-${p.tag}`, quantity: 1 }] })
      .expect(400);
    expect(res.body.error.fields['lines.0.partNumber']).toMatch(
      new RegExp(`${p.current.partNumber}.*${p.other.partNumber}|${p.other.partNumber}.*${p.current.partNumber}`),
    );
    expect(
      (
        await api()
          .get(API.resolvePart(`W-${p.tag}`))
          .expect(400)
      ).body.error.code,
    ).toBe('invalid-argument');
  });

  it('refuses anonymous callers before resolving anything', async () => {
    for (const { headers } of ANONYMOUS_CALLERS) {
      await api()
        .post(API.quickOrder)
        .set(headers)
        .send({ lines: [{ partNumber: p.old.partNumber, quantity: 1 }], ...GOOD_CONTACT })
        .expect(401);
      await api()
        .put(API.cart)
        .set(headers)
        .send({ lines: [{ partNumber: p.old.partNumber, quantity: 1 }] })
        .expect(401);
    }
  });
});

describe('POST /parts/aliases/import', () => {
  const post = (csv: string, token: string | null = admin.token, type = 'text/csv') => {
    const req = api().post(API.importAliases).set('Content-Type', type);
    if (token) req.set(bearer(token));
    return req.send(csv);
  };

  it('imports every line, claims superseded numbers and makes them searchable: 201 with the count', async () => {
    const { tag, current, other } = await parts();
    const csv = [
      'partNumber,number,kind,brand',
      `${current.partNumber},AL-IMP-${tag},superseded,`,
      `${current.partNumber.toLowerCase()},"W ${tag}, rev 2",oem,Arctica`,
      '',
      `${other.partNumber},CP-IMP-${tag},competitor,CoolPro`,
    ].join('\r\n');
    expect((await post(csv).expect(201)).body).toEqual({ imported: 3 });
    expect((await toolDetail(current.id)).aliases).toEqual([
      { number: `AL-IMP-${tag}`, kind: 'superseded' },
      { number: `W ${tag}, rev 2`, kind: 'oem', brand: 'Arctica' },
    ]);
    expect(await claim(`AL-IMP-${tag}`)).toMatchObject({ toolId: current.id, kind: 'superseded' });
    expect(
      (
        await api()
          .get(API.resolvePart(`cp imp ${tag}`))
          .expect(200)
      ).body,
    ).toMatchObject({ match: 'competitor', part: { _id: other.id } });
    // The same file again changes nothing more.
    expect((await post(csv).expect(201)).body).toEqual({ imported: 3 });
    expect((await toolDetail(current.id)).aliases).toHaveLength(2);
  });

  it('imports nothing when any line is bad: 400 naming each by its line number in the file', async () => {
    const { tag, current, other } = await parts();
    await patch(other.id, { aliases: [{ number: `AL-HELD-${tag}`, kind: 'superseded' }] }).expect(200);
    const csv = [
      'partNumber,number,kind,brand',
      `${current.partNumber},AL-GOOD-${tag},superseded,`,
      `AL-NO-SUCH-${tag},AL-X-${tag},superseded,`,
      `${current.partNumber},AL-Y-${tag},vendor,`,
      `${current.partNumber},AL-Z-${tag},oem,`,
      `${current.partNumber},AL-HELD-${tag},superseded,`,
      `${current.partNumber},AL-GOOD-${tag},superseded,`,
      `${current.partNumber},${'Q'.repeat(65)},oem,X`,
      `${other.partNumber},AL-GOOD-${tag},superseded,`,
    ].join('\n');
    const before = await dumpFirestore();
    const res = await post(csv).expect(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['lines.3', 'lines.4', 'lines.5', 'lines.6', 'lines.7', 'lines.8', 'lines.9'].sort());
    expect(res.body.error.fields['lines.6']).toMatch(other.partNumber);
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each([
    ['no header', 'FP-1,FP-2,oem,X'],
    ['a wrong header', 'part,number,kind,brand\nFP-1,FP-2,oem,X'],
    ['a header only', 'partNumber,number,kind,brand\n'],
    ['5,001 lines', `partNumber,number,kind,brand\n${'FP-1,FP-2,oem,X\n'.repeat(5001)}`],
    ['a control character', 'partNumber,number,kind,brand\nFP-1,FP\u00072,oem,X'],
  ])('refuses a file with %s with 400, changing nothing', async (_label, csv) => {
    const before = await dumpFirestore();
    expectError((await post(csv).expect(400)).body, 'invalid-argument');
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses JSON with 415 and a body over 1 MB with 413', async () => {
    expect((await post('{"a":1}', admin.token, 'application/json').expect(415)).body.error.code).toBe('unsupported-media-type');
    expect((await post(`partNumber,number,kind,brand\n${'x'.repeat(1024 * 1024 + 10)}`).expect(413)).body.error.code).toBe('payload-too-large');
  });

  it('refuses a customer with 403 and anonymous callers with 401, changing nothing', async () => {
    const { tag, current } = await parts();
    const csv = `partNumber,number,kind,brand\n${current.partNumber},AL-NOPE-${tag},superseded,`;
    const before = await dumpFirestore();
    expectError((await post(csv, customer.token).expect(403)).body, 'permission-denied');
    for (const { headers } of ANONYMOUS_CALLERS) await api().post(API.importAliases).set(headers).set('Content-Type', 'text/csv').send(csv).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });
});
