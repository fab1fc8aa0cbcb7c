import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { createUser, type TestUser } from '../support/auth';
import { clearFirestore, db, makeTool } from '../support/firestore';

/**
 * CONTRACT §14 backorders (decision 0080) under races: buyers backordering one part while the admin
 * adds stock, several deliveries at once. Whatever the interleaving, nothing is oversold and every
 * unit is accounted for once: on the shelf, held by an order, or still backordered (with its queue
 * entry and the tool's count agreeing).
 */
const CONTACT = { phone: '+1 555 010 2030', address: '12 Frost Lane, Springfield' };

describe('backorders racing deliveries', () => {
  let buyers: TestUser[];
  let admin: TestUser;
  beforeAll(async () => {
    await clearFirestore();
    buyers = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
    admin = await createUser({ admin: true });
  });

  for (const round of [1, 2, 3]) {
    it(`round ${round}: 24 backorders and 6 deliveries at once never oversell and account for every unit`, async () => {
      const initial = 7;
      const toolId = await makeTool({ minimumQuantity: 1, availableQuantity: initial });
      const orders = Array.from({ length: 24 }, (_, i) =>
        api()
          .post(API.booking)
          .set(bearer(buyers[i % buyers.length]!.token))
          .send({ toolId, quantity: 3, backorder: true, ...CONTACT }),
      );
      const deliveries = Array.from({ length: 6 }, () => api().patch(API.editTool(toolId)).set(bearer(admin.token)).send({ addStock: 5 }));
      const results = await Promise.all([...orders, ...deliveries]);
      expect(results.slice(0, 24).map((r) => r.status)).toEqual(Array(24).fill(201));
      expect(results.slice(24).map((r) => r.status)).toEqual(Array(6).fill(200));

      const tool = (await db.collection('tools').doc(toolId).get()).data()!;
      const bookings = (await db.collection('bookings').where('toolId', '==', toolId).get()).docs.map((d) => d.data());
      const queue = (await db.collection('backorders').where('toolId', '==', toolId).get()).docs.map((d) => d.data());
      const held = bookings.reduce((n, b) => n + b.lines[0].quantity - (b.lines[0].backorderedQuantity ?? 0), 0);
      const waiting = bookings.reduce((n, b) => n + (b.lines[0].backorderedQuantity ?? 0), 0);
      expect(tool.availableQuantity).toBeGreaterThanOrEqual(0);
      expect(tool.availableQuantity + held).toBe(initial + 30);
      expect(held + waiting).toBe(72);
      expect(queue.reduce((n, e) => n + (e.quantity as number), 0)).toBe(waiting);
      expect(tool.backorderedQuantity ?? 0).toBe(waiting);
      // Stock only stays on the shelf when nothing waits for it.
      if (waiting > 0) expect(tool.availableQuantity).toBe(0);
    });
  }
});
