// The double's state: PaymentIntents, their charges and refunds, in memory for the life of the
// process. Each operation follows Stripe's status machine and reports the events Stripe would send.
import { randomBytes } from 'node:crypto';
import { StripeDoubleError, invalidRequest, missing, unexpectedState } from './errors.mjs';
import { TEST_PAYMENT_METHODS } from './test-methods.mjs';
import { allowOnly, LIST_PARAMS, page } from './params.mjs';
import { chargeObject, declineError, paymentIntentObject, refundObject } from './objects.mjs';

const rand = (n = 24) => randomBytes(n).toString('base64url').replace(/[-_]/g, '').slice(0, n);
export const newId = (prefix) => `${prefix}_${rand(24)}`;
export const now = () => Math.floor(Date.now() / 1000);
const clone = (o) => structuredClone(o);
/** How many of a charge's refunds Stripe embeds in it (`charge.refunds`); the rest are behind `has_more`. */
const EMBEDDED_REFUNDS = 10;

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];

export function wholeAmount(value, param = 'amount') {
  if (value === undefined || value === '') throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  if (!/^\d+$/.test(String(value))) throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param });
  return Number(value);
}

export function metadataOf(value) {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', { param: 'metadata' });
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string' || k.length > 40 || v.length > 500) throw invalidRequest('Invalid metadata value', { param: `metadata[${k}]` });
  }
  return { ...value };
}

/**
 * `emit(type, object)` is called for every event Stripe would create; the server signs and
 * delivers them.
 */
export function createStore(emit) {
  const intents = new Map();
  const charges = new Map();
  const refunds = new Map();

  const intent = (id) => {
    const pi = intents.get(id);
    if (!pi) throw missing('payment_intent', id);
    return pi;
  };

  function createPaymentIntent(params) {
    const amount = wholeAmount(params.amount);
    if (amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    if (amount > 99999999) throw invalidRequest('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' });
    const currency = String(params.currency ?? '').toLowerCase();
    if (!currency) throw invalidRequest('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    if (currency !== 'usd') throw invalidRequest(`Invalid currency: ${currency}. The double supports usd only.`, { param: 'currency' });
    // Older API versions name the list payment_method_types; the SDK's current one
    // allowed_payment_method_types (the response still reports payment_method_types).
    const typesParam = params.allowed_payment_method_types !== undefined ? 'allowed_payment_method_types' : 'payment_method_types';
    const types = params[typesParam] ?? ['card'];
    if (!Array.isArray(types) || types.some((t) => t !== 'card')) {
      throw invalidRequest(`The double supports ${typesParam} [card] only.`, { param: typesParam });
    }
    const id = newId('pi');
    const pi = paymentIntentObject({
      id,
      clientSecret: `${id}_secret_${rand(25)}`,
      created: now(),
      amount,
      currency,
      description: params.description ?? null,
      metadata: metadataOf(params.metadata),
      receiptEmail: params.receipt_email ?? null,
      allowedTypes: typesParam === 'allowed_payment_method_types',
    });
    intents.set(id, pi);
    emit('payment_intent.created', clone(pi));
    if (params.payment_method) {
      pi.payment_method = paymentMethodId(params.payment_method);
      pi.status = 'requires_confirmation';
    }
    if (params.confirm === 'true') return confirmPaymentIntent(id, { payment_method: params.payment_method });
    return clone(pi);
  }

  /** A test payment method's name stands for a fresh PaymentMethod, as Stripe's test tokens do. */
  function paymentMethodId(name) {
    if (!TEST_PAYMENT_METHODS[name]) throw missing('PaymentMethod', name, 'payment_method');
    return name;
  }

  function newCharge(pi, method, outcome) {
    const ch = chargeObject({ id: newId('ch'), created: now(), pi, method, succeeded: outcome === 'succeeded', balanceTransaction: newId('txn') });
    charges.set(ch.id, ch);
    return ch;
  }

  function confirmPaymentIntent(id, params) {
    const pi = intent(id);
    if (!CONFIRMABLE.includes(pi.status)) throw unexpectedState(clone(pi), 'confirm', CONFIRMABLE);
    const name = params.payment_method ?? pi.payment_method;
    if (!name) {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, provide a `payment_method`.",
        {
          code: 'payment_intent_unexpected_state',
          param: 'payment_method',
        },
      );
    }
    pi.payment_method = paymentMethodId(name);
    const method = TEST_PAYMENT_METHODS[name];
    if (method.outcome === 'succeeded') {
      const ch = newCharge(pi, method, 'succeeded');
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: ch.id, last_payment_error: null });
      emit('charge.succeeded', clone(ch));
      emit('payment_intent.succeeded', clone(pi));
      return clone(pi);
    }
    const ch = newCharge(pi, method, 'failed');
    const error = declineError({ method, paymentMethodId: name, chargeId: ch.id });
    // Stripe keeps the PaymentIntent payable after a decline, with the error on it.
    Object.assign(pi, { status: 'requires_payment_method', payment_method: null, latest_charge: ch.id, last_payment_error: error });
    emit('charge.failed', clone(ch));
    emit('payment_intent.payment_failed', clone(pi));
    throw new StripeDoubleError(402, { ...error, payment_intent: clone(pi) });
  }

  function cancelPaymentIntent(id, params) {
    const pi = intent(id);
    if (!CANCELABLE.includes(pi.status)) throw unexpectedState(clone(pi), 'cancel', CANCELABLE);
    const reasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
    if (params.cancellation_reason !== undefined && !reasons.includes(params.cancellation_reason)) {
      throw invalidRequest(`Invalid cancellation_reason: must be one of ${reasons.join(', ')}`, { param: 'cancellation_reason' });
    }
    Object.assign(pi, { status: 'canceled', canceled_at: now(), cancellation_reason: params.cancellation_reason ?? null });
    emit('payment_intent.canceled', clone(pi));
    return clone(pi);
  }

  function createRefund(params) {
    let ch;
    if (params.payment_intent) {
      const pi = intent(params.payment_intent);
      ch = pi.status === 'succeeded' ? charges.get(pi.latest_charge) : null;
      if (!ch) {
        throw invalidRequest(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
          param: 'payment_intent',
        });
      }
    } else if (params.charge) {
      ch = charges.get(params.charge);
      if (!ch) throw missing('charge', params.charge, 'charge');
    } else {
      throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    }
    const left = ch.amount_captured - ch.amount_refunded;
    if (ch.refunded || left <= 0) throw invalidRequest(`Charge ${ch.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = params.amount === undefined ? left : wholeAmount(params.amount);
    if (amount <= 0 || amount > left) {
      throw invalidRequest(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const re = refundObject({
      id: newId('re'),
      created: now(),
      charge: ch,
      amount,
      metadata: metadataOf(params.metadata),
      reason: params.reason ?? null,
      balanceTransaction: newId('txn'),
    });
    refunds.set(re.id, re);
    ch.amount_refunded += amount;
    ch.refunded = ch.amount_refunded === ch.amount_captured;
    // Newest first, as Stripe lists a charge's refunds, and only the first 10 of them embedded: the
    // rest behind `has_more` (GET /v1/refunds lists them all).
    ch.refunds.data.unshift(clone(re));
    ch.refunds.has_more = ch.refunds.data.length > EMBEDDED_REFUNDS;
    ch.refunds.data = ch.refunds.data.slice(0, EMBEDDED_REFUNDS);
    emit('refund.created', clone(re));
    emit('charge.refunded', clone(ch));
    return clone(re);
  }

  return {
    createPaymentIntent,
    confirmPaymentIntent,
    cancelPaymentIntent,
    createRefund,
    retrievePaymentIntent: (id) => clone(intent(id)),
    /** For the publishable-key checks: the stored object, not a copy. */
    peekPaymentIntent: (id) => intents.get(id),
    retrieveCharge: (id) => {
      const ch = charges.get(id);
      if (!ch) throw missing('charge', id);
      return clone(ch);
    },
    retrieveRefund: (id) => {
      const re = refunds.get(id);
      if (!re) throw missing('refund', id);
      return clone(re);
    },
    /** GET /v1/refunds: newest first, of a PaymentIntent or a charge when named, paged as Stripe pages. */
    listRefunds: (params) => {
      allowOnly(params, [...LIST_PARAMS, 'payment_intent', 'charge']);
      const all = [...refunds.values()]
        .reverse()
        .filter(
          (r) =>
            (params.payment_intent === undefined || r.payment_intent === params.payment_intent) && (params.charge === undefined || r.charge === params.charge),
        );
      const listed = page(all, params, '/v1/refunds', 'refund');
      return { ...listed, data: listed.data.map(clone) };
    },
    refundsOf: (piId) => [...refunds.values()].filter((r) => r.payment_intent === piId).map(clone),
    /** What the double holds, for the soak: every object kept and its size as JSON. */
    stored: () => {
      const all = [...intents.values(), ...charges.values(), ...refunds.values()];
      return { objects: all.length, bytes: all.reduce((sum, o) => sum + JSON.stringify(o).length, 0) };
    },
  };
}
