/**
 * The one interface both card forms (Stripe Elements, and the TEST MODE form for the local Stripe
 * double) offer the payment form: a confirm function, handed over once the card service is ready.
 * The payment form owns Pay, the client secret and what happens after; the card form owns only
 * the card fields and how the card provider is asked.
 */
export type CardPaymentResult = { status: 'succeeded'; paymentIntentId: string } | { status: 'failed'; message: string };

export type ConfirmCardPayment = (clientSecret: string) => Promise<CardPaymentResult>;

export interface CardFormProps {
  /** Called with the form's confirm function once the card service and field are ready; null while they are not. */
  onReadyChange: (confirm: ConfirmCardPayment | null) => void;
  /** While a payment is being confirmed: no editing. */
  disabled: boolean;
}

/** Stripe's wording for a card that the provider refused for a reason it does not name. */
export const GENERIC_CARD_ERROR = 'Your card could not be charged. Please try another card.';
