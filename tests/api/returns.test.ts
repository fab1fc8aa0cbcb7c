import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { API } from '../../common/src/api-paths';
import { reservedOrderDoc } from '../../common/src/documents/bookings';
import type { BookingState } from '../../common/src/constants';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db, makeTool } from '../support/firestore';
import { ADMIN, CUSTOMER, bookingDoc, catalogued, dumpFirestoreWithoutMail, expectError, GOOD_CONTACT, pdfText, stripe, useCast } from './fixtures';
import {
  CHICAGO,
  checkedOut,
  companyDoc,
  DAY,
  flatGround,
  net30Company,
  NY,
  paidCardOrder,
  refundsOf,
  returnCalls,
  writeShippedOrder,
} from './returns-fixtures';
import { mailSettled } from './mail-inbox';

/**
 * Returns (CONTRACT §16, issue 47 slice 1, decision 0086) through HTTP: a request within each
 * reason's window (a day inside, a day past), quantities at most shipped less returned less
 * requested (two requests racing for the last unit: one made), one Idempotency-Key one return,
 * another company's buyer refused as for GET /booking/{id}, approve with its fee, decline
 * releasing the quantities, the shop admin's list, each step's email queued once.
 */

const cast = useCast({
  admin: ADMIN,
  buyer: { name: 'Rita Returner' },
  other: CUSTOMER,
  companyAdmin: { name: 'Cody Admin' },
  otherAdmin: CUSTOMER,
  netBuyer: { name: 'Nora Net' },
});
const { admin, buyer, other, companyAdmin, otherAdmin, netBuyer } = cast;

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
  const tools: [string, string] = [await makeTool({ name: 'Door gasket' }), await makeTool({ name: 'Defrost timer' })];
  if (o.returnable === false) await db.collection('tools').doc(tools[0]).update({ returnable: false });
  const shipped = o.shipped ?? [5, 3];
  const now = Date.now();
  const delivered = o.deliveredDaysAgo === undefined ? 2 : o.deliveredDaysAgo;
  const whole = shipped[0] === 5 && shipped[1] === 3;
  const id = await writeShippedOrder({
    owner: o.owner ?? buyer,
    lines: [
      { toolId: tools[0], name: 'Door gasket', partNumber: 'FP-GASKET-1', quantity: 5, unitPriceCents: 1000, shipped: shipped[0] },
      { toolId: tools[1], name: 'Defrost timer', partNumber: 'FP-TIMER-2', quantity: 3, unitPriceCents: 2000, shipped: shipped[1] },
    ],
    remaining: 50,
    orderNumber: `FP-2026-${String(800_000 + seq)}`,
    createdAt: Timestamp.fromMillis(Date.now() - 400 * DAY + seq * 1000),
    shipment: {
      id: `${String(seq).padStart(4, '0')}aaaaaaaaaaaaaaaaaaaa`,
      key: `k${seq}`,
      shippedAt: Timestamp.fromMillis(now - (o.shippedDaysAgo ?? 5) * DAY),
      deliveredAt: delivered === null ? null : Timestamp.fromMillis(now - delivered * DAY),
    },
    state: o.state ?? (whole ? (delivered === null ? 'shipped' : 'delivered') : 'partially-shipped'),
    paymentIntentId: `pi_ret_${seq}`,
    over: { companyId: o.companyId ?? null },
  });
  return { id, tools };
}

const { newKey, post, step, approvedReturn, ship } = returnCalls({ buyer, admin }, 'ret');

type Line = { lineId: string | number; quantity: number; reason: string; note?: string };
const request = (id: string, lines: Line[], user: TestUser = buyer, key: string | null = newKey()) => post(id, { lines }, user, key);
const listOf = async (id: string, user: TestUser = buyer) => (await api().get(API.bookingReturns(id)).set(bearer(user.token)).expect(200)).body;
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
    expect(listed.returnable[0].reasons.map((r: { reason: string }) => r.reason)).toEqual(['defective', 'warranty']);
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
    expect(listed.returnable[0].reasons.map((r: { reason: string }) => r.reason)).toEqual(['defective', 'damaged-in-transit', 'warranty']);
    expect(listed.returnable[1].reasons.map((r: { reason: string }) => r.reason)).toEqual([
      'wrong-part',
      'not-needed',
      'defective',
      'damaged-in-transit',
      'warranty',
    ]);
  });

  it('refuses a part return mixed with a core return (warranty claims: warranty.test.ts)', async () => {
    const { id } = await order();
    expect((await request(id, [{ lineId: '0', quantity: 1, reason: 'core' }]).expect(400)).body.error).toBeDefined();
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
      expectError((await api().get(API.bookingReturns(id)).set(bearer(stranger.token)).expect(404)).body, 'not-found');
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

describe('GET /booking/{id}/returns/{rid}/slip', () => {
  it('is the RMA slip PDF for the buyer, their company admin and the shop admin; a stranger gets the 404', async () => {
    const { id } = await order({ companyId: companyA });
    const made = (await request(id, [{ lineId: '1', quantity: 2, reason: 'wrong-part', note: 'Needed the 220V one' }]).expect(201)).body;
    await step(id, made.id, 'approve').expect(200);
    for (const user of [buyer, companyAdmin, admin]) {
      const res = await api().get(API.returnSlip(id, made.id)).set(bearer(user.token)).responseType('blob').expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`${made.rmaNumber}-slip.pdf`);
      const text = await pdfText(res.body as Buffer);
      for (const words of [made.rmaNumber, made.orderNumber, '2100 Industrial Way', 'Defrost timer', 'Wrong part', 'Approved, awaiting the parts'])
        expect(text).toContain(words);
    }
    await api().get(API.returnSlip(id, made.id)).set(bearer(other.token)).expect(404);
    await api()
      .get(API.returnSlip(id, 'f'.repeat(24)))
      .set(bearer(buyer.token))
      .expect(404);
  });
});

describe('GET /returns (shop admin)', () => {
  it('lists returns in a state oldest first, 25 a page, and is the shop admin’s only', async () => {
    const { id } = await order();
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await request(id, [{ lineId: '0', quantity: 1, reason: 'defective' }]).expect(201)).body.id);
    await step(id, made[1], 'approve').expect(200);
    const requested = (
      await api()
        .get(API.returns({ state: 'requested' }))
        .set(bearer(admin.token))
        .expect(200)
    ).body;
    const ids = requested.returns.map((r: { id: string }) => r.id);
    expect(ids.indexOf(made[0])).toBeLessThan(ids.indexOf(made[2]));
    expect(ids).not.toContain(made[1]);
    expect(requested.returns.every((r: { state: string }) => r.state === 'requested')).toBe(true);
    const approved = (
      await api()
        .get(API.returns({ state: 'approved' }))
        .set(bearer(admin.token))
        .expect(200)
    ).body;
    expect(approved.returns.map((r: { id: string }) => r.id)).toContain(made[1]);
    let all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await api()
          .get(API.returns({ cursor: cursor ?? undefined }))
          .set(bearer(admin.token))
          .expect(200)
      ).body as { returns: { id: string }[]; nextCursor: string | null };
      expect(page.returns.length).toBeLessThanOrEqual(25);
      all = [...all, ...page.returns.map((r) => r.id)];
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    for (const m of made) expect(all).toContain(m);
    await api().get(API.returns()).set(bearer(buyer.token)).expect(403);
    await api().get('/returns?state=lost').set(bearer(admin.token)).expect(400);
  });
});

describe('POST /booking/{id}/returns/{rid}/receive', () => {
  const toolDoc = async (id: string) => (await db.collection('tools').doc(id).get()).data()!;
  /** An approved return of `lines` of a new order. */
  async function approved(lines: Line[], o: OrderOptions = {}): Promise<{ id: string; rid: string; tools: [string, string] }> {
    const made = await order(o);
    const { rid } = await approvedReturn(made.id, { lines });
    return { ...made, rid };
  }

  it('puts resaleable units back in stock, writes damaged ones off, moves the lines from open to returned, emails once', async () => {
    const { id, rid, tools } = await approved([
      { lineId: '0', quantity: 3, reason: 'wrong-part' },
      { lineId: '1', quantity: 2, reason: 'damaged-in-transit' },
    ]);
    const stock = [(await toolDoc(tools[0])).availableQuantity, (await toolDoc(tools[1])).availableQuantity];
    const res = await step(id, rid, 'receive', {
      lines: [
        { lineId: '0', resaleable: 2, damaged: 0 },
        { lineId: '1', resaleable: 0, damaged: 2 },
      ],
    }).expect(200);
    expect(res.body).toMatchObject({
      state: 'received',
      lines: [
        { resaleable: 2, damaged: 0 },
        { resaleable: 0, damaged: 2 },
      ],
    });
    expect(res.body.receivedAt).not.toBeNull();
    // 2 x $10 + 2 x $20 = $60 of parts; the order has no tax and no shipping to refund.
    expect(res.body.refundDue).toEqual({ parts: 60, fee: 0, shipping: 0, tax: 0, total: 60 });
    expect((await toolDoc(tools[0])).availableQuantity).toBe(stock[0] + 2);
    expect((await toolDoc(tools[1])).availableQuantity).toBe(stock[1]);
    // The unit of line 0 not counted in did not come back: it may be returned again.
    expect((await linesOf(id)).map((l) => [l.returnOpenQuantity, l.returnedQuantity])).toEqual([
      [0, 2],
      [0, 2],
    ]);
    expect((await listOf(id)).returnable.map((l: { lineId: string; quantity: number }) => [l.lineId, l.quantity])).toEqual([
      ['0', 3],
      ['1', 1],
    ]);
    expect((await mailOf(rid, 'received'))!.text).toContain('Defrost timer (FP-TIMER-2): 2 of 2 received (2 damaged)');
    const b = (await api().get(API.myBooking(id)).set(bearer(buyer.token)).expect(200)).body;
    expect(b.lines.map((l: { returnedQuantity: number }) => l.returnedQuantity)).toEqual([2, 2]);
    expect(b.state).toBe('delivered');
  });

  it('serves a waiting backorder of the part first, oldest order first, and the shelf gets the rest', async () => {
    const { id, rid, tools } = await approved([{ lineId: '0', quantity: 3, reason: 'not-needed' }]);
    // Another buyer's order waits for 2 of the gasket.
    const waitingRef = db.collection('bookings').doc();
    const entryId = `${waitingRef.id}_0`;
    const waiting = reservedOrderDoc({
      buyer: other,
      lines: [
        {
          toolId: tools[0],
          tool: { name: 'Door gasket', partNumber: 'FP-GASKET-1', minimumQuantity: 1 },
          quantity: 2,
          plan: { unitPriceCents: 1000, totalCents: 2000 },
          backordered: { quantity: 2, expectedOn: '2026-12-20', backorderId: entryId },
        },
      ],
      remaining: 0,
      contact: GOOD_CONTACT,
      poNumber: null,
      orderNumber: `FP-2026-${String(850_000 + seq)}`,
      createdAt: Timestamp.fromMillis(Date.now() - DAY),
    });
    await waitingRef.set({ ...waiting, state: 'paid', paid: true, transactionId: 'pi_wait', paymentIntentId: 'pi_wait' });
    await db.collection('backorders').doc(entryId).set({ toolId: tools[0], bookingId: waitingRef.id, lineIndex: 0, placedAt: waiting.createdAt, quantity: 2 });
    await db.collection('tools').doc(tools[0]).update({ availableQuantity: 0, backorderedQuantity: 2 });

    await step(id, rid, 'receive', { lines: [{ lineId: '0', resaleable: 3, damaged: 0 }] }).expect(200);
    const tool = await toolDoc(tools[0]);
    expect(tool.availableQuantity).toBe(1);
    expect(tool.backorderedQuantity).toBe(0);
    const served = (await bookingDoc(waitingRef.id))!.lines as { backorderedQuantity: number }[];
    expect(served[0].backorderedQuantity).toBe(0);
    expect((await db.collection('backorders').doc(entryId).get()).exists).toBe(false);
    expect((await db.collection('mail').doc(`${waitingRef.id}-backorder-ready-1`).get()).exists).toBe(true);
  });

  it('receives once: a second receive is 409 and two at once make one, nothing moving twice', async () => {
    const { id, rid, tools } = await approved([{ lineId: '0', quantity: 2, reason: 'defective' }]);
    const before = (await toolDoc(tools[0])).availableQuantity;
    const body = { lines: [{ lineId: '0', resaleable: 2, damaged: 0 }] };
    const both = await Promise.all([step(id, rid, 'receive', body), step(id, rid, 'receive', body)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(both.find((r) => r.status === 409)!.body, 'conflict', /already received/);
    expect((await toolDoc(tools[0])).availableQuantity).toBe(before + 2);
    const snapshot = await dumpFirestoreWithoutMail();
    expectError((await step(id, rid, 'receive', body).expect(409)).body, 'conflict', /already received/);
    expect(await dumpFirestoreWithoutMail()).toEqual(snapshot);
    expect((await linesOf(id))[0]).toMatchObject({ returnOpenQuantity: 0, returnedQuantity: 2 });
  });

  it('refuses a return not approved, a line not in the return and more than was returned, changing nothing', async () => {
    const { id } = await order();
    const rid = (await request(id, [{ lineId: '0', quantity: 2, reason: 'defective' }]).expect(201)).body.id as string;
    expectError((await step(id, rid, 'receive', { lines: [{ lineId: '0', resaleable: 1, damaged: 0 }] }).expect(409)).body, 'conflict', /not approved/);
    await step(id, rid, 'approve').expect(200);
    const before = await dumpFirestoreWithoutMail();
    expect((await step(id, rid, 'receive', { lines: [{ lineId: '0', resaleable: 2, damaged: 1 }] }).expect(400)).body.error.fields['lines.0']).toMatch(
      /was returned 2; 2 resaleable and 1 damaged is more/,
    );
    await step(id, rid, 'receive', { lines: [{ lineId: '1', resaleable: 1, damaged: 0 }] }).expect(400);
    await step(id, rid, 'receive', { lines: [{ lineId: '0', resaleable: -1, damaged: 0 }] }).expect(400);
    await step(id, rid, 'receive', { lines: [{ lineId: '0', resaleable: 1, damaged: 0 }] }, buyer).expect(403);
    expect(await dumpFirestoreWithoutMail()).toEqual(before);
  });

  it('makes the order returned when every unit of every line has come back', async () => {
    const { id, rid } = await approved([
      { lineId: '0', quantity: 5, reason: 'wrong-part' },
      { lineId: '1', quantity: 3, reason: 'wrong-part' },
    ]);
    await step(id, rid, 'receive', {
      lines: [
        { lineId: '0', resaleable: 5, damaged: 0 },
        { lineId: '1', resaleable: 1, damaged: 2 },
      ],
    }).expect(200);
    const b = (await api().get(API.myBooking(id)).set(bearer(buyer.token)).expect(200)).body;
    expect(b.state).toBe('returned');
    expect((await listOf(id)).returnable).toEqual([]);
  });
});

describe('POST /booking/{id}/returns/{rid}/refund: card orders', () => {
  let gasket = { id: '', partNumber: '' };
  let relay = { id: '', partNumber: '' };

  beforeAll(async () => {
    // One flat method, $19.95; New York taxes parts and shipping at 4% (the double's table).
    await flatGround(admin, 'returns-ground');
    gasket = await catalogued({ name: 'Door Gasket', priceCents: 1999, minimumQuantity: 1, availableQuantity: 1000, weight: 1 });
    relay = await catalogued({ name: 'Start Relay', priceCents: 12_345, minimumQuantity: 1, availableQuantity: 1000, weight: 1 });
  });

  /** A card order of 3 x $19.99 and 1 x $123.45 to New York, paid (its tax transaction recorded) and shipped whole. */
  async function paidAndShipped(): Promise<string> {
    const o = await paidCardOrder(
      buyer,
      [
        { partNumber: gasket.partNumber, quantity: 3 },
        { partNumber: relay.partNumber, quantity: 1 },
      ],
      NY,
      [600_000, 300_000],
    );
    await ship(o._id, [3, 1]);
    return o._id;
  }

  it('refunds to the cent (fee, shipping, tax), once: two at once make one Stripe refund and one tax reversal; a replay answers the same', async () => {
    const id = await paidAndShipped();
    const stored = (await bookingDoc(id))!;
    // The order as taxed: 4% of each line and of the shipping, each rounded on its own.
    expect(stored.tax.lines.map((l: { amountCents: number }) => l.amountCents)).toEqual([240, 494]);
    expect(stored.tax.shippingCents).toBe(80);
    expect(stored.tax.transactionId).toMatch(/^tax_/);
    const rid = (
      await request(id, [
        { lineId: '0', quantity: 2, reason: 'wrong-part' },
        { lineId: '1', quantity: 1, reason: 'not-needed' },
      ]).expect(201)
    ).body.id as string;
    await step(id, rid, 'approve', { restockingFeePercent: 10 }).expect(200);
    expectError((await step(id, rid, 'refund').expect(409)).body, 'conflict', /must be received/);
    const received = await step(id, rid, 'receive', {
      lines: [
        { lineId: '0', resaleable: 2, damaged: 0 },
        { lineId: '1', resaleable: 0, damaged: 1 },
      ],
    }).expect(200);
    // Line 0: parts 2 x 19.99 = 39.98, fee round(399.8) = 4.00, tax round(240 x 3598 / 5997) = 1.44.
    // Line 1: parts 123.45, fee round(1234.5) = 12.35 (half away from zero), tax round(494 x 11110 / 12345) = 4.45.
    // Shipping (line 0 is wrong-part): round(1995 x 3998 / 18342) = 4.35, its tax round(80 x 435 / 1995) = 0.17.
    // Total: 35.98 + 1.44 + 111.10 + 4.45 + 4.35 + 0.17 = 157.49.
    const due = { parts: 163.43, fee: 16.35, shipping: 4.35, tax: 6.06, total: 157.49 };
    expect(received.body.refundDue).toEqual(due);

    const [a, b] = await Promise.all([step(id, rid, 'refund'), step(id, rid, 'refund')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(a.body).toMatchObject({ state: 'refunded', refundDue: null, refund: { ...due, method: 'card', creditNoteId: null } });
    expect(a.body.refund.refundId).toMatch(/^re_/);
    const refunds = await refundsOf(stored.paymentIntentId);
    expect(refunds.map((r) => r.amount)).toEqual([15_749]);
    expect(refunds[0].id).toBe(a.body.refund.refundId);

    const doc = (await db.collection('returns').doc(rid).get()).data()!;
    const reversal = await stripe.tax.transactions.retrieve(doc.refund.taxReversalId, { expand: ['line_items'] });
    expect(reversal).toMatchObject({ type: 'reversal', reference: a.body.rmaNumber, reversal: { original_transaction: stored.tax.transactionId } });
    expect(reversal.line_items!.data.map((l) => [l.amount, l.amount_tax])).toEqual([
      [-3598, -144],
      [-11_110, -445],
    ]);
    expect(reversal.shipping_cost).toMatchObject({ amount: -435, amount_tax: -17 });

    expect((await step(id, rid, 'refund').expect(200)).body).toEqual(a.body);
    expect(await refundsOf(stored.paymentIntentId)).toHaveLength(1);
    const mail = (await mailOf(rid, 'refunded'))!;
    expect(mail.text).toContain('Total: $157.49');
    // The buyer sees the refund on the order page's list.
    expect((await listOf(id)).returns[0]).toMatchObject({ state: 'refunded', refund: { total: 157.49 } });
  });

  it('answers Stripe refusing the refund with a 409 naming it, and records nothing', async () => {
    const { id } = await order();
    const rid = (await request(id, [{ lineId: '1', quantity: 1, reason: 'defective' }]).expect(201)).body.id as string;
    await step(id, rid, 'approve').expect(200);
    await step(id, rid, 'receive', { lines: [{ lineId: '1', resaleable: 0, damaged: 1 }] }).expect(200);
    // The fixture's PaymentIntent is not at the double: Stripe's refusal is a 409 naming it, and nothing is recorded.
    const refused = await step(id, rid, 'refund').expect(409);
    expectError(refused.body, 'conflict', /Stripe refused the refund/);
    expect((await db.collection('returns').doc(rid).get()).data()!.state).toBe('received');
  });
});

describe('POST /booking/{id}/returns/{rid}/refund: orders on account', () => {
  let net = '';
  let gasket = { id: '', partNumber: '' };
  let relay = { id: '', partNumber: '' };

  beforeAll(async () => {
    net = await net30Company(admin, netBuyer, 'Net Thirty Refrigeration', 'Chicago shop', CHICAGO);
    gasket = await catalogued({ name: 'Door Gasket', priceCents: 1999, minimumQuantity: 1, availableQuantity: 1000, weight: 1 });
    relay = await catalogued({ name: 'Start Relay', priceCents: 12_345, minimumQuantity: 1, availableQuantity: 1000, weight: 1 });
  });

  it('credits the invoice to the cent with a credit note, lowers the company’s open invoices by its total, once when raced or replayed', async () => {
    const o = await checkedOut(netBuyer, [
      { toolId: gasket.id, quantity: 3 },
      { toolId: relay.id, quantity: 1 },
    ]);
    expect(o.payment).toMatchObject({ method: 'invoice', status: 'open' });
    // Illinois: 6.25% of each line (3.75 and 7.72), shipping untaxed.
    expect((await bookingDoc(o._id))!.tax.lines.map((l: { amountCents: number }) => l.amountCents)).toEqual([375, 772]);
    await ship(o._id, [3, 1]);
    const rid = (
      await request(
        o._id,
        [
          { lineId: '0', quantity: 1, reason: 'not-needed' },
          { lineId: '1', quantity: 1, reason: 'defective' },
        ],
        netBuyer,
      ).expect(201)
    ).body.id as string;
    expect((await step(o._id, rid, 'approve').expect(200)).body.restockingFeePercent).toBe(15);
    const received = await step(o._id, rid, 'receive', {
      lines: [
        { lineId: '0', resaleable: 1, damaged: 0 },
        { lineId: '1', resaleable: 0, damaged: 1 },
      ],
    }).expect(200);
    // Line 0: 19.99 less round(299.85) = 3.00, tax round(375 x 1699 / 5997) = 1.06.
    // Line 1: 123.45 less round(1851.75) = 18.52, tax round(772 x 10493 / 12345) = 6.56. No shipping (neither wrong nor damaged in transit).
    const due = { parts: 143.44, fee: 21.52, shipping: 0, tax: 7.62, total: 129.54 };
    expect(received.body.refundDue).toEqual(due);
    const openBefore = (await companyDoc(net)).openInvoiceCents as number;

    const [a, b] = await Promise.all([step(o._id, rid, 'refund'), step(o._id, rid, 'refund')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(a.body).toMatchObject({ state: 'refunded', refund: { ...due, method: 'credit-note', refundId: null } });
    const notes = await stripe.creditNotes.list({ invoice: o.payment.invoiceId, limit: 100 });
    expect(notes.data.map((n) => n.id)).toEqual([a.body.refund.creditNoteId]);
    const note = notes.data[0];
    expect(note).toMatchObject({ total: 12_954, subtotal: 12_192, reason: 'product_unsatisfactory', pre_payment_amount: 12_954, post_payment_amount: 0 });
    expect(note.lines.data.map((l) => [l.amount, l.type])).toEqual([
      [1699, 'invoice_line_item'],
      [10_493, 'invoice_line_item'],
    ]);
    expect((await companyDoc(net)).openInvoiceCents).toBe(openBefore - 12_954);
    expect((await bookingDoc(o._id))!.returnCreditedCents).toBe(12_954);

    expect((await step(o._id, rid, 'refund').expect(200)).body).toEqual(a.body);
    expect((await stripe.creditNotes.list({ invoice: o.payment.invoiceId, limit: 100 })).data).toHaveLength(1);
    expect((await companyDoc(net)).openInvoiceCents).toBe(openBefore - 12_954);
    expect((await mailOf(rid, 'refunded'))!.text).toContain("credited to your company's invoice");
  });
});
