// Stripe's test payment methods (https://docs.stripe.com/testing#cards) that the double knows. The
// TEST MODE card form maps Stripe's test card numbers to these names in the browser.
export const TEST_PAYMENT_METHODS = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeded' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    outcome: 'declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};
