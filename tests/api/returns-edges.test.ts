import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db } from '../support/firestore';
import { ADMIN, bookingDoc, catalogued, stripe, useCast } from './fixtures';
import { flatGround, NY, paidCardOrder, refundsOf, returnCalls } from './returns-fixtures';
import { mailSettled } from './mail-inbox';

/**
 * Returns' money edges (issue 47): several returns of one order, each rounding its shares half
 * away from zero, never refund more than the charge has left nor reverse more tax than the tax
 * transaction has left.
 */

const { admin, buyer } = useCast({ admin: ADMIN, buyer: { name: 'Edgar Edges' } });

const { post, step, receivedReturn, ship } = returnCalls({ buyer, admin }, 'edge');
const request = (id: string, lines: { lineId: string; quantity: number; reason: string }[], user: TestUser = buyer) => post(id, { lines }, user);

beforeAll(async () => {
  // One flat method, $19.95; New York taxes parts and shipping at 4% (the double's table).
  await flatGround(admin, 'edges-ground');
});

beforeEach(async () => {
  await mailSettled();
});

describe('three one-unit returns of an order of three', () => {
  it('refund the whole charge and reverse the whole tax, the last one what is left where each share alone rounds up', async () => {
    const part = await catalogued({ name: 'Condenser Fan Blade', priceCents: 1667, minimumQuantity: 1, availableQuantity: 100, weight: 1 });
    const { _id, pi } = await paidCardOrder(buyer, [{ partNumber: part.partNumber, quantity: 3 }], NY, [300_000, 300_000]);
    const o = { _id };
    await ship(o._id, [3]);
    const stored = (await bookingDoc(o._id))!;
    // 3 x $16.67 = $50.01, its tax 4% = $2.00; shipping $19.95, its tax $0.80: $72.76 charged.
    expect(stored.tax.lines.map((l: { amountCents: number }) => l.amountCents)).toEqual([200]);
    expect(stored.tax.shippingCents).toBe(80);
    expect(stored.totalCents).toBe(7276);

    // Each unit alone (wrong part: the shipping comes back too): tax round(200 / 3) = 0.67, shipping
    // 1995 / 3 = 6.65, its tax round(80 x 665 / 1995) = 0.27: $24.26, three of them $72.78, 2 cents past the charge.
    const refunds: { total: number; tax: number; shipping: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const { rid, received } = await receivedReturn(o._id, { lines: [{ lineId: '0', quantity: 1, reason: 'wrong-part' }] }, [
        { lineId: '0', resaleable: 1, damaged: 0 },
      ]);
      expect(received.refundDue).toMatchObject({ parts: 16.67, shipping: 6.65 });
      const refunded = await step(o._id, rid, 'refund').expect(200);
      expect(refunded.body).toMatchObject({ state: 'refunded', refund: { method: 'card' } });
      refunds.push(refunded.body.refund);
      // A replay answers the same, asking Stripe for nothing more.
      expect((await step(o._id, rid, 'refund').expect(200)).body.refund).toEqual(refunded.body.refund);
    }
    // The last gives back what the tax and the shipping's tax have left: 0.66 and 0.26.
    expect(refunds.map((r) => [r.total, r.tax, r.shipping])).toEqual([
      [24.26, 0.94, 6.65],
      [24.26, 0.94, 6.65],
      [24.24, 0.92, 6.65],
    ]);
    const atStripe = await refundsOf(pi);
    expect(atStripe.map((r) => r.amount).sort()).toEqual([2424, 2426, 2426]);
    expect(atStripe.reduce((n, r) => n + r.amount, 0)).toBe(7276);
    const charge = await stripe.charges.retrieve((await stripe.paymentIntents.retrieve(pi)).latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 7276, refunded: true });

    // The reversals together give back the line's tax and the shipping's tax, no more.
    const returns = (await db.collection('returns').where('bookingId', '==', o._id).get()).docs.map((d) => d.data());
    const reversals = await Promise.all(returns.map((r) => stripe.tax.transactions.retrieve(r.refund.taxReversalId, { expand: ['line_items'] })));
    const sum = (f: (t: (typeof reversals)[number]) => number) => reversals.reduce((n, t) => n + f(t), 0);
    expect(sum((t) => t.line_items!.data.reduce((n, l) => n + l.amount_tax, 0))).toBe(-200);
    expect(sum((t) => t.line_items!.data.reduce((n, l) => n + l.amount, 0))).toBe(-5001);
    expect(sum((t) => t.shipping_cost!.amount_tax)).toBe(-80);
    expect(sum((t) => t.shipping_cost!.amount)).toBe(-1995);
    expect((await bookingDoc(o._id))!.state).toBe('returned');
  });
});

describe('DELETE /booking/{id}/shipments/{sid} with returns', () => {
  it('refuses a shipment whose units are in an open return or have come back, naming the RMA; units the other shipments cover may go', async () => {
    const part = await catalogued({ name: 'Door Switch', priceCents: 1250, minimumQuantity: 1, availableQuantity: 100, weight: 1 });
    const o = await paidCardOrder(buyer, [{ partNumber: part.partNumber, quantity: 3 }], NY, [300_000, 300_000]);
    const first = (await ship(o._id, [1])).body.id as string;
    const second = (await ship(o._id, [2])).body.id as string;
    const cancel = (sid: string) => api().delete(API.shipment(o._id, sid)).set(bearer(admin.token));

    // 2 units in an open return: the second shipment's 2 cover them, so the first may be cancelled.
    const open = (await request(o._id, [{ lineId: '0', quantity: 2, reason: 'defective' }]).expect(201)).body;
    expect((await cancel(first).expect(200)).body.lines[0]).toMatchObject({ shippedQuantity: 2 });
    // The second now carries every unit shipped: cancelling it would unship the returned ones.
    const refused = await cancel(second).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'conflict' });
    expect(refused.body.error.message).toContain(open.rmaNumber);
    expect(refused.body.error.message).toMatch(/line 0 \(Door Switch\)/);
    const before = (await bookingDoc(o._id))!;
    expect(before.lines[0]).toMatchObject({ shippedQuantity: 2, returnOpenQuantity: 2 });
    expect(before.shipments.filter((s: { cancelledAt: unknown }) => !s.cancelledAt)).toHaveLength(1);

    // Declined, its units are no return's: a unit received back holds the shipment again, under its own RMA.
    await step(o._id, open.id, 'decline', { reason: 'Not a defect' }).expect(200);
    const back = (await request(o._id, [{ lineId: '0', quantity: 1, reason: 'defective' }]).expect(201)).body;
    await step(o._id, back.id, 'approve').expect(200);
    await step(o._id, back.id, 'receive', { lines: [{ lineId: '0', resaleable: 0, damaged: 1 }] }).expect(200);
    const again = await cancel(second).expect(409);
    expect(again.body.error.message).toContain(back.rmaNumber);
    expect(again.body.error.message).not.toContain(open.rmaNumber);
    expect((await bookingDoc(o._id))!.lines[0]).toMatchObject({ shippedQuantity: 2, returnedQuantity: 1, returnOpenQuantity: 0 });
  });
});
