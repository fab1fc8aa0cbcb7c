import '../support/env';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api } from '../support/api';
import { makeTool } from '../support/firestore';
import { bookingDoc, GOOD_CONTACT, intentIdOf, paymentIntentFor, placeBooking, stockOf, stripe, useCast, WEBHOOK_SECRET } from './fixtures';
import { mailSettled } from './mail-inbox';

/**
 * CONTRACT §9: Stripe's events can exceed the 32 KB every other call is held to (an event carries
 * its whole object, metadata and all), and an event refused for its size is retried by Stripe for
 * days. The webhook takes signed events up to 1 MB; the signature still decides.
 */
const { customer } = useCast({ customer: { name: 'Pat Buyer' } });
let toolId: string;

beforeAll(async () => {
  toolId = await makeTool({ priceCents: 1000, minimumQuantity: 1, availableQuantity: 100 });
});

/** A booking whose PaymentIntent the browser confirmed but never reported: only the webhook can record it. */
async function confirmedUnreported(): Promise<{ bookingId: string; intent: Stripe.PaymentIntent }> {
  const bookingId = (await placeBooking(customer, { toolId, quantity: 5, ...GOOD_CONTACT }).expect(201)).body._id as string;
  const secret = (await paymentIntentFor(customer, bookingId).expect(200)).body.clientSecret as string;
  const intent = await stripe.paymentIntents.confirm(intentIdOf(secret), { payment_method: 'pm_card_visa' });
  return { bookingId, intent };
}

/** The succeeded event, padded to about `kb` KB with metadata as a busy Stripe account's would be. */
function bigEvent(intent: Stripe.PaymentIntent, kb: number): string {
  const metadata = Object.fromEntries(Array.from({ length: Math.ceil((kb * 1024) / 490) }, (_, i) => [`note_${i}`, 'x'.repeat(490)]));
  const event = {
    id: `evt_big_${Date.now()}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...intent, metadata: { ...intent.metadata, ...metadata } } },
    livemode: false,
    api_version: null,
    pending_webhooks: 1,
    request: null,
  };
  return JSON.stringify(event);
}

const post = (payload: string, signature: string) =>
  api().post(API.stripeWebhook).set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

describe('POST /stripe/webhook with large events', () => {
  it('takes a signed 100 KB event and records the payment', async () => {
    const { bookingId, intent } = await confirmedUnreported();
    const payload = bigEvent(intent, 100);
    expect(Buffer.byteLength(payload)).toBeGreaterThan(100 * 1024);
    const res = await post(payload, sign(payload)).expect(200);
    expect(res.body.outcome).toBe('recorded');
    expect(await bookingDoc(bookingId)).toMatchObject({ paid: true, state: 'paid', transactionId: intent.id });
    await mailSettled();
  });

  it('refuses the same 100 KB event changed after signing, and changes nothing', async () => {
    const { bookingId, intent } = await confirmedUnreported();
    const payload = bigEvent(intent, 100);
    const tampered = payload.replace('"note_7":"x', '"note_7":"y');
    expect(tampered).not.toBe(payload);
    await post(tampered, sign(payload)).expect(400);
    expect(await bookingDoc(bookingId)).toMatchObject({ paid: false, state: 'reserved' });
    expect(await stockOf(toolId)).toBe(100 - 5 - 5);
  });

  it('refuses an event over 1 MB with 413', async () => {
    const { intent } = await confirmedUnreported();
    const payload = bigEvent(intent, 1100);
    const res = await post(payload, sign(payload)).expect(413);
    expect(res.body.error.code).toBe('payload-too-large');
  });
});
