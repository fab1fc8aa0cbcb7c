import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleBookingDoc } from '@fridgeparts/common/testing/sample-booking';
import { startPrivateServices, type PrivateServices } from './testing/private-services';

/**
 * The scheduled function `expireReservations` wrapped by firebase-functions-test and run against
 * a private Firestore stand-in and a private SMTP sink (testing/private-services.ts).
 */
let services: PrivateServices;
let webPort: number;

beforeAll(async () => {
  services = await startPrivateServices('demo-fridgeparts-unit');
  webPort = services.webPort;
}, 30_000);

afterAll(async () => {
  await services?.stop();
});

describe('expireReservations (scheduled)', () => {
  it('on its schedule, releases overdue reservations once and sends the released email', async () => {
    // Loaded after the environment points firebase-admin at the private stand-in.
    const { default: functionsTest } = await import('firebase-functions-test');
    const { Timestamp } = await import('firebase-admin/firestore');
    const { collections, db } = await import('./data/firestore');
    const { expireReservations } = await import('./index');
    const t = functionsTest({ projectId: 'demo-fridgeparts-unit' });
    // t.wrap tells v1 from v2 by the handler's arity, which misreads v2 scheduled functions
    // (they are (req, res) handlers), so the library's v2 wrapper is used directly.
    const { wrapV2 } = await import('firebase-functions-test/lib/v2');
    const run = wrapV2(expireReservations as never) as unknown as (e: { scheduleTime: string }) => Promise<void>;

    const createdAt = Timestamp.fromMillis(Date.UTC(2026, 10, 1, 12));
    const tool = collections.tools().doc('tool-1');
    await tool.set({
      name: 'Door Gasket',
      description: 'd',
      image: '/i.svg',
      priceCents: 1999,
      minimumQuantity: 1,
      availableQuantity: 7,
      createdAt,
    });
    const base = sampleBookingDoc(createdAt, {
      toolId: 'tool-1',
      itemMinimumQuantity: 1,
      phone: '1',
      address: 'a',
      paymentIntentId: null,
      orderNumber: 'FP-2026-000001',
    });
    await collections
      .bookings()
      .doc('overdue')
      .set({ ...base, state: 'reserved' });
    await collections
      .bookings()
      .doc('paid')
      .set({ ...base, state: 'paid', paid: true, transactionId: 'pi_1', paymentIntentId: 'pi_1' });

    // 47 hours later: still within the default 48-hour hold.
    await run({ scheduleTime: new Date(createdAt.toMillis() + 47 * 3_600_000).toISOString() });
    expect((await collections.bookings().doc('overdue').get()).get('state')).toBe('reserved');

    const at49h = new Date(createdAt.toMillis() + 49 * 3_600_000).toISOString();
    await Promise.all([run({ scheduleTime: at49h }), run({ scheduleTime: at49h })]);
    expect((await collections.bookings().doc('overdue').get()).get('state')).toBe('expired');
    expect((await collections.bookings().doc('paid').get()).get('state')).toBe('paid');
    expect((await tool.get()).get('availableQuantity')).toBe(10);
    expect((await db.collection('mail').doc('overdue-released').get()).get('state')).toBe('sent');

    const inbox = (await (await fetch(`http://127.0.0.1:${webPort}/api/email`)).json()) as { subject: string }[];
    expect(inbox.map((m) => m.subject)).toEqual(['Order FP-2026-000001 expired: reservation released']);
    t.cleanup();
  }, 30_000);
});
