import { describe, expect, it } from 'vitest';
import { idempotencyKeys, isPayableIntent, movesForward, paymentProblem, type IntentFacts } from './payment-rules';

const intent = (over: Partial<IntentFacts> = {}): IntentFacts => ({
  id: 'pi_1',
  status: 'succeeded',
  amount: 2500,
  currency: 'usd',
  metadata: { bookingId: 'b1', uid: 'u1' },
  ...over,
});

describe('paymentProblem', () => {
  it('accepts a succeeded intent for this booking, in usd, for its total', () => {
    expect(paymentProblem(intent(), 'b1', 2500)).toBeNull();
  });

  it('refuses an intent of another booking, or one without metadata', () => {
    expect(paymentProblem(intent(), 'b2', 2500)).toMatch(/different booking/);
    expect(paymentProblem(intent({ metadata: null }), 'b1', 2500)).toMatch(/different booking/);
    expect(paymentProblem(intent({ metadata: {} }), 'b1', 2500)).toMatch(/different booking/);
  });

  it('refuses another amount, even by one cent either way', () => {
    expect(paymentProblem(intent({ amount: 2499 }), 'b1', 2500)).toMatch(/amount/);
    expect(paymentProblem(intent({ amount: 2501 }), 'b1', 2500)).toMatch(/amount/);
  });

  it('refuses another currency', () => {
    expect(paymentProblem(intent({ currency: 'eur' }), 'b1', 2500)).toMatch(/EUR/);
  });

  it.each(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'canceled'])('refuses status %s', (status) => {
    expect(paymentProblem(intent({ status }), 'b1', 2500)).toContain(status);
  });
});

describe('movesForward', () => {
  it('lets a booking go reserved -> paid -> shipped -> refunded', () => {
    expect(movesForward('reserved', 'paid')).toBe(true);
    expect(movesForward('paid', 'shipped')).toBe(true);
    expect(movesForward('paid', 'refunded')).toBe(true);
    expect(movesForward('shipped', 'refunded')).toBe(true);
    expect(movesForward('reserved', 'refunded')).toBe(true);
    expect(movesForward('expired', 'paid')).toBe(true);
  });

  it('never moves back or sideways', () => {
    expect(movesForward('paid', 'paid')).toBe(false);
    expect(movesForward('refunded', 'paid')).toBe(false);
    expect(movesForward('shipped', 'paid')).toBe(false);
    expect(movesForward('refunded', 'shipped')).toBe(false);
    expect(movesForward('paid', 'reserved')).toBe(false);
  });
});

describe('payment intents and keys', () => {
  it('reuses intents that can still be paid, not finished ones', () => {
    expect(isPayableIntent('requires_payment_method')).toBe(true);
    expect(isPayableIntent('processing')).toBe(true);
    expect(isPayableIntent('succeeded')).toBe(false);
    expect(isPayableIntent('canceled')).toBe(false);
  });

  it('derives idempotency keys from the booking (and the intent a new one replaces)', () => {
    expect(idempotencyKeys.createIntent('b1', null)).toBe('booking-b1-payment-intent');
    expect(idempotencyKeys.createIntent('b1', 'pi_old')).toBe('booking-b1-payment-intent-after-pi_old');
    expect(idempotencyKeys.refund('b1')).not.toBe(idempotencyKeys.createIntent('b1', null));
  });
});
