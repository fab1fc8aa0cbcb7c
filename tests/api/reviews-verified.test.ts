import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db, makeTool } from '../support/firestore';
import { ANONYMOUS_CALLERS, dumpFirestore, expectError, makeBooking, useCast } from './fixtures';

/** Verified-buyer reviews (CONTRACT §7): the server decides from the reviewer's paid bookings. */
const { buyer, browser } = useCast({ buyer: { name: 'Bea Buyer' }, browser: { name: 'Bo Browser' } });
let toolId: string;
let otherTool: string;

beforeAll(async () => {
  toolId = await makeTool();
  otherTool = await makeTool();
  await makeBooking(buyer, toolId, { state: 'paid', paid: true, transactionId: 'pi_verified_1' });
  // Unpaid and refunded bookings do not make a buyer.
  await makeBooking(browser, toolId, { state: 'reserved' });
  await makeBooking(browser, otherTool, { state: 'refunded', paid: true, transactionId: 'pi_refunded_1' });
});

const review = (user: TestUser, body: Record<string, unknown>) =>
  api()
    .post(API.addReview)
    .set(bearer(user.token))
    .send({ image: 'https://example.test/me.jpg', review: 5, description: 'Good part.', ...body });

describe('POST /reviews with a toolId', () => {
  it('a customer with a paid booking of the tool is a verified buyer, whatever the client claims', async () => {
    const res = await review(buyer, { toolId, verifiedBuyer: false }).expect(201);
    expect(res.body).toMatchObject({ toolId, verifiedBuyer: true, userName: 'Bea Buyer' });
  });

  it('an unpaid or refunded booking, or none, is not', async () => {
    expect((await review(browser, { toolId, verifiedBuyer: true }).expect(201)).body).toMatchObject({ toolId, verifiedBuyer: false });
    expect((await review(browser, { toolId: otherTool }).expect(201)).body.verifiedBuyer).toBe(false);
    expect((await review(buyer, { toolId: otherTool }).expect(201)).body.verifiedBuyer).toBe(false);
  });

  it('a review without a tool is never verified', async () => {
    expect((await review(buyer, {}).expect(201)).body).toMatchObject({ toolId: null, verifiedBuyer: false });
  });

  it('refuses an unknown tool (404) and a malformed id (400), storing nothing', async () => {
    const before = await dumpFirestore();
    expectError((await review(buyer, { toolId: 'no-such-tool-0000000' }).expect(404)).body, 'not-found');
    expectError((await review(buyer, { toolId: ['x'] }).expect(400)).body, 'invalid-argument');
    expectError((await review(buyer, { toolId: 'a/b' }).expect(400)).body, 'invalid-argument');
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401', async ({ headers }) => {
    await api().post(API.addReview).set(headers).send({ image: 'https://example.test/a.jpg', review: 5, description: 'x', toolId }).expect(401);
  });
});

describe('GET /reviewsget?toolId=', () => {
  it("lists only that tool's reviews, newest first; without toolId every review", async () => {
    const forTool = await api().get(`${API.reviews}?toolId=${toolId}`).expect(200);
    expect(forTool.body.length).toBe(2);
    expect(forTool.body.every((r: { toolId: string }) => r.toolId === toolId)).toBe(true);
    expect(forTool.body.map((r: { verifiedBuyer: boolean }) => r.verifiedBuyer)).toEqual([false, true]);
    const all = await api().get(API.reviews).expect(200);
    expect(all.body.length).toBe(5);
    await api().get(`${API.reviews}?toolId=a%2Fb`).expect(400);
  });
});

describe('orders with lines (CONTRACT §8)', () => {
  it('any line of a paid order makes a verified buyer, not only the first', async () => {
    const [first, second] = [await makeTool(), await makeTool()];
    const orderId = await makeBooking(buyer, first, { state: 'paid', paid: true, transactionId: 'pi_verified_lines' });
    await db
      .collection('bookings')
      .doc(orderId)
      .update({
        lines: [
          { toolId: first, partNumber: null, name: 'First', quantity: 2, unitPriceCents: 1999, lineTotalCents: 3998 },
          { toolId: second, partNumber: null, name: 'Second', quantity: 1, unitPriceCents: 500, lineTotalCents: 500 },
        ],
        toolIds: [first, second],
        totalCents: 4498,
      });
    expect((await review(buyer, { toolId: second }).expect(201)).body.verifiedBuyer).toBe(true);
    expect((await review(browser, { toolId: second }).expect(201)).body.verifiedBuyer).toBe(false);
  });
});
