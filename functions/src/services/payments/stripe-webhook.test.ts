import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { HANDLED_EVENTS, verifiedEvent } from './stripe-webhook';

// No secret is configured in unit tests: the webhook secret is the local double's.
const SECRET = 'whsec_local_double';
const event = { id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } };
const payload = JSON.stringify(event);
const sign = (body: string, secret = SECRET, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('verifiedEvent', () => {
  it('accepts the exact bytes Stripe signed', () => {
    expect(verifiedEvent(Buffer.from(payload), sign(payload))).toMatchObject({ id: 'evt_1', type: 'payment_intent.succeeded' });
  });

  it('refuses a missing header or body with 400', () => {
    expect(refusal(() => verifiedEvent(Buffer.from(payload), undefined)).status).toBe(400);
    expect(refusal(() => verifiedEvent(undefined, sign(payload))).status).toBe(400);
  });

  it('refuses another secret, a changed body and an old signature with 400', () => {
    expect(refusal(() => verifiedEvent(Buffer.from(payload), sign(payload, 'whsec_other'))).message).toMatch(/does not match/);
    const changed = payload.replace('pi_1', 'pi_2');
    expect(refusal(() => verifiedEvent(Buffer.from(changed), sign(payload))).status).toBe(400);
    // Re-serialised JSON (spaces) is not the signed bytes either.
    expect(refusal(() => verifiedEvent(Buffer.from(JSON.stringify(event, null, 2)), sign(payload))).status).toBe(400);
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    expect(refusal(() => verifiedEvent(Buffer.from(payload), sign(payload, SECRET, anHourAgo))).status).toBe(400);
  });

  it('handles exactly the events the endpoint is subscribed to', () => {
    expect([...HANDLED_EVENTS].sort()).toEqual([
      'charge.refunded',
      'invoice.marked_uncollectible',
      'invoice.paid',
      'invoice.voided',
      'payment_intent.canceled',
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
  });
});
