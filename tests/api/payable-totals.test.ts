import '../support/env';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { MAX_ORDER_TOTAL_CENTS, MIN_ORDER_TOTAL_CENTS } from '../../common/src/constants';
import { api, bearer } from '../support/api';
import { db } from '../support/firestore';
import {
  CUSTOMER,
  GOOD_CONTACT,
  catalogued,
  dumpFirestoreWithoutMail,
  expectError,
  makeBooking,
  paymentIntentFor,
  placeBooking,
  quickOrder,
  stockOf,
  useCast,
  oneLineTotalCents,
} from './fixtures';
import { mailSettled } from './mail-inbox';

/**
 * CONTRACT §13: an order whose total no card can be charged (under $0.50, over $999,999.99) is
 * refused with 400 naming the limit, before any stock moves, on every path that makes an order;
 * the totals at the limits are booked. And the card provider's own words for a request it refuses
 * reach the buyer as it wrote them.
 */

const { buyer } = useCast({ buyer: CUSTOMER });
afterAll(() => mailSettled());

type Path = 'booking' | 'quick order' | 'checkout';

/** Tools of these unit prices (minimum 1, stock 5), each ordered once, as one order through `path`. */
async function orderOf(path: Path, prices: number[]) {
  const tools = await Promise.all(prices.map((priceCents) => catalogued({ priceCents, minimumQuantity: 1, availableQuantity: 5 })));
  let send: () => Promise<{ status: number; body: unknown }>;
  if (path === 'booking') {
    expect(tools).toHaveLength(1);
    send = () => placeBooking(buyer, { toolId: tools[0].id, quantity: 1, ...GOOD_CONTACT });
  } else if (path === 'quick order') {
    send = () => quickOrder(buyer, { lines: tools.map((t) => ({ partNumber: t.partNumber, quantity: 1 })), ...GOOD_CONTACT });
  } else {
    await api()
      .put(API.cart)
      .set(bearer(buyer.token))
      .send({ lines: tools.map((t) => ({ toolId: t.id, quantity: 1 })) })
      .expect(200);
    send = () => api().post(API.checkout).set(bearer(buyer.token)).send(GOOD_CONTACT);
  }
  return { tools, send };
}

/**
 * The unit prices that make each total with its sales tax (the one-line address is taxed in
 * Illinois, each line rounded on its own: CONTRACT §14, §15): one line for a booking, two (the sum
 * is what counts) otherwise. The limits judge the total the card is charged, tax included.
 */
function pricesFor(path: Path, totalCents: number): number[] {
  const parts = Math.round(totalCents / 1.0625);
  for (let shift = 0; shift < 10; shift++) {
    const first = path === 'booking' ? [] : [Math.floor(parts / 2) + shift];
    const rest = totalCents - oneLineTotalCents(first);
    for (let x = Math.max(1, Math.floor(rest / 1.0625) - 3); x <= rest; x++) if (oneLineTotalCents([x]) === rest) return [...first, x];
  }
  throw new Error(`No line prices make ${totalCents} cents with tax`);
}

const PATHS: Path[] = ['booking', 'quick order', 'checkout'];

describe.each(PATHS)('%s: totals a card can be charged', (path) => {
  it.each([
    [MIN_ORDER_TOTAL_CENTS - 1, /at least \$0\.50.*this one is \$0\.49/],
    [MAX_ORDER_TOTAL_CENTS + 1, /at most \$999,999\.99.*this one is \$1,000,000\.00/],
  ])('a total of %i cents is refused with 400 naming the limit, and nothing is reserved', async (totalCents, message) => {
    const { tools, send } = await orderOf(path, pricesFor(path, totalCents));
    await mailSettled();
    const before = await dumpFirestoreWithoutMail();
    const res = await send();
    expect(res.status).toBe(400);
    expectError(res.body, 'invalid-argument', message);
    expect((res.body as { error: { fields?: Record<string, string> } }).error.fields?.total).toMatch(message);
    for (const t of tools) expect(await stockOf(t.id)).toBe(5);
    expect((await db.collection('bookings').where('uid', '==', buyer.uid).where('totalCents', '==', totalCents).get()).size).toBe(0);
    // No order, no stock, no order number, no email; the cart is as it was.
    expect(await dumpFirestoreWithoutMail()).toEqual(before);
  });

  it.each([
    [MIN_ORDER_TOTAL_CENTS, 0.5],
    [MAX_ORDER_TOTAL_CENTS, 999_999.99],
  ])('a total of %i cents is booked (201), its stock reserved', async (totalCents, dollars) => {
    const { tools, send } = await orderOf(path, pricesFor(path, totalCents));
    const res = await send();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: dollars, lineCount: path === 'booking' ? 1 : 2 });
    for (const t of tools) expect(await stockOf(t.id)).toBe(4);
  });
});

describe("the card provider's refusals reach the buyer as it wrote them", () => {
  it("a stored order of one cent (written before the limit) asks for a payment: 400 with Stripe's own message", async () => {
    const tool = await catalogued({ priceCents: 1, minimumQuantity: 1 });
    const id = await makeBooking(buyer, tool.id, { unitPriceCents: 1, quantity: 1 });
    const res = await paymentIntentFor(buyer, id).expect(400);
    expect(res.body).toEqual({ error: { code: 'invalid-argument', message: 'Amount must be at least $0.50 usd' } });
  });

  it('so does one over $999,999.99', async () => {
    const tool = await catalogued({ priceCents: 50_000_000, minimumQuantity: 1 });
    const id = await makeBooking(buyer, tool.id, { unitPriceCents: 50_000_000, quantity: 2 });
    const res = await paymentIntentFor(buyer, id).expect(400);
    expect(res.body).toEqual({ error: { code: 'invalid-argument', message: 'Amount must be no more than $999,999.99' } });
  });
});
