import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { API } from '../../common/src/api-paths';
import { reservedOrderDoc, type BookingDoc } from '../../common/src/documents/bookings';
import type { ShipmentDoc } from '../../common/src/shipping/shipments';
import type { BookingState } from '../../common/src/constants';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db, makeTool } from '../support/firestore';
import { ADMIN, CUSTOMER, bookingDoc, dumpFirestoreWithoutMail, expectError, GOOD_CONTACT, useCast } from './fixtures';
import { mailSettled } from './mail-inbox';

/**
 * Returns (CONTRACT §16, issue 47 slice 1, decision 0086) through HTTP: a request within each
 * reason's window (a day inside, a day past), quantities at most shipped less returned less
 * requested (two requests racing for the last unit: one made), one Idempotency-Key one return,
 * another company's buyer refused as for GET /booking/{id}, approve with its fee, decline
 * releasing the quantities, the shop admin's list, each step's email queued once.
 */

const cast = useCast({ admin: ADMIN, buyer: { name: 'Rita Returner' }, other: CUSTOMER, companyAdmin: { name: 'Cody Admin' }, otherAdmin: CUSTOMER });
const { admin, buyer, other, companyAdmin, otherAdmin } = cast;

const DAY = 86_400_000;
let seq = 0;
let companyA = '';

interface OrderOptions {
  /** Days since the shipment (default 5). */
  shippedDaysAgo?: number;
  /** Days since its delivery (null: no delivery recorded; default 2). */
  deliveredDaysAgo?: number | null;
  /** Units of each line shipped (default all: 5 and 3). */
  shipped?: [number, number];
  state?: BookingState;
  companyId?: string | null;
  returnable?: boolean;
  owner?: TestUser;
}

/**
 * A two-line order (5 x $10.00 and 3 x $20.00) written as the API stores it, paid by card, with
 * one shipment of `shipped` units `shippedDaysAgo` days ago (delivered `deliveredDaysAgo` days ago).
 */
async function order(o: OrderOptions = {}): Promise<{ id: string; tools: [string, string] }> {
  seq++;
  const owner = o.owner ?? buyer;
  const tools: [string, string] = [await makeTool({ name: 'Door gasket' }), await makeTool({ name: 'Defrost timer' })];
  if (o.returnable === false) await db.collection('tools').doc(tools[0]).update({ returnable: false });
  const reserved = reservedOrderDoc({
    buyer: owner,
    lines: [
      {
        toolId: tools[0],
        tool: { name: 'Door gasket', partNumber: 'FP-GASKET-1', minimumQuantity: 1 },
        quantity: 5,
        plan: { unitPriceCents: 1000, totalCents: 5000 },
      },
      {
        toolId: tools[1],
        tool: { name: 'Defrost timer', partNumber: 'FP-TIMER-2', minimumQuantity: 1 },
        quantity: 3,
        plan: { unitPriceCents: 2000, totalCents: 6000 },
      },
    ],
    remaining: 50,
    contact: GOOD_CONTACT,
    poNumber: null,
    orderNumber: `FP-2026-${String(800_000 + seq)}`,
    createdAt: Timestamp.fromMillis(Date.now() - 400 * DAY + seq * 1000),
  });
  const shipped = o.shipped ?? [5, 3];
  const now = Date.now();
  const shippedAt = Timestamp.fromMillis(now - (o.shippedDaysAgo ?? 5) * DAY);
  const delivered = o.deliveredDaysAgo === undefined ? 2 : o.deliveredDaysAgo;
  const shipment: ShipmentDoc<Timestamp> = {
    id: `${String(seq).padStart(4, '0')}aaaaaaaaaaaaaaaaaaaa`,
    key: `k${seq}`,
    fingerprint: 'f',
    lines: shipped
      .map((quantity, i) => ({
        lineId: String(i),
        toolId: tools[i],
        partNumber: i === 0 ? 'FP-GASKET-1' : 'FP-TIMER-2',
        name: i === 0 ? 'Door gasket' : 'Defrost timer',
        quantity,
      }))
      .filter((l) => l.quantity > 0),
    carrier: 'ups',
    service: null,
    trackingNumbers: ['1Z999AA10123456784'],
    trackingUrl: null,
    shippedAt,
    deliveredAt: delivered === null ? null : Timestamp.fromMillis(now - delivered * DAY),
    cancelledAt: null,
  };
  const whole = shipped[0] === 5 && shipped[1] === 3;
  const doc: BookingDoc<Timestamp> = {
    ...reserved,
    state: o.state ?? (whole ? (delivered === null ? 'shipped' : 'delivered') : 'partially-shipped'),
    paid: true,
    transactionId: `pi_ret_${seq}`,
    paymentIntentId: `pi_ret_${seq}`,
    lines: reserved.lines!.map((l, i) => ({ ...l, shippedQuantity: shipped[i] })),
    shipments: shipped.some((q) => q > 0) ? [shipment] : [],
    companyId: o.companyId ?? null,
  };
  const ref = db.collection('bookings').doc();
  await ref.set(doc);
  return { id: ref.id, tools };
}

let keySeq = 0;
const newKey = () => `ret-${Date.now().toString(36)}-${++keySeq}`;
const paths = {
  returns: (id: string) => `/booking/${encodeURIComponent(id)}/returns`,
  step: (id: string, rid: string, step: string) => `/booking/${encodeURIComponent(id)}/returns/${rid}/${step}`,
};

type Line = { lineId: string | number; quantity: number; reason: string; note?: string };
const request = (id: string, lines: Line[], user: TestUser = buyer, key: string | null = newKey()) => {
  const req = api().post(paths.returns(id)).set(bearer(user.token));
  if (key !== null) req.set('Idempotency-Key', key);
  return req.send({ lines });
};
const listOf = async (id: string, user: TestUser = buyer) => (await api().get(paths.returns(id)).set(bearer(user.token)).expect(200)).body;
const step = (id: string, rid: string, name: string, body: object = {}, user: TestUser = admin) =>
  api()
    .post(paths.step(id, rid, name))
    .set(bearer(user.token))
    .send(body);
const linesOf = async (id: string) => (await bookingDoc(id))!.lines as { returnOpenQuantity?: number; returnedQuantity?: number }[];
const mailOf = async (rid: string, s: string) => (await db.collection('mail').doc(`return-${rid}-${s}`).get()).data();

beforeAll(async () => {
  const companyBody = (name: string) => ({
    name,
    billingAddress: { line1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
    shipTo: [{ label: 'Main shop', address: { line1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' } }],
    terms: 'card',
  });
  companyA = (await api().post(API.companies).set(bearer(admin.token)).send(companyBody('Arctic Repair Co.')).expect(201)).body._id;
  const companyB = (await api().post(API.companies).set(bearer(admin.token)).send(companyBody('Polar Service LLC')).expect(201)).body._id;
  for (const [c, user] of [
    [companyA, companyAdmin],
    [companyB, otherAdmin],
  ] as const) {
    await api().post(API.companyInvitations(c)).set(bearer(admin.token)).send({ email: user.email, role: 'company-admin' }).expect(201);
    await api().put(API.syncUser(user.email)).set(bearer(user.token)).expect(200);
  }
});

beforeEach(async () => {
  await mailSettled();
});

describe('POST /booking/{id}/returns', () => {
  it('makes a requested return with its RMA number, holds the quantities, emails once, and a replay answers the same', async () => {
    const { id, tools } = await order();
    const key = newKey();
    const res = await request(
      id,
      [
        { lineId: '0', quantity: 2, reason: 'wrong-part', note: 'Ordered the 24" one' },
        { lineId: 1, quantity: 1, reason: 'defective' },
      ],
      buyer,
      key,
    ).expect(201);
    expect(res.body).toMatchObject({
      bookingId: id,
      state: 'requested',
      buyer: { email: buyer.email },
      lines: [
        { lineId: '0', toolId: tools[0], quantity: 2, reason: 'wrong-part', note: 'Ordered the 24" one', unitPrice: 10, resaleable: 0, damaged: 0 },
        { lineId: '1', toolId: tools[1], quantity: 1, reason: 'defective', note: null, unitPrice: 20 },
      ],
      restockingFeePercent: null,
      refund: null,
      returnAddress: null,
      refundDue: null,
      approvedAt: null,
    });
    expect(res.body.rmaNumber).toMatch(new RegExp(`^RMA-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(res.body.id).toMatch(/^[a-f0-9]{24}$/);
    expect((await linesOf(id)).map((l) => l.returnOpenQuantity ?? 0)).toEqual([2, 1]);
    const mail = await mailOf(res.body.id, 'requested');
    expect(mail).toMatchObject({ to: buyer.email, kind: 'return-requested', bookingId: id });
    expect(mail!.subject).toContain(res.body.rmaNumber);

    const replay = await request(
      id,
      [
        { lineId: '0', quantity: 2, reason: 'wrong-part', note: 'Ordered the 24" one' },
        { lineId: 1, quantity: 1, reason: 'defective' },
      ],
      buyer,
      key,
    ).expect(201);
    expect(replay.body).toEqual(res.body);
    expect((await linesOf(id)).map((l) => l.returnOpenQuantity ?? 0)).toEqual([2, 1]);
    // The key with another body is another return: refused.
    await request(id, [{ lineId: '0', quantity: 1, reason: 'wrong-part' }], buyer, key).expect(409);

    const listed = await listOf(id);
    expect(listed.returns).toEqual([res.body]);
    expect(listed.returnable.map((l: { lineId: string; quantity: number }) => [l.lineId, l.quantity])).toEqual([
      ['0', 3],
      ['1', 2],
    ]);
    // The Booking answer's lines carry the open quantities.
    const b = (await api().get(API.myBooking(id)).set(bearer(buyer.token)).expect(200)).body;
    expect(b.lines.map((l: { returnOpenQuantity: number }) => l.returnOpenQuantity)).toEqual([2, 1]);
  });

  it('numbers RMAs one after another', async () => {
    const { id } = await order();
    const a = (await request(id, [{ lineId: '0', quantity: 1, reason: 'defective' }]).expect(201)).body.rmaNumber as string;
    const b = (await request(id, [{ lineId: '0', quantity: 1, reason: 'defective' }]).expect(201)).body.rmaNumber as string;
    expect(Number(b.slice(-6))).toBe(Number(a.slice(-6)) + 1);
  });

  it('keeps each reason’s window from the delivery: a day inside is taken, a day past is refused naming the line and the day', async () => {
    const cases: [string, number][] = [
      ['wrong-part', 30],
      ['not-needed', 30],
      ['damaged-in-transit', 30],
      ['defective', 365],
    ];
    for (const [reason, days] of cases) {
      const inside = await order({ shippedDaysAgo: days + 5, deliveredDaysAgo: days - 1 });
      await request(inside.id, [{ lineId: '0', quantity: 1, reason }]).expect(201);
      const past = await order({ shippedDaysAgo: days + 5, deliveredDaysAgo: days + 1 });
      const before = await dumpFirestoreWithoutMail();
      const res = await request(past.id, [{ lineId: '1', quantity: 1, reason }]).expect(400);
      const closed = new Date(Date.now() - DAY + 60_000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
      expect(res.body.error.fields['lines.0']).toContain(`Line 1 (Defrost timer): The ${days}-day return window for ${reason} closed on`);
      expect([closed, new Date(Date.now() - DAY).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })]).toContain(
        /closed on (.+)\.$/.exec(res.body.error.fields['lines.0'])![1],
      );
      expect(await dumpFirestoreWithoutMail()).toEqual(before);
    }
  });

  it('counts from the shipment when no delivery was recorded', async () => {
    const inside = await order({ shippedDaysAgo: 29, deliveredDaysAgo: null });
    await request(inside.id, [{ lineId: '0', quantity: 1, reason: 'not-needed' }]).expect(201);
    const past = await order({ shippedDaysAgo: 31, deliveredDaysAgo: null });
    expectError(
      (await request(past.id, [{ lineId: '0', quantity: 1, reason: 'not-needed' }]).expect(400)).body,
      'invalid-argument',
      /30-day return window for not-needed closed/,
    );
    // The windows the order page offers say so too.
    const listed = await listOf(past.id);
    expect(listed.returnable[0].reasons.map((r: { reason: string }) => r.reason)).toEqual(['defective']);
  });

  it('refuses more than shipped less returned less requested, naming the line, and nothing changes', async () => {
    const { id } = await order({ shipped: [3, 0] });
    const before = await dumpFirestoreWithoutMail();
    const over = await request(id, [{ lineId: '0', quantity: 4, reason: 'defective' }]).expect(400);
    expect(over.body.error.fields['lines.0']).toMatch(/Line 0 \(Door gasket\) has 3 left to return .*4 is too many/);
    expectError((await request(id, [{ lineId: '1', quantity: 1, reason: 'defective' }]).expect(400)).body, 'invalid-argument', /has not shipped/);
    await request(id, [{ lineId: '7', quantity: 1, reason: 'defective' }]).expect(400);
    expect(await dumpFirestoreWithoutMail()).toEqual(before);
    await request(id, [{ lineId: '0', quantity: 2, reason: 'defective' }]).expect(201);
    expect((await request(id, [{ lineId: '0', quantity: 2, reason: 'defective' }]).expect(400)).body.error.fields['lines.0']).toMatch(/has 1 left to return/);
    await request(id, [{ lineId: '0', quantity: 1, reason: 'defective' }]).expect(201);
    expect((await listOf(id)).returnable).toEqual([]);
  });

  it('gives the last unit to one of two requests racing for it', async () => {
    const { id } = await order({ shipped: [1, 0] });
    const both = await Promise.all([
      request(id, [{ lineId: '0', quantity: 1, reason: 'wrong-part' }]),
      request(id, [{ lineId: '0', quantity: 1, reason: 'defective' }]),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    expect((await linesOf(id))[0].returnOpenQuantity).toBe(1);
    expect((await db.collection('returns').where('bookingId', '==', id).get()).size).toBe(1);
  });

  it('lets a part marked not returnable back only defective or damaged in transit', async () => {
    const { id } = await order({ returnable: false });
    expectError(
      (await request(id, [{ lineId: '0', quantity: 1, reason: 'not-needed' }]).expect(400)).body,
      'invalid-argument',
      /only defective or damaged in transit/,
    );
    await request(id, [{ lineId: '0', quantity: 1, reason: 'damaged-in-transit' }]).expect(201);
    const listed = await listOf(id);
    expect(listed.returnable[0].reasons.map((r: { reason: string }) => r.reason)).toEqual(['defective', 'damaged-in-transit']);
    expect(listed.returnable[1].reasons.map((r: { reason: string }) => r.reason)).toEqual(['wrong-part', 'not-needed', 'defective', 'damaged-in-transit']);
  });

  it('does not open warranty claims and core returns yet', async () => {
    const { id } = await order();
    for (const reason of ['warranty', 'core'])
      expectError(
        (await request(id, [{ lineId: '0', quantity: 1, reason }]).expect(400)).body,
        'invalid-argument',
        /Warranty claims and core returns are not open yet/,
      );
  });

  it('refuses an order not shipped (409), a missing key and bad bodies (400)', async () => {
    const { id } = await order({ shipped: [0, 0], state: 'paid' });
    expectError((await request(id, [{ lineId: '0', quantity: 1, reason: 'defective' }]).expect(409)).body, 'conflict', /Nothing of this order has shipped/);
    const shipped = await order();
    await request(shipped.id, [{ lineId: '0', quantity: 1, reason: 'defective' }], buyer, null).expect(400);
    await request(shipped.id, [
      { lineId: '0', quantity: 1, reason: 'defective' },
      { lineId: '0', quantity: 1, reason: 'wrong-part' },
    ]).expect(400);
    await request(shipped.id, [{ lineId: '0', quantity: 1, reason: 'changed-mind' }]).expect(400);
    await request(shipped.id, []).expect(400);
  });

  it('is the buyer’s, their company admin’s and the shop admin’s; another company’s admin and another buyer get the 404 of GET /booking/{id}', async () => {
    const { id } = await order({ companyId: companyA });
    await request(id, [{ lineId: '0', quantity: 1, reason: 'defective' }], companyAdmin).expect(201);
    await request(id, [{ lineId: '0', quantity: 1, reason: 'defective' }], admin).expect(201);
    for (const stranger of [other, otherAdmin]) {
      const before = await dumpFirestoreWithoutMail();
      expectError((await request(id, [{ lineId: '0', quantity: 1, reason: 'defective' }], stranger).expect(404)).body, 'not-found');
      expectError((await api().get(paths.returns(id)).set(bearer(stranger.token)).expect(404)).body, 'not-found');
      await api().get(API.myBooking(id)).set(bearer(stranger.token)).expect(404);
      expect(await dumpFirestoreWithoutMail()).toEqual(before);
    }
    expect((await listOf(id, companyAdmin)).returns).toHaveLength(2);
  });
});

describe('approve and decline', () => {
  it('approves with the 15% fee for a not-needed line, shows the address, emails once; a replay answers the same', async () => {
    const { id } = await order();
    const rid = (
      await request(id, [
        { lineId: '0', quantity: 1, reason: 'not-needed' },
        { lineId: '1', quantity: 1, reason: 'defective' },
      ]).expect(201)
    ).body.id as string;
    await step(id, rid, 'approve', {}, buyer).expect(403);
    const approved = await step(id, rid, 'approve').expect(200);
    expect(approved.body).toMatchObject({
      state: 'approved',
      restockingFeePercent: 15,
      returnAddress: 'FridgeParts Returns, 2100 Industrial Way, Springfield, IL 62702',
    });
    expect(approved.body.approvedAt).not.toBeNull();
    expect((await mailOf(rid, 'approved'))!.text).toContain('2100 Industrial Way');
    const again = await step(id, rid, 'approve', { restockingFeePercent: 5 }).expect(200);
    expect(again.body).toEqual(approved.body);
    await step(id, rid, 'approve', { restockingFeePercent: 51 }).expect(400);
  });

  it('approves with the fee given, and 0 by default when no line is not-needed', async () => {
    const { id } = await order();
    const a = (await request(id, [{ lineId: '0', quantity: 1, reason: 'wrong-part' }]).expect(201)).body.id;
    expect((await step(id, a, 'approve').expect(200)).body.restockingFeePercent).toBe(0);
    const b = (await request(id, [{ lineId: '0', quantity: 1, reason: 'not-needed' }]).expect(201)).body.id;
    expect((await step(id, b, 'approve', { restockingFeePercent: 20 }).expect(200)).body.restockingFeePercent).toBe(20);
  });

  it('declines with the reason and releases the quantities; approving it then is 409; a return of another order is 404', async () => {
    const { id } = await order();
    const rid = (await request(id, [{ lineId: '1', quantity: 3, reason: 'not-needed' }]).expect(201)).body.id as string;
    expect((await listOf(id)).returnable.map((l: { lineId: string }) => l.lineId)).toEqual(['0']);
    const declined = await step(id, rid, 'decline', { reason: 'Special-order part, not returnable.' }).expect(200);
    expect(declined.body).toMatchObject({ state: 'declined', declineReason: 'Special-order part, not returnable.', returnAddress: null });
    expect((await linesOf(id)).map((l) => l.returnOpenQuantity ?? 0)).toEqual([0, 0]);
    expect((await listOf(id)).returnable.map((l: { lineId: string; quantity: number }) => [l.lineId, l.quantity])).toEqual([
      ['0', 5],
      ['1', 3],
    ]);
    expect((await mailOf(rid, 'declined'))!.text).toContain('Special-order part');
    expect((await step(id, rid, 'decline', { reason: 'again' }).expect(200)).body).toEqual(declined.body);
    expectError((await step(id, rid, 'approve').expect(409)).body, 'conflict', /declined/);
    await step(id, rid, 'decline', {}).expect(400);
    const elsewhere = await order();
    await step(elsewhere.id, rid, 'approve').expect(404);
    await step(id, 'not-a-return', 'approve').expect(404);
    // The whole line can be asked for again.
    await request(id, [{ lineId: '1', quantity: 3, reason: 'defective' }]).expect(201);
  });
});

describe('GET /returns (shop admin)', () => {
  it('lists returns in a state oldest first, 25 a page, and is the shop admin’s only', async () => {
    const { id } = await order();
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await request(id, [{ lineId: '0', quantity: 1, reason: 'defective' }]).expect(201)).body.id);
    await step(id, made[1], 'approve').expect(200);
    const requested = (await api().get('/returns?state=requested').set(bearer(admin.token)).expect(200)).body;
    const ids = requested.returns.map((r: { id: string }) => r.id);
    expect(ids.indexOf(made[0])).toBeLessThan(ids.indexOf(made[2]));
    expect(ids).not.toContain(made[1]);
    expect(requested.returns.every((r: { state: string }) => r.state === 'requested')).toBe(true);
    const approved = (await api().get('/returns?state=approved').set(bearer(admin.token)).expect(200)).body;
    expect(approved.returns.map((r: { id: string }) => r.id)).toContain(made[1]);
    let all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await api()
          .get(`/returns${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)
          .set(bearer(admin.token))
          .expect(200)
      ).body as { returns: { id: string }[]; nextCursor: string | null };
      expect(page.returns.length).toBeLessThanOrEqual(25);
      all = [...all, ...page.returns.map((r) => r.id)];
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    for (const m of made) expect(all).toContain(m);
    await api().get('/returns').set(bearer(buyer.token)).expect(403);
    await api().get('/returns?state=lost').set(bearer(admin.token)).expect(400);
  });
});
