/** The shop's one currency, as Stripe names it: every PaymentIntent, invoice item and tax calculation is in it. */
export const CURRENCY = 'usd';
