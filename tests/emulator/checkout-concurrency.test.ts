import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { CART_EMPTY_MESSAGE } from '../../common/src/cart';
import { api, bearer } from '../support/api';
import { createUser, type TestUser } from '../support/auth';
import { clearFirestore, db, makeTool } from '../support/firestore';
// @ts-expect-error plain JS helper shared with npm start
import { firestoreMode } from '../../scripts/lib/stack.mjs';

/**
 * Checkouts of carts at once (CONTRACT §8), on both Firestores (the official emulator, or the
 * offline stand-in with isolated transactions): carts holding the same last units never oversell,
 * and one cart checked out twice at once is one order.
 */
const mode = firestoreMode() as 'emulator' | 'standin';
const CONTACT = { phone: '+1 555 010 2030', address: '12 Frost Lane, Springfield' };
console.info(`checkout concurrency: on the ${mode === 'emulator' ? 'official Firestore emulator' : 'offline stand-in with isolated transactions'}`);

const stockOf = async (id: string) => (await db.collection('tools').doc(id).get()).get('availableQuantity') as number;
/** Quantity of a tool held by every stored order's lines. */
async function reservedOf(toolId: string): Promise<number> {
  const orders = await db.collection('bookings').where('toolIds', 'array-contains', toolId).get();
  return orders.docs.reduce(
    (sum, d) => sum + (d.get('lines') as { toolId: string; quantity: number }[]).filter((l) => l.toolId === toolId).reduce((n, l) => n + l.quantity, 0),
    0,
  );
}

describe('concurrent checkouts', () => {
  let buyers: TestUser[];
  beforeAll(async () => {
    await clearFirestore();
    buyers = await Promise.all(Array.from({ length: 8 }, () => createUser()));
  });

  for (const round of [1, 2, 3]) {
    it(`round ${round}: 8 buyers check out carts sharing the last 9 units (3 each) at once: exactly 3 orders, never oversold`, async () => {
      const scarce = await makeTool({ minimumQuantity: 1, availableQuantity: 9 });
      const plenty = await makeTool({ minimumQuantity: 1, availableQuantity: 1000 });
      for (const b of buyers)
        await api()
          .put(API.cart)
          .set(bearer(b.token))
          .send({
            lines: [
              { toolId: plenty, quantity: 5 },
              { toolId: scarce, quantity: 3 },
            ],
          })
          .expect(200);
      const answers = await Promise.all(buyers.map((b) => api().post(API.checkout).set(bearer(b.token)).send(CONTACT)));
      const won = answers.filter((a) => a.status === 201);
      expect(won).toHaveLength(3);
      for (const a of answers.filter((x) => x.status !== 201)) {
        expect([400, 409]).toContain(a.status);
        if (a.status === 400) expect(Object.keys(a.body.error.fields)).toEqual(['lines.1.quantity']);
      }
      expect(await stockOf(scarce)).toBe(0);
      expect(await reservedOf(scarce)).toBe(9);
      expect(await stockOf(plenty)).toBe(1000 - 5 * won.length);
      expect(await reservedOf(plenty)).toBe(5 * won.length);
      // The winners' carts are empty; the others' carts are as they were.
      for (const [i, b] of buyers.entries()) {
        const lines = (await db.collection('carts').doc(b.uid).get()).get('lines') as unknown[];
        expect(lines).toHaveLength(answers[i].status === 201 ? 0 : 2);
      }
    });
  }

  it('one cart checked out 6 times at once is one order; the others find it empty', async () => {
    const [buyer] = buyers;
    const a = await makeTool({ minimumQuantity: 1, availableQuantity: 50 });
    const b = await makeTool({ minimumQuantity: 1, availableQuantity: 50 });
    await api()
      .put(API.cart)
      .set(bearer(buyer.token))
      .send({
        lines: [
          { toolId: a, quantity: 4 },
          { toolId: b, quantity: 2 },
        ],
      })
      .expect(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => api().post(API.checkout).set(bearer(buyer.token)).send(CONTACT)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 201)) {
      expect([400, 409]).toContain(r.status);
      if (r.status === 400) expect(r.body.error.message).toBe(CART_EMPTY_MESSAGE);
    }
    expect([await stockOf(a), await stockOf(b)]).toEqual([46, 48]);
    expect((await db.collection('bookings').where('toolIds', 'array-contains', a).get()).size).toBe(1);
  });
});
