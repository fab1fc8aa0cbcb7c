// The objects the double answers with, field for field as Stripe returns them (CONTRACT §9): every
// top-level key of Stripe's published fixture of the object (fixtures/stripe-fixtures3.json), plus
// the fields the SDK's newer API version always returns (allowed_payment_method_types,
// payment_record). A field the double has no use for gets the value Stripe gives a plain card
// payment without customers, Connect or 3-D Secure: mostly null. tests/api/stripe-double-shapes
// holds each builder's output to the fixture's keys and value types through the real SDK.
//
// The store (store.mjs) owns the state machine and changes only the fields a step changes.

/** A PaymentIntent as `POST /v1/payment_intents` creates it, before any payment method. */
export function paymentIntentObject({ id, clientSecret, created, amount, currency, description, metadata, receiptEmail, allowedTypes }) {
  return {
    id,
    object: 'payment_intent',
    // Null when created with the older payment_method_types, as Stripe answers.
    allowed_payment_method_types: allowedTypes ? ['card'] : null,
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: clientSecret,
    confirmation_method: 'automatic',
    created,
    currency,
    customer: null,
    customer_account: null,
    description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata,
    // Only a PaymentIntent in requires_action has one; the double never asks for 3-D Secure.
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: receiptEmail,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

const NO_ADDRESS = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };

/**
 * A card charge of a PaymentIntent: `succeeded`, or `failed` with the decline's code and message.
 * `method` is the test payment method (test-methods.mjs).
 */
export function chargeObject({ id, created, pi, method, succeeded, balanceTransaction }) {
  return {
    id,
    object: 'charge',
    amount: pi.amount,
    amount_captured: succeeded ? pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    // Money moves only for a successful charge; a declined one has no balance transaction.
    balance_transaction: succeeded ? balanceTransaction : null,
    billing_details: { address: { ...NO_ADDRESS }, email: null, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: succeeded,
    created,
    currency: pi.currency,
    customer: null,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: succeeded ? null : 'card_declined',
    failure_message: succeeded ? null : method.message,
    fraud_details: {},
    livemode: false,
    metadata: { ...pi.metadata },
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: succeeded ? 'approved_by_network' : 'declined_by_network',
      reason: succeeded ? null : method.decline_code,
      seller_message: succeeded ? 'Payment complete.' : 'The bank did not return any further details with this decline.',
      type: succeeded ? 'authorized' : 'issuer_declined',
    },
    paid: succeeded,
    payment_intent: pi.id,
    payment_method: pi.payment_method,
    payment_method_details: {
      type: 'card',
      card: { brand: method.brand, country: 'US', funding: 'credit', last4: method.last4, network: method.brand },
    },
    receipt_email: pi.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: succeeded ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  };
}

/** A refund of a card charge; card refunds succeed at once in test mode. */
export function refundObject({ id, created, charge, amount, metadata, reason, balanceTransaction }) {
  return {
    id,
    object: 'refund',
    amount,
    balance_transaction: balanceTransaction,
    charge: charge.id,
    created,
    currency: charge.currency,
    customer: null,
    customer_account: null,
    destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

/** The PaymentIntent's `last_payment_error` after a decline, as Stripe sets it. */
export function declineError({ method, paymentMethodId, chargeId }) {
  return {
    type: 'card_error',
    code: 'card_declined',
    decline_code: method.decline_code,
    message: method.message,
    charge: chargeId,
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    payment_method: { id: paymentMethodId, object: 'payment_method', type: 'card', card: { brand: method.brand, last4: method.last4 } },
  };
}
