import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOP_URL } from '@fridgeparts/common/local-stack';
import { startPrivateServices, type PrivateServices } from '../../testing/private-services';

/**
 * The order-email trigger `sendOrderEmail` (index.ts) wrapped by firebase-functions-test, against
 * real collaborators: a private Firestore stand-in and a private MailDev, each on free ports, so it
 * never meets a running stack or another test run (unit tier, no lock). Then a deployment without
 * SITE_URL (K_SERVICE set, as Cloud Run sets it): nothing is sent until SITE_URL is there.
 */
let services: PrivateServices;
let webPort: number;

interface Inboxed {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}
const inbox = async () => (await (await fetch(`http://127.0.0.1:${webPort}/api/email`)).json()) as Inboxed[];
const inboxFor = async (mailId: string) => (await inbox()).filter((m) => m.headers['x-fridgeparts-mail'] === mailId);

beforeAll(async () => {
  services = await startPrivateServices('demo-fridgeparts-mail');
  webPort = services.webPort;
}, 60_000);

afterAll(async () => {
  await services?.stop();
});

/** Loaded after the environment points firebase-admin at the private stand-in. */
async function load() {
  const { default: functionsTest } = await import('firebase-functions-test');
  const { Timestamp } = await import('firebase-admin/firestore');
  const { db } = await import('../../data/firestore');
  const { sendOrderEmail } = await import('../../index');
  const { mailRef, queueOrderEmail } = await import('./mail-outbox');
  const { reservedOrderDoc } = await import('@fridgeparts/common/documents/bookings');
  const t = functionsTest({ projectId: 'demo-fridgeparts-mail' });
  const trigger = t.wrap(sendOrderEmail);
  let seq = 0;
  /** Queues the booked email of a new booking in a transaction, as placing an order does. */
  const queueBooked = async (bookingId: string) => {
    seq++;
    const booking = reservedOrderDoc({
      buyer: { uid: 'u1', email: 'casey@example.test', name: 'Casey' },
      lines: [{ toolId: 'tool-1', tool: { name: 'Door Gasket', minimumQuantity: 1 }, quantity: 2, plan: { unitPriceCents: 1999, totalCents: 3998 } }],
      remaining: 5,
      contact: { phone: '1', address: 'a' },
      poNumber: null,
      orderNumber: `FP-2026-00000${seq}`,
      createdAt: Timestamp.now(),
    });
    await db.runTransaction(async (tx) => {
      queueOrderEmail(tx, 'booked', bookingId, booking);
    });
    return mailRef(bookingId, 'booked');
  };
  /** The event Firestore raises for the mail's creation. */
  const created = async (ref: Awaited<ReturnType<typeof queueBooked>>) => ({ data: await ref.get(), params: { mailId: ref.id } });
  return { t, trigger, queueBooked, created };
}

describe('sendOrderEmail (onDocumentCreated mail/{mailId})', () => {
  it('sends the created mail once, and a second event for the same document sends nothing', async () => {
    const { t, trigger, queueBooked, created } = await load();
    const ref = await queueBooked('order-1');
    const event = await created(ref);
    await trigger(event);
    expect((await ref.get()).get('state')).toBe('sent');
    const [mail] = await inboxFor(ref.id);
    expect(mail.subject).toContain('FP-2026-');
    expect(mail.text).toContain(`${SHOP_URL}/dashboard/payment/order-1`);
    // Delivered again (a retried event, the local listener beside the emulator's trigger).
    await trigger(event);
    expect(await inboxFor(ref.id)).toHaveLength(1);
    t.cleanup();
  }, 30_000);

  it('a document written twice and its event delivered twice at once: one email', async () => {
    const { t, trigger, queueBooked, created } = await load();
    await queueBooked('order-2');
    const ref = await queueBooked('order-2');
    const event = await created(ref);
    await Promise.all([trigger(event), trigger(event)]);
    expect((await ref.get()).data()).toMatchObject({ state: 'sent', attempts: 0 });
    expect(await inboxFor(ref.id)).toHaveLength(1);
    t.cleanup();
  }, 30_000);
});

describe('deployed without SITE_URL (CONTRACT §9)', () => {
  afterEach(() => {
    delete process.env.K_SERVICE;
    delete process.env.SITE_URL;
  });

  it('siteUrl(): none when unset, blank or loopback in a deployment; the local shop elsewhere', async () => {
    const { siteUrl } = await import('../../config');
    expect(siteUrl()).toBe(SHOP_URL);
    process.env.K_SERVICE = 'sendOrderEmail';
    for (const value of [
      undefined,
      '',
      '   ',
      'http://localhost:5000',
      'http://127.0.0.1:5000',
      'http://[::1]:5000',
      'http://shop.localhost',
      'not a url',
      'ftp://shop.example.com',
    ]) {
      if (value === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = value;
      expect(siteUrl(), String(value)).toBeNull();
    }
    process.env.SITE_URL = 'https://shop.example.com/';
    expect(siteUrl()).toBe('https://shop.example.com');
  });

  it('the order is queued, its mail stays pending with the reason, and goes out with the real link once SITE_URL is set', async () => {
    const { t, trigger, queueBooked, created } = await load();
    const { logs } = await import('../../logs');
    const { deliverDueMail, SITE_URL_MISSING } = await import('./mail-sender');
    const logged = vi.spyOn(logs, 'mailHeldWithoutSiteUrl');
    process.env.K_SERVICE = 'sendOrderEmail';

    const ref = await queueBooked('order-3');
    const queued = (await ref.get()).data()!;
    expect(queued.text).not.toContain('localhost');
    expect(queued.html).not.toContain('localhost');

    await trigger(await created(ref));
    expect(await inboxFor(ref.id)).toHaveLength(0);
    expect((await ref.get()).data()).toMatchObject({ state: 'pending', attempts: 0, claimId: null, lastError: SITE_URL_MISSING });
    expect(logged).toHaveBeenCalledWith(ref.id);
    // The sweep refuses it as well, however often it runs.
    process.env.SITE_URL = 'http://localhost:5000';
    expect((await deliverDueMail()).held).toBeGreaterThanOrEqual(1);
    expect(await inboxFor(ref.id)).toHaveLength(0);

    // Redeployed with SITE_URL: the next sweep sends it, linking to the shop.
    process.env.SITE_URL = 'https://shop.example.com';
    expect((await deliverDueMail()).sent).toBeGreaterThanOrEqual(1);
    const [mail] = await inboxFor(ref.id);
    expect(mail.text).toContain('https://shop.example.com/dashboard/payment/order-3');
    expect(mail.html).toContain('href="https://shop.example.com/dashboard/payment/order-3"');
    expect(`${mail.text}${mail.html}`).not.toMatch(/localhost|\.invalid/);
    expect((await ref.get()).data()).toMatchObject({ state: 'sent', attempts: 0, lastError: null });
    logged.mockRestore();
    t.cleanup();
  }, 30_000);
});
