import { beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { API } from '../../common/src/api-paths';
import { reservedOrderDoc } from '../../common/src/documents/bookings';
import { api, bearer } from '../support/api';
import { createUser, type TestUser } from '../support/auth';
import { clearFirestore, db, makeTool } from '../support/firestore';

/**
 * Shipments at once (CONTRACT §14, decision 0079): shipments of the same line sent together with
 * different keys never ship more than the line has; the same key sent together is one shipment.
 */

let admin: TestUser;
let buyer: TestUser;
let seq = 0;

/** A paid order of one line of `quantity`, written as the API stores it. */
async function paidOrder(quantity: number): Promise<string> {
  seq++;
  const toolId = await makeTool({ minimumQuantity: 1, availableQuantity: 100 });
  const reserved = reservedOrderDoc({
    buyer,
    lines: [{ toolId, tool: { name: 'Fan motor', minimumQuantity: 1 }, quantity, plan: { unitPriceCents: 1000, totalCents: 1000 * quantity } }],
    remaining: 100,
    contact: { phone: '+1 555 010 2030', address: '12 Frost Lane, Springfield' },
    poNumber: null,
    orderNumber: `FP-2026-${String(800_000 + seq)}`,
    createdAt: Timestamp.now(),
  });
  const ref = db.collection('bookings').doc();
  await ref.set({ ...reserved, state: 'paid', paid: true, transactionId: `pi_race_${seq}`, paymentIntentId: `pi_race_${seq}` });
  return ref.id;
}

const ship = (id: string, key: string, quantity: number) =>
  api()
    .post(API.shipments(id))
    .set(bearer(admin.token))
    .set('Idempotency-Key', key)
    .send({ lines: [{ lineId: '0', quantity }], carrier: 'ups', trackingNumbers: ['1Z1'] });

const shippedOf = async (id: string) => {
  const b = (await db.collection('bookings').doc(id).get()).data()!;
  return {
    shipped: (b.lines as { shippedQuantity?: number }[])[0].shippedQuantity ?? 0,
    shipments: (b.shipments as unknown[] | undefined)?.length ?? 0,
    state: b.state,
  };
};

describe('concurrent shipments', () => {
  beforeAll(async () => {
    await clearFirestore();
    [admin, buyer] = await Promise.all([createUser({ admin: true }), createUser()]);
  });

  it('6 shipments of 3 units of a 10-unit line at once, each with its own key: exactly 3 ship, never more than 10', async () => {
    const id = await paidOrder(10);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => ship(id, `race-${seq}-${i}`, 3)));
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 201)) expect(a.status).toBe(400);
    expect(await shippedOf(id)).toEqual({ shipped: 9, shipments: 3, state: 'partially-shipped' });
  });

  it('one key sent 5 times at once is one shipment, every answer the same', async () => {
    const id = await paidOrder(4);
    const answers = await Promise.all(Array.from({ length: 5 }, () => ship(id, `same-${seq}`, 4)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await shippedOf(id)).toEqual({ shipped: 4, shipments: 1, state: 'shipped' });
    expect((await db.collection('mail').where('bookingId', '==', id).get()).size).toBe(1);
  });
});
