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
  expiryMonthInvalid: "Your card's expiration month is invalid: use 01 to 12.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

export interface TestCardInput {
  number: string;
  /** MM/YY, or as pasted (parseExpiry) */
  expiry: string;
  cvc: string;
}

export type TestCardField = keyof TestCardInput;

export type TestCardCheck = { ok: true; paymentMethod: string } | { ok: false; field: TestCardField; message: string };

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** "4242424242424242" -> "4242 4242 4242 4242", as the reader types; at most 19 digits. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The expiry as the reader types or pastes it, written MM/YY: "1230" -> "12/30", "4" -> "04",
 * "1/" -> "01/", and a pasted "12 / 34", "12-34" or " 12 / 2034" -> "12/34" (card wallets and
 * password managers paste with spaces and four-digit years). While a four-digit year is being typed
 * its digits stay, so "12/203" can still become "12/2034" and then "12/34".
 */
export function formatExpiry(value: string): string {
  const [first, ...rest] = value.match(/\d+/g) ?? [];
  if (first === undefined) return '';
  // A separator: anything not a digit after the first digits ("12 / 34", "1/", "12-").
  const separated = rest.length > 0 || /\d\D/.test(value.trim());
  if (!separated || first.length > 2) {
    const digits = [first, ...rest].join('');
    // Six digits pasted at once read as MMYYYY ("122034").
    if (digits.length === 6 && digits.slice(2, 4) === '20') return `${digits.slice(0, 2)}/${digits.slice(4)}`;
    let mmyy = digits.slice(0, 4);
    if (mmyy.length === 1 && mmyy > '1') mmyy = `0${mmyy}`;
    return mmyy.length > 2 ? `${mmyy.slice(0, 2)}/${mmyy.slice(2)}` : mmyy;
  }
  const year = rest.join('').slice(0, 4);
  return `${first.padStart(2, '0')}/${year.length === 4 && year.startsWith('20') ? year.slice(2) : year}`;
}

export type ExpiryParse = { ok: true; month: number; year: number } | { ok: false; message: string };

/**
 * Reads an expiry however it was typed or pasted: MM/YY or M/YY with any spaces around a `/`, `-`
 * or `.` (or just spaces) between month and year, a four-digit year, or the digits alone (MMYY,
 * MMYYYY). Says "incomplete" for a part still missing, names a month outside 01-12.
 */
export function parseExpiry(text: string): ExpiryParse {
  const value = text.trim();
  const incomplete = { ok: false, message: CARD_MESSAGES.expiryIncomplete } as const;
  const invalid = { ok: false, message: CARD_MESSAGES.expiryInvalid } as const;
  if (value === '') return incomplete;
  if (!/^[\d\s/.-]+$/.test(value)) return invalid;
  const groups = value.match(/\d+/g) ?? [];
  let monthText: string;
  let yearText: string;
  if (groups.length === 1 && !/\d\D/.test(value)) {
    const digits = groups[0];
    if (digits.length < 4 || digits.length === 5) return incomplete;
    // MMYYYY only for this century's years: "123456" is a typo, not December 3456.
    if (digits.length > 6 || (digits.length === 6 && digits.slice(2, 4) !== '20')) return invalid;
    [monthText, yearText] = [digits.slice(0, 2), digits.slice(2)];
  } else if (groups.length === 1) {
    return incomplete; // "12 /": the year is missing
  } else if (groups.length === 2) {
    [monthText, yearText] = groups as [string, string];
    if (monthText.length > 2 || yearText.length > 4) return invalid;
    if (yearText.length === 1 || yearText.length === 3) return incomplete;
  } else {
    return groups.length === 0 ? incomplete : invalid;
  }
  const month = Number(monthText);
  if (month < 1 || month > 12) return { ok: false, message: CARD_MESSAGES.expiryMonthInvalid };
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return { ok: true, month, year };
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

  const expiry = parseExpiry(input.expiry);
  if (!expiry.ok) return { ok: false, field: 'expiry', message: expiry.message };
  const { month, year } = expiry;
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
