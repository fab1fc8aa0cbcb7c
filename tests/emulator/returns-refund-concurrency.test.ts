import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bookingDoc, stripe, useCast } from '../api/fixtures';
import { flatShipping, freshOrderNumbers, NY, receivedReturns, refund, refundsAtStripe } from '../api/return-refund-fixtures';
import { db } from '../support/firestore';

/**
 * Returns of one order refunded at the same moment (CONTRACT §16: "two refunds at once: 409 or the
 * same answer, never two refunds"; issue 44): each return is refunded exactly once, and together
 * they never give back more than the order's charge nor reverse more tax than it was charged,
 * though each return's own share, rounded up, would ask a cent past what is left.
 */

const { admin, buyer } = useCast({ admin: ADMIN, buyer: { name: 'Rae Race' } });

beforeAll(async () => {
  await flatShipping(admin);
});

/** What the returns' tax reversals gave back, in cents (negative), summed over every reversal. */
async function reversedOf(bookingId: string) {
  const returns = (await db.collection('returns').where('bookingId', '==', bookingId).get()).docs.map((d) => d.data());
  const reversals = await Promise.all(returns.map((r) => stripe.tax.transactions.retrieve(r.refund.taxReversalId, { expand: ['line_items'] })));
  const sum = (f: (t: (typeof reversals)[number]) => number) => reversals.reduce((n, t) => n + f(t), 0);
  return {
    tax: sum((t) => t.line_items!.data.reduce((n, l) => n + l.amount_tax, 0)),
    amount: sum((t) => t.line_items!.data.reduce((n, l) => n + l.amount, 0)),
    shippingTax: sum((t) => t.shipping_cost?.amount_tax ?? 0),
    shipping: sum((t) => t.shipping_cost?.amount ?? 0),
  };
}

describe('three one-unit returns of one order refunded at once', () => {
  it('each is refunded once, together the whole charge and the whole tax and no cent more; sent again at once, nothing more', async () => {
    await freshOrderNumbers();
    // 3 x $16.67 = $50.01, its tax 4% = $2.00; shipping $19.95, its tax $0.80: $72.76 charged. Each
    // wrong-part unit alone: $16.67, tax round(200 / 3) = 0.67, shipping 6.65 and its tax 0.27:
    // $24.26, three of them $72.78, 2 cents past the charge (tax 2.01 and shipping tax 0.81).
    const { id, pi, rids } = await receivedReturns(
      { admin, buyer },
      { priceCents: 1667, quantity: 3, shippingAddress: NY, count: 3, each: 1, reason: 'wrong-part' },
    );
    const stored = (await bookingDoc(id))!;
    expect(stored.totalCents).toBe(7276);

    const answers = await Promise.all(rids.map((rid) => refund(admin, id, rid)));
    expect(answers.map((a) => [a.status, a.body.state])).toEqual(rids.map(() => [200, 'refunded']));

    const atStripe = await refundsAtStripe(pi);
    // One refund per return, for what its answer says.
    expect(atStripe.map((r) => r.metadata.returnId).sort()).toEqual([...rids].sort());
    for (const a of answers) expect(atStripe.find((r) => r.metadata.returnId === a.body.id)!.amount).toBe(Math.round(a.body.refund.total * 100));
    expect(atStripe.reduce((n, r) => n + r.amount, 0)).toBe(7276);
    expect(await reversedOf(id)).toEqual({ tax: -200, amount: -5001, shippingTax: -80, shipping: -1995 });

    // The same three at once again: the same answers, nothing more at Stripe.
    const again = await Promise.all(rids.map((rid) => refund(admin, id, rid)));
    expect(again.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(again.map((a) => a.body.refund)).toEqual(answers.map((a) => a.body.refund));
    expect(await refundsAtStripe(pi)).toHaveLength(3);
    expect((await bookingDoc(id))!.state).toBe('returned');
  });

  it('one return refunded 4 times at once is one refund, every answer the same', async () => {
    await freshOrderNumbers();
    const { id, pi, rids } = await receivedReturns(
      { admin, buyer },
      { priceCents: 1667, quantity: 3, shippingAddress: NY, count: 1, each: 2, reason: 'defective' },
    );
    const answers = await Promise.all(Array.from({ length: 4 }, () => refund(admin, id, rids[0])));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body.refund))).size).toBe(1);
    // 2 x $16.67 = $33.34 and its tax 4% = round(200 x 3334 / 5001) = $1.33.
    expect((await refundsAtStripe(pi)).map((r) => r.amount)).toEqual([3467]);
  });
});
