import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../support/firestore';
import { ADMIN, stripe, useCast } from './fixtures';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { flatShipping, freshOrderNumbers, NY, OR, receivedReturns, refund, refundsAtStripe } from './return-refund-fixtures';
import { mailSettled } from './mail-inbox';

/**
 * An order with more refunds than a charge embeds (issue 44): Stripe embeds a charge's newest 10
 * refunds (`charge.refunds.has_more`), so a return's own refund, made while its answer was lost,
 * is found among all of the payment's refunds, listed page by page, and the retry answers that
 * refund rather than finding the charge spent by it.
 */

const { admin, buyer } = useCast({ admin: ADMIN, buyer: { name: 'Manny Many' } });

beforeAll(async () => {
  await flatShipping(admin);
});

beforeEach(async () => {
  await mailSettled();
});

describe('eleven one-unit returns of an order of eleven', () => {
  it('the first return’s refund, made at Stripe with its answer lost, is found past the 10 the charge embeds and answered once', async () => {
    await freshOrderNumbers();
    // 11 x $10.00 to Oregon (no sales tax) and $19.95 shipping: $129.95. Wrong part, so the shipping
    // comes back too: each return $10.00 and round(1995 / 11) = $1.81 of it, $11.81, and the 11 leave 4 cents.
    const { id, pi, rids } = await receivedReturns(
      { admin, buyer },
      { priceCents: 1000, quantity: 11, shippingAddress: OR, count: 11, each: 1, reason: 'wrong-part' },
    );
    const [lost, ...rest] = rids;
    const r = (await db.collection('returns').doc(lost).get()).data()!;
    // The shop's own request for the first return reached Stripe, its answer did not (same key, same body).
    const made = await stripe.refunds.create(
      { payment_intent: pi, amount: 1181, metadata: { bookingId: id, returnId: lost, rmaNumber: r.rmaNumber } },
      { idempotencyKey: `return-refund-${lost}` },
    );
    for (const rid of rest) expect((await refund(admin, id, rid).expect(200)).body.refund).toMatchObject({ total: 11.81, method: 'card' });

    // The charge embeds only the newest 10 refunds: the lost one is behind has_more.
    const charge = await stripe.charges.retrieve(made.charge as string, { expand: ['refunds'] });
    expect(charge.refunds?.data).toHaveLength(10);
    expect(charge.refunds?.has_more).toBe(true);
    expect(charge.refunds?.data.map((re) => re.id)).not.toContain(made.id);
    // Listed by the payment, page by page, every refund is there once.
    const listed = await stripe.refunds.list({ payment_intent: pi, limit: 5 }).autoPagingToArray({ limit: 100 });
    expect(listed.map((re) => re.id).sort()).toEqual((await refundsAtStripe(pi)).map((re) => re.id).sort());
    expect(listed).toHaveLength(11);

    // The retry finds its own refund: the same refund, nothing more at Stripe.
    const retried = await refund(admin, id, lost).expect(200);
    expect(retried.body).toMatchObject({ state: 'refunded', refund: { total: 11.81, method: 'card' } });
    expect((await db.collection('returns').doc(lost).get()).data()!.refund.refundId).toBe(made.id);
    const atStripe = await refundsAtStripe(pi);
    expect(atStripe).toHaveLength(11);
    expect(atStripe.reduce((n, re) => n + re.amount, 0)).toBe(11 * 1181);
    expect(new Set(atStripe.map((re) => re.metadata.returnId)).size).toBe(11);
  }, 120_000);
});

describe('refundDue of a received return', () => {
  it('is the refund it will make, held to what the order’s refunded returns left: the last of three shows 2 cents less than its share', async () => {
    await freshOrderNumbers();
    // 3 x $16.67 to New York with $19.95 shipping, $72.76 charged; each wrong-part unit alone $24.26.
    const { id, rids } = await receivedReturns(
      { admin, buyer },
      { priceCents: 1667, quantity: 3, shippingAddress: NY, count: 3, each: 1, reason: 'wrong-part' },
    );
    const [first, second, last] = rids;
    const dueOf = async (rid: string) =>
      (
        (await api().get(API.bookingReturns(id)).set(bearer(buyer.token)).expect(200)).body.returns as { id: string; refundDue: { total: number } | null }[]
      ).find((r) => r.id === rid)!.refundDue;
    expect(await dueOf(last)).toMatchObject({ total: 24.26 });
    await refund(admin, id, first).expect(200);
    expect(await dueOf(last)).toMatchObject({ total: 24.26 });
    await refund(admin, id, second).expect(200);
    // What the tax and the shipping's tax have left: 0.66 and 0.26, as the refund will give.
    const due = await dueOf(last);
    expect(due).toEqual({ parts: 16.67, fee: 0, shipping: 6.65, tax: 0.92, total: 24.24 });
    // The admin's list of received returns says the same.
    const listed = (
      await api()
        .get(API.returns({ state: 'received' }))
        .set(bearer(admin.token))
        .expect(200)
    ).body.returns as {
      id: string;
      refundDue: unknown;
    }[];
    expect(listed.find((r) => r.id === last)!.refundDue).toEqual(due);
    const made = await refund(admin, id, last).expect(200);
    expect(made.body.refund).toMatchObject({ ...due, method: 'card' });
  });
});
