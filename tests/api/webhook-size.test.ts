import '../support/env';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { LOCAL_HOST, LOCAL_PORTS } from '../../common/src/local-stack';
import { settleMailDeliveries } from '../../functions/src/services/mail-sender';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { clearFirestore, db, makeTool } from '../support/firestore';
import { GOOD_CONTACT, signedUpUser, stockOf } from './fixtures';

/**
 * CONTRACT §9: Stripe's events can exceed the 32 KB every other call is held to (an event carries
 * its whole object, metadata and all), and an event refused for its size is retried by Stripe for
 * days. The webhook takes signed events up to 1 MB; the signature still decides.
 */
const stripe = new Stripe('sk_test_local_double', { host: LOCAL_HOST, port: LOCAL_PORTS.stripe, protocol: 'http', telemetry: false });
const WEBHOOK_SECRET = 'whsec_local_double';

let customer: TestUser;
let toolId: string;

beforeAll(async () => {
  await clearFirestore();
  customer = await signedUpUser({ name: 'Pat Buyer' });
  toolId = await makeTool({ priceCents: 1000, minimumQuantity: 1, availableQuantity: 100 });
});

/** A booking whose PaymentIntent the browser confirmed but never reported: only the webhook can record it. */
async function confirmedUnreported(): Promise<{ bookingId: string; intent: Stripe.PaymentIntent }> {
  const booked = await api().post(API.booking).set(bearer(customer.token)).send({ toolId, quantity: 5, ...GOOD_CONTACT }).expect(201);
  const bookingId = booked.body._id as string;
  const secret = (await api().post(API.createPaymentIntent).set(bearer(customer.token)).send({ bookingId }).expect(200)).body.clientSecret as string;
  const intent = await stripe.paymentIntents.confirm(secret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
  return { bookingId, intent };
}

/** The succeeded event, padded to about `kb` KB with metadata as a busy Stripe account's would be. */
function bigEvent(intent: Stripe.PaymentIntent, kb: number): string {
  const metadata = Object.fromEntries(Array.from({ length: Math.ceil((kb * 1024) / 490) }, (_, i) => [`note_${i}`, 'x'.repeat(490)]));
  const event = { id: `evt_big_${Date.now()}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: { ...intent, metadata: { ...intent.metadata, ...metadata } } }, livemode: false, api_version: null, pending_webhooks: 1, request: null };
  return JSON.stringify(event);
}

const post = (payload: string, signature: string) => api().post(API.stripeWebhook).set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

describe('POST /stripe/webhook with large events', () => {
  it('takes a signed 100 KB event and records the payment', async () => {
    const { bookingId, intent } = await confirmedUnreported();
    const payload = bigEvent(intent, 100);
    expect(Buffer.byteLength(payload)).toBeGreaterThan(100 * 1024);
    const res = await post(payload, sign(payload)).expect(200);
    expect(res.body.outcome).toBe('recorded');
    expect((await db.collection('bookings').doc(bookingId).get()).data()).toMatchObject({ paid: true, state: 'paid', transactionId: intent.id });
    await settleMailDeliveries();
  });

  it('refuses the same 100 KB event changed after signing, and changes nothing', async () => {
    const { bookingId, intent } = await confirmedUnreported();
    const payload = bigEvent(intent, 100);
    const tampered = payload.replace('"note_7":"x', '"note_7":"y');
    expect(tampered).not.toBe(payload);
    await post(tampered, sign(payload)).expect(400);
    expect((await db.collection('bookings').doc(bookingId).get()).data()).toMatchObject({ paid: false, state: 'reserved' });
    expect(await stockOf(toolId)).toBe(100 - 5 - 5);
  });

  it('refuses an event over 1 MB with 413', async () => {
    const { intent } = await confirmedUnreported();
    const payload = bigEvent(intent, 1100);
    const res = await post(payload, sign(payload)).expect(413);
    expect(res.body.error.code).toBe('payload-too-large');
  });
});
