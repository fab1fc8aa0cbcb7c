import { describe, expect, it, vi } from 'vitest';
import { localOrigin } from '@fridgeparts/common/local-stack';
import { confirmWithTestDouble, paymentIntentIdOf } from './confirm-with-test-double';

const SECRET = 'pi_3Abc123_secret_xyz789';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

describe('paymentIntentIdOf', () => {
  it('takes the PaymentIntent id from the client secret, as Stripe.js does', () => {
    expect(paymentIntentIdOf(SECRET)).toBe('pi_3Abc123');
    expect(paymentIntentIdOf('pi_x_secret_')).toBe('pi_x');
    expect(paymentIntentIdOf('seti_1_secret_2')).toBeNull();
    expect(paymentIntentIdOf('nonsense')).toBeNull();
    expect(paymentIntentIdOf('pi_../x_secret_y')).toBeNull();
  });
});

describe('confirmWithTestDouble', () => {
  it('confirms like Stripe.js: form-encoded payment method and client secret, publishable-key Bearer', async () => {
    const fetchImpl = answer(200, { id: 'pi_3Abc123', object: 'payment_intent', status: 'succeeded' });
    const result = await confirmWithTestDouble(SECRET, 'pm_card_visa', fetchImpl);
    expect(result).toEqual({ status: 'succeeded', paymentIntentId: 'pi_3Abc123' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${localOrigin('stripe')}/v1/payment_intents/pi_3Abc123/confirm`);
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer pk_test_local_double', 'Content-Type': 'application/x-www-form-urlencoded' });
    const body = new URLSearchParams(String(init.body));
    expect(Object.fromEntries(body)).toEqual({ payment_method: 'pm_card_visa', client_secret: SECRET });
  });

  it("shows Stripe's card error message on a decline (402)", async () => {
    const fetchImpl = answer(402, {
      error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    });
    expect(await confirmWithTestDouble(SECRET, 'pm_card_chargeDeclined', fetchImpl)).toEqual({ status: 'failed', message: 'Your card was declined.' });
  });

  it('never reports success unless the PaymentIntent says succeeded', async () => {
    const fetchImpl = answer(200, { id: 'pi_3Abc123', status: 'requires_payment_method' });
    expect(await confirmWithTestDouble(SECRET, 'pm_card_visa', fetchImpl)).toMatchObject({ status: 'failed' });
    expect(await confirmWithTestDouble(SECRET, 'pm_card_visa', answer(500, 'oops'))).toMatchObject({ status: 'failed' });
  });

  it('says so when the card service can not be reached, and refuses a malformed secret without a request', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await confirmWithTestDouble(SECRET, 'pm_card_visa', down)).toEqual({
      status: 'failed',
      message: expect.stringMatching(/Could not reach the card service/),
    });
    const never = vi.fn();
    expect(await confirmWithTestDouble('not-a-secret', 'pm_card_visa', never)).toMatchObject({ status: 'failed' });
    expect(never).not.toHaveBeenCalled();
  });
});
