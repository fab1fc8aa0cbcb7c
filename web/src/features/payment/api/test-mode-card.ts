/**
 * The TEST MODE card form's rules (CONTRACT §5): Stripe's test card numbers become Stripe's test
 * payment methods here, in the browser, exactly as Stripe.js would tokenise a card, so no card
 * number ever reaches the shop's server or the local Stripe double. Messages are Stripe's own.
 */

/** Stripe's documented test cards that the local double knows, by card number. */
export const TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
};

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  numberIncorrect: 'Your card number is incorrect.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

export interface TestCardInput {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

export type TestCardField = keyof TestCardInput;

export type TestCardCheck =
  | { ok: true; paymentMethod: string }
  | { ok: false; field: TestCardField; message: string };

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** "4242424242424242" -> "4242 4242 4242 4242", as the reader types; at most 19 digits. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value).slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12 / 30"-style "12/30"; a single digit above 1 becomes "0d/". */
export function formatExpiry(value: string): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * Checks the fields in the order Stripe's card field does (number, expiry, security code) and
 * names the test payment method for a known test card. `now` is injectable for tests.
 */
export function checkTestCard(input: TestCardInput, now: Date = new Date()): TestCardCheck {
  const number = digitsOnly(input.number);
  if (number.length < 13) return { ok: false, field: 'number', message: CARD_MESSAGES.numberIncomplete };
  if (!passesLuhn(number)) return { ok: false, field: 'number', message: CARD_MESSAGES.numberInvalid };

  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  if (!expiry) return { ok: false, field: 'expiry', message: CARD_MESSAGES.expiryIncomplete };
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12) return { ok: false, field: 'expiry', message: CARD_MESSAGES.expiryInvalid };
  // A card is valid through the last day of its expiry month.
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { ok: false, field: 'expiry', message: CARD_MESSAGES.expiryPast };
  }

  const cvc = digitsOnly(input.cvc);
  if (cvc.length < 3 || cvc.length !== input.cvc.trim().length) return { ok: false, field: 'cvc', message: CARD_MESSAGES.cvcIncomplete };

  const paymentMethod = TEST_CARDS[number];
  // A well-formed number that is not one of Stripe's test cards: Stripe's test mode says the same.
  if (!paymentMethod) return { ok: false, field: 'number', message: CARD_MESSAGES.numberIncorrect };
  return { ok: true, paymentMethod };
}
