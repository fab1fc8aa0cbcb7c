import { API } from '../../common/src/api-paths';
import { localOrigin } from '../../common/src/local-stack';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db } from '../support/firestore';
import { catalogued, GOOD_CONTACT, payWithCard, quickOrder } from './fixtures';

/**
 * Paid, shipped card orders whose parts come back in received returns, for the tests of the
 * refunds of several returns of one order (tests/api/returns-refund-many.test.ts,
 * tests/emulator/returns-refund-concurrency.test.ts).
 */

let keySeq = 0;
const newKey = () => `refund-${Date.now().toString(36)}-${++keySeq}`;

/** A New York address: the double's table taxes parts and shipping there at 4%. */
export const NY = { line1: '1 Centre St', city: 'New York', region: 'NY', postalCode: '10007', country: 'US' };
/** An Oregon address: no sales tax. */
export const OR = { line1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97204', country: 'US' };

/** The one shipping method of the file's emptied Firestore: flat $19.95. */
export async function flatShipping(admin: TestUser): Promise<void> {
  await api()
    .put(API.shippingMethod('refund-ground'))
    .set(bearer(admin.token))
    .send({ name: 'Flat Ground', carrier: 'ups', zones: [{ country: 'US' }], rates: [{ amount: 19.95 }], transitDays: { min: 3, max: 5 } })
    .expect(201);
}

/**
 * Order numbers (the tax transaction's reference) start again in each file's emptied Firestore
 * while the double remembers every reference: a number no earlier file used.
 */
export async function freshOrderNumbers(): Promise<void> {
  await db
    .collection('counters')
    .doc('orders')
    .set({ year: new Date().getUTCFullYear(), seq: 300_000 + (Date.now() % 300_000) });
}

/** The shop admin's refund of a return. */
export const refund = (admin: TestUser, id: string, rid: string) => api().post(API.returnRefund(id, rid)).set(bearer(admin.token)).send({});

/**
 * A card order of `quantity` units of one part at `priceCents`, paid and shipped whole to
 * `shippingAddress`, then `count` returns of `each` unit(s) each (reason `reason`), approved and
 * received resaleable: the order's id, its PaymentIntent and the returns' ids.
 */
export async function receivedReturns(
  cast: { admin: TestUser; buyer: TestUser },
  o: { priceCents: number; quantity: number; shippingAddress: object; count: number; each: number; reason: string },
): Promise<{ id: string; pi: string; rids: string[] }> {
  const { admin, buyer } = cast;
  const part = await catalogued({ name: 'Condenser Fan Blade', priceCents: o.priceCents, minimumQuantity: 1, availableQuantity: 1000, weight: 1 });
  const order = (
    await quickOrder(buyer, {
      lines: [{ partNumber: part.partNumber, quantity: o.quantity }],
      phone: GOOD_CONTACT.phone,
      shippingAddress: o.shippingAddress,
    }).expect(201)
  ).body;
  const pi = await payWithCard(buyer, order._id);
  await api()
    .post(API.shipments(order._id))
    .set(bearer(admin.token))
    .set('Idempotency-Key', newKey())
    .send({ lines: [{ lineId: '0', quantity: o.quantity }], carrier: 'ups', trackingNumbers: ['1Z999AA10123456784'] })
    .expect(201);
  const rids: string[] = [];
  for (let i = 0; i < o.count; i++) {
    const rid = (
      await api()
        .post(API.bookingReturns(order._id))
        .set(bearer(buyer.token))
        .set('Idempotency-Key', newKey())
        .send({ lines: [{ lineId: '0', quantity: o.each, reason: o.reason }] })
        .expect(201)
    ).body.id as string;
    await api().post(API.returnApprove(order._id, rid)).set(bearer(admin.token)).send({}).expect(200);
    await api()
      .post(API.returnReceive(order._id, rid))
      .set(bearer(admin.token))
      .send({ lines: [{ lineId: '0', resaleable: o.each, damaged: 0 }] })
      .expect(200);
    rids.push(rid);
  }
  return { id: order._id, pi, rids };
}

/** Every refund of a PaymentIntent at the double, with the return each was made for. */
export const refundsAtStripe = async (pi: string) =>
  (
    (await (await fetch(`${localOrigin('stripe')}/_double/refunds?payment_intent=${encodeURIComponent(pi)}`)).json()) as {
      data: { id: string; amount: number; metadata: Record<string, string> }[];
    }
  ).data;
