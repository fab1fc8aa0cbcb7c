// Stripe's error objects and status codes (https://docs.stripe.com/api/errors): the stripe SDK
// turns them into StripeInvalidRequestError, StripeCardError, StripeIdempotencyError... exactly as
// with the real API, so the shop's error handling is exercised for real.

export class StripeDoubleError extends Error {
  constructor(status, error) {
    super(error.message);
    this.status = status;
    this.error = error;
  }
}

export const invalidRequest = (message, extra = {}) => new StripeDoubleError(400, { type: 'invalid_request_error', message, ...extra });

export const missing = (kind, id, param = 'id') =>
  new StripeDoubleError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });

export const unauthorized = (message) => new StripeDoubleError(401, { type: 'invalid_request_error', message });

export const idempotencyError = (key) =>
  new StripeDoubleError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });

export const unexpectedState = (pi, action, allowed) =>
  invalidRequest(
    `You cannot ${action} this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be ${action === 'cancel' ? 'canceled' : 'confirmed'}: ${allowed.join(', ')}.`,
    { code: 'payment_intent_unexpected_state', payment_intent: pi },
  );
