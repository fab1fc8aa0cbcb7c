import '../support/env';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { API } from '../../common/src/api-paths';
import { localOrigin, SHOP_URL } from '../../common/src/local-stack';
import { reservedOrderDoc } from '../../common/src/documents/bookings';
import { db as functionsDb } from '../../functions/src/data/firestore';
import { mailRef, queueOrderEmail } from '../../functions/src/services/mail/mail-outbox';
import { deliverDueMail, deliverMail } from '../../functions/src/services/mail/mail-sender';
import type { MailDoc } from '../../functions/src/data/firestore';
import { api, bearer } from '../support/api';
import { db, makeTool } from '../support/firestore';
import {
  ADMIN,
  GOOD_CONTACT,
  intentIdOf,
  paymentIntentFor,
  placeBooking,
  recordPayment as recordPaymentAs,
  sendWebhook as webhook,
  stripe,
  useCast,
  oneLineTaxCents,
  oneLineTotalCents,
} from './fixtures';
import { formatCents } from '../../common/src/money';
import { clearInbox, inboxOf, mailSettled, settledInboxOf } from './mail-inbox';

/**
 * Order emails (CONTRACT §7, §9, §13): booked, paid, shipped, refunded, each queued once and sent through
 * SMTP to MailDev, read back through MailDev's REST API. The API only queues them; the mail
 * trigger sends them (the API tier's global setup runs its local listener, as npm start does).
 */
const { customer, admin } = useCast({ customer: { name: 'Robin Mailer' }, admin: ADMIN });
let toolId: string;

beforeEach(async () => {
  await mailSettled();
  await clearInbox();
  toolId = await makeTool({
    name: 'Defrost Heater 240V',
    partNumber: `FP-DH-${Date.now().toString(36).toUpperCase()}`,
    priceCents: 1250,
    minimumQuantity: 2,
    availableQuantity: 100,
  });
});

afterAll(async () => {
  await mailSettled();
  delete process.env.SMTP_URL;
});

async function book(quantity = 4, extra: Record<string, unknown> = {}): Promise<{ id: string; orderNumber: string }> {
  const res = await placeBooking(customer, { toolId, quantity, ...GOOD_CONTACT, ...extra }).expect(201);
  return { id: res.body._id as string, orderNumber: res.body.orderNumber as string };
}

async function pay(bookingId: string): Promise<string> {
  const pi = intentIdOf((await paymentIntentFor(customer, bookingId).expect(200)).body.clientSecret as string);
  await stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa' });
  return pi;
}

const recordPayment = (bookingId: string, pi: string) => recordPaymentAs(customer, bookingId, pi);

const mailDoc = async (bookingId: string, kind: string) => (await db.collection('mail').doc(`${bookingId}-${kind}`).get()).data();

describe('order emails', () => {
  it('booked: order number, total and the Pay link, once, to the buyer', async () => {
    const { id, orderNumber } = await book(4, { poNumber: 'JOB-7781' });
    const mails = await settledInboxOf(customer.email, 1);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toContain(orderNumber);
    expect(mail.text).toContain(orderNumber);
    // 4 x $12.50 and the one-line address's Illinois tax (CONTRACT §14, §15), its own row.
    expect(mail.text).toContain(`Sales tax (IL 6.25%): ${formatCents(oneLineTaxCents(5000))}`);
    expect(mail.text).toContain(formatCents(oneLineTotalCents([5000])));
    expect(mail.text).toContain(`${SHOP_URL}/dashboard/payment/${id}`);
    expect(mail.text).toContain('JOB-7781');
    expect(mail.html).toContain(`href="${SHOP_URL}/dashboard/payment/${id}"`);
    expect(mail.headers['x-fridgeparts-mail']).toBe(`${id}-booked`);
    // A stable Message-ID per mail document, so a repeat delivery is recognisable (CONTRACT §13).
    expect(mail.headers['message-id']).toBe(`<${id}-booked@fridgeparts.mail>`);
    expect(await mailDoc(id, 'booked')).toMatchObject({ state: 'sent', to: customer.email, attempts: 0, retryAt: null });
  });

  it('paid: the transaction id, once, although the browser and two webhook deliveries all record it', async () => {
    const { id, orderNumber } = await book();
    const pi = await pay(id);
    const intent = await stripe.paymentIntents.retrieve(pi);
    await Promise.all([
      recordPayment(id, pi).expect(200),
      webhook('payment_intent.succeeded', intent).expect(200),
      webhook('payment_intent.succeeded', intent).expect(200),
    ]);
    await recordPayment(id, pi).expect(200);
    const mails = await settledInboxOf(customer.email, 2);
    const paid = mails.filter((m) => m.subject.startsWith('Payment received'));
    expect(paid).toHaveLength(1);
    expect(paid[0].subject).toContain(orderNumber);
    expect(paid[0].text).toContain(pi);
    expect(mails.filter((m) => m.subject.includes('received:'))).toHaveLength(1);
  });

  it('shipped: once, although the admin marks it shipped three times', async () => {
    const { id } = await book();
    const pi = await pay(id);
    await recordPayment(id, pi).expect(200);
    await Promise.all([1, 2, 3].map(() => api().patch(API.markShipped(id)).set(bearer(admin.token)).expect(200)));
    const mails = await settledInboxOf(customer.email, 3);
    expect(mails.filter((m) => m.subject.includes('has shipped'))).toHaveLength(1);
  });

  it('refunded: once, for the admin refund and Stripe’s charge.refunded event together', async () => {
    const { id } = await book();
    const pi = await pay(id);
    await recordPayment(id, pi).expect(200);
    await api().post(API.refundOrder(id)).set(bearer(admin.token)).expect(200);
    const refunds = (await (await fetch(`${localOrigin('stripe')}/_double/refunds?payment_intent=${pi}`)).json()) as { data: { charge: string }[] };
    await webhook('charge.refunded', await stripe.charges.retrieve(refunds.data[0].charge)).expect(200);
    const mails = await settledInboxOf(customer.email, 3);
    const refunded = mails.filter((m) => m.subject.includes('refunded'));
    expect(refunded).toHaveLength(1);
    expect(refunded[0].text).toContain(formatCents(oneLineTotalCents([5000])));
    expect(mails.map((m) => m.headers['x-fridgeparts-mail']).sort()).toEqual([`${id}-booked`, `${id}-paid`, `${id}-refunded`]);
  });

  it('quick order: one booked email for the whole order, listing every line', async () => {
    const pn = `FP-QO-${Date.now().toString(36).toUpperCase()}`;
    const quickTool = await makeTool({ name: 'Evaporator Fan', partNumber: pn, priceCents: 500, minimumQuantity: 1, availableQuantity: 50 });
    await db.collection('partNumbers').doc(pn).set({ toolId: quickTool });
    const res = await api()
      .post(API.quickOrder)
      .set(bearer(customer.token))
      .send({
        lines: [
          { partNumber: pn, quantity: 2 },
          { partNumber: pn, quantity: 3 },
        ],
        ...GOOD_CONTACT,
      })
      .expect(201);
    const id = res.body._id as string;
    expect(res.body.lineCount).toBe(2);
    const mails = await settledInboxOf(customer.email, 1);
    expect(mails.map((m) => m.headers['x-fridgeparts-mail'])).toEqual([`${id}-booked`]);
    expect(mails[0].subject).toContain(formatCents(oneLineTotalCents([1000, 1500])));
    expect(mails[0].text).toContain(`/dashboard/payment/${id}`);
    expect(mails[0].text).toContain('Items (2 lines):');
    expect(mails[0].text).toContain(`2 x Evaporator Fan (${pn}) at $5.00: $10.00`);
    expect(mails[0].text).toContain(`3 x Evaporator Fan (${pn}) at $5.00: $15.00`);
  });

  it('a refused call sends nothing', async () => {
    const before = (await db.collection('mail').get()).size;
    await api()
      .post(API.booking)
      .set(bearer(customer.token))
      .send({ toolId, quantity: 1, ...GOOD_CONTACT })
      .expect(400);
    expect(await settledInboxOf(customer.email, 0)).toHaveLength(0);
    expect((await db.collection('mail').get()).size).toBe(before);
  });
});

describe('delivery', () => {
  const booking = () =>
    reservedOrderDoc({
      buyer: { uid: customer.uid, email: customer.email, name: 'Robin Mailer' },
      lines: [{ toolId, tool: { name: 'Defrost Heater 240V', minimumQuantity: 2 }, quantity: 4, plan: { unitPriceCents: 1250, totalCents: 5000 } }],
      remaining: 96,
      contact: GOOD_CONTACT,
      poNumber: null,
      orderNumber: 'FP-2026-999001',
      createdAt: Timestamp.now(),
    });

  /** Queues a booked mail in its own transaction, as an API call does; the trigger sends it. */
  async function queued(bookingId: string) {
    await functionsDb.runTransaction(async (tx) => {
      queueOrderEmail(tx, 'booked', bookingId, booking());
    });
    return mailRef(bookingId, 'booked');
  }

  /**
   * A booked mail as queueOrderEmail renders it, but not due before `dueInMs` (as after a failed
   * attempt): the trigger that sees it appear leaves it, so the test drives the senders itself.
   */
  async function queuedForLater(bookingId: string, dueInMs = 60_000) {
    let doc: MailDoc | undefined;
    const capture = { set: (_ref: unknown, data: MailDoc) => void (doc = data) } as unknown as Parameters<typeof queueOrderEmail>[0];
    const ref = queueOrderEmail(capture, 'booked', bookingId, booking());
    await ref.set({ ...doc!, retryAt: Timestamp.fromMillis(Date.now() + dueInMs) });
    return ref;
  }

  it('the trigger sends a queued mail with nothing else running: no API call, no sweep', async () => {
    const ref = await queued(`trigger${Date.now()}`);
    await expect.poll(async () => (await ref.get()).get('state'), { interval: 50, timeout: 10_000 }).toBe('sent');
    expect(await settledInboxOf(customer.email, 1)).toHaveLength(1);
  });

  it('the trigger, direct senders and sweeps racing send a pending mail once between them', async () => {
    const ref = await queued(`race${Date.now()}`);
    const results = await Promise.all([deliverMail(ref), deliverMail(ref), deliverMail(ref), deliverDueMail(), deliverDueMail()]);
    const direct = results.slice(0, 3) as string[];
    const swept = results.slice(3) as { sent: number }[];
    // The trigger may have won the claim: then none of these sent it.
    expect(direct.filter((r) => r === 'sent').length + swept.reduce((n, s) => n + s.sent, 0)).toBeLessThanOrEqual(1);
    await mailSettled();
    expect(await settledInboxOf(customer.email, 1)).toHaveLength(1);
    expect((await ref.get()).data()).toMatchObject({ state: 'sent', attempts: 0 });
    // Sent is final: later runs leave it alone.
    expect(await deliverMail(ref)).toBe('skipped');
    expect(await settledInboxOf(customer.email, 1)).toHaveLength(1);
  });

  it('an SMTP failure goes back to pending with a back-off, and a later sweep sends it once', async () => {
    const ref = await queuedForLater(`retry${Date.now()}`);
    const due = new Date(Date.now() + 60_000);
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'; // nothing listens there
    try {
      expect(await deliverMail(ref, due.getTime())).toBe('failed');
    } finally {
      delete process.env.SMTP_URL;
    }
    const failed = (await ref.get()).data()!;
    expect(failed).toMatchObject({ state: 'pending', attempts: 1, claimId: null });
    expect(failed.lastError).toBeTruthy();
    expect(failed.retryAt?.toMillis()).toBeGreaterThan(Date.now());
    // Too early: the back-off holds it (the trigger seeing it pending again leaves it too).
    expect(await deliverMail(ref)).toBe('skipped');
    expect(await inboxOf(customer.email)).toHaveLength(0);
    // The sweep after the back-off sends it.
    const later = new Date(due.getTime() + 2 * 60_000);
    expect((await deliverDueMail({ now: later })).sent).toBeGreaterThanOrEqual(1);
    expect(await settledInboxOf(customer.email, 1)).toHaveLength(1);
    expect((await ref.get()).data()).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('delivery is at least once: a sender that died after sending but before marking it sent sends it again, with the same Message-ID', async () => {
    const id = `repeat${Date.now()}`;
    const ref = await queuedForLater(id);
    expect(await deliverMail(ref, Date.now() + 60_000)).toBe('sent');
    // As a sender that crashed between the SMTP answer and its mark leaves it, once the lease ran out.
    await ref.update({ state: 'pending', sentAt: null, messageId: null, retryAt: Timestamp.fromMillis(Date.now() - 1000) });
    // This sender, or the trigger if it saw the change first: one of them sends it again.
    await deliverMail(ref);
    await expect.poll(async () => (await ref.get()).get('state'), { interval: 50, timeout: 10_000 }).toBe('sent');
    const mails = await settledInboxOf(customer.email, 2);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.headers['message-id'])).toEqual([`<${id}-booked@fridgeparts.mail>`, `<${id}-booked@fridgeparts.mail>`]);
    expect((await ref.get()).get('messageId')).toBe(`<${id}-booked@fridgeparts.mail>`);
  });

  it('a sender that died mid-way leaves a lease; after it runs out the sweep sends the mail once', async () => {
    const ref = await queuedForLater(`lease${Date.now()}`);
    // As a crashed sender leaves it: claimed, lease still running.
    await ref.update({ state: 'sending', claimId: 'crashed-sender', retryAt: Timestamp.fromMillis(Date.now() + 5 * 60_000) });
    expect(await deliverMail(ref)).toBe('skipped');
    expect((await deliverDueMail()).sent).toBe(0);
    expect(await inboxOf(customer.email)).toHaveLength(0);
    // A sweep run as if later (the schedule's time) leaves a lease that has not run out by the real clock.
    expect((await deliverDueMail({ now: new Date(Date.now() + 6 * 60_000) })).sent).toBe(0);
    expect(await inboxOf(customer.email)).toHaveLength(0);
    // Once it has run out, the next sweep sends the mail, once.
    await ref.update({ retryAt: Timestamp.fromMillis(Date.now() - 1000) });
    expect((await deliverDueMail()).sent).toBe(1);
    expect(await settledInboxOf(customer.email, 1)).toHaveLength(1);
    expect((await deliverDueMail({ now: new Date(Date.now() + 6 * 60_000) })).sent).toBe(0);
  });
});
