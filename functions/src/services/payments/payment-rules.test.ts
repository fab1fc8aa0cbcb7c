import { describe, expect, it } from 'vitest';
import type { BookingState } from '@fridgeparts/common/constants';
import { transition, type OrderEvent } from '@fridgeparts/common/order-lifecycle';
import { idempotencyKeys, isPayableIntent, paymentProblem, type IntentFacts } from './payment-rules';

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

describe('states only move forward (the lifecycle, decision 0070)', () => {
  const moves = (from: BookingState, event: OrderEvent) => transition({ state: from }, event, 'system', 'now').ok;
  it('lets a booking go reserved -> paid -> shipped -> refunded', () => {
    expect(moves('reserved', 'pay')).toBe(true);
    expect(transition({ state: 'paid' }, 'ship', 'shop-admin', 'now').ok).toBe(true);
    expect(moves('paid', 'refund')).toBe(true);
    expect(moves('shipped', 'refund')).toBe(true);
    expect(moves('reserved', 'refund')).toBe(true);
    expect(moves('expired', 'pay')).toBe(true);
  });

  it('never moves back or sideways', () => {
    expect(moves('paid', 'pay')).toBe(false);
    expect(moves('refunded', 'pay')).toBe(false);
    expect(moves('shipped', 'pay')).toBe(false);
    expect(transition({ state: 'refunded' }, 'ship', 'shop-admin', 'now').ok).toBe(false);
    expect(moves('paid', 'expire')).toBe(false);
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
