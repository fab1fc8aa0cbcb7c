import '../support/env';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import type { Booking } from '../../common/src/booking';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db, makeTool } from '../support/firestore';
import { ADMIN, ANONYMOUS_CALLERS, CUSTOMER, GOOD_CONTACT, catalogued, expectError, makeBooking, payWithCard, useCast, oneLineTotal } from './fixtures';
import { bookedLine } from './order-fixtures';

/**
 * CONTRACT §8: the order page reads GET /mybooking/{id} (owner and admins): lines, totals, PO
 * number, contact, payment and the timeline of the order's events, oldest first.
 */

const { owner, other, admin } = useCast({ owner: { name: 'Olive Owner' }, other: CUSTOMER, admin: ADMIN });

const read = (user: TestUser, id: string) => api().get(API.myBooking(id)).set(bearer(user.token));

describe('GET /mybooking/{id}: the order page', () => {
  let id: string;
  let pi: string;
  let gasket: { id: string; partNumber: string };
  let relay: { id: string; partNumber: string };
  let fan: { id: string; partNumber: string };

  beforeAll(async () => {
    gasket = await catalogued({ name: 'Door Gasket', priceCents: 1999, minimumQuantity: 2, availableQuantity: 50 });
    relay = await catalogued({ name: 'Start Relay', priceCents: 1500, minimumQuantity: 1, availableQuantity: 50 });
    fan = await catalogued({ name: 'Condenser Fan', priceCents: 8950, minimumQuantity: 1, availableQuantity: 50 });
    const booked = await api()
      .post(API.quickOrder)
      .set(bearer(owner.token))
      .send({
        lines: [
          { partNumber: gasket.partNumber, quantity: 3 },
          { partNumber: relay.partNumber, quantity: 2 },
          { partNumber: fan.partNumber, quantity: 1 },
        ],
        ...GOOD_CONTACT,
        poNumber: 'JOB-ORDER-PAGE',
      })
      .expect(201);
    id = booked.body._id as string;
    expect((booked.body as Booking).events).toEqual([{ type: 'booked', at: booked.body.createdAt }]);
    // Paid through the Stripe double as the browser does it, then recorded.
    pi = await payWithCard(owner, id);
    const shipped = await api().patch(API.markShipped(id)).set(bearer(admin.token)).send({ status: 'shipped' }).expect(200);
    expect((shipped.body as Booking).events?.map((e) => e.type)).toEqual(['booked', 'paid', 'shipped']);
  });

  for (const who of ['owner', 'admin'] as const) {
    it(`answers the ${who} every line, the total, PO number, contact, payment and the timeline in order`, async () => {
      const body = (await read(who === 'owner' ? owner : admin, id).expect(200)).body as Booking;
      expect(body).toMatchObject({
        _id: id,
        email: owner.email,
        userName: 'Olive Owner',
        poNumber: 'JOB-ORDER-PAGE',
        ...GOOD_CONTACT,
        lineCount: 3,
        // The lines and Illinois' tax of each (the one-line address: CONTRACT §14, §15).
        total: oneLineTotal([5997, 3000, 8950]),
        paid: true,
        transactionId: pi,
        state: 'shipped',
        status: 'shipped',
      });
      expect(body.lines).toEqual([
        bookedLine(gasket, { name: 'Door Gasket', quantity: 3, price: 19.99, lineTotal: 59.97, shippedQuantity: 3 }),
        bookedLine(relay, { name: 'Start Relay', quantity: 2, price: 15, lineTotal: 30, shippedQuantity: 2 }),
        bookedLine(fan, { name: 'Condenser Fan', quantity: 1, price: 89.5, lineTotal: 89.5, shippedQuantity: 1 }),
      ]);
      expect(body.events?.map((e) => e.type)).toEqual(['booked', 'paid', 'shipped']);
      const times = body.events!.map((e) => Date.parse(e.at ?? ''));
      expect(times.every(Number.isFinite)).toBe(true);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(body.events![0]!.at).toBe(body.createdAt);
    });
  }

  it('stores the shipment time in the order and answers it again when shipped twice, unchanged', async () => {
    const doc = (await db.collection('bookings').doc(id).get()).data();
    expect(doc?.shippedAt).toBeDefined();
    const before = (await read(owner, id).expect(200)).body as Booking;
    const again = await api().patch(API.markShipped(id)).set(bearer(admin.token)).send({ status: 'shipped' }).expect(200);
    expect((again.body as Booking).events).toEqual(before.events);
  });

  it('answers another customer 404, as for an order that does not exist (decision 0007)', async () => {
    expectError((await read(other, id).expect(404)).body, 'not-found');
    expectError((await read(other, 'no-such-order').expect(404)).body, 'not-found');
  });

  for (const caller of ANONYMOUS_CALLERS) {
    it(`refuses ${caller.label} with 401`, async () => {
      await api().get(API.myBooking(id)).set(caller.headers).expect(401);
    });
  }

  it('an order shipped before shipment times were stored shows shipped with no time', async () => {
    const toolId = await makeTool();
    const old = await makeBooking(owner, toolId, { paid: true, transactionId: 'pi_old_1', status: 'shipped' });
    const body = (await read(admin, old).expect(200)).body as Booking;
    expect(body.events).toEqual([
      { type: 'booked', at: body.createdAt },
      { type: 'paid', at: null },
      { type: 'shipped', at: null },
    ]);
  });
});
