import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, checkTestCard, formatCardNumber, formatExpiry, parseExpiry, passesLuhn } from './test-mode-card';

const NOW = new Date('2026-11-22T12:00:00Z');
const good = { expiry: '12/30', cvc: '123' };

describe('checkTestCard: Stripe test cards become test payment methods in the browser', () => {
  it.each([
    ['4242 4242 4242 4242', 'pm_card_visa'],
    ['4242424242424242', 'pm_card_visa'],
    ['4000 0000 0000 0002', 'pm_card_chargeDeclined'],
    ['4000-0000-0000-9995', 'pm_card_chargeDeclinedInsufficientFunds'],
  ])('%s -> %s', (number, paymentMethod) => {
    expect(checkTestCard({ number, ...good }, NOW)).toEqual({ ok: true, paymentMethod });
  });

  it('refuses a well-formed card that is not a test card, as Stripe test mode does', () => {
    // A real-looking Visa (passes Luhn) and Stripe's Mastercard test number, which the double does not offer.
    for (const number of ['4111 1111 1111 1111', '5555 5555 5555 4444']) {
      expect(checkTestCard({ number, ...good }, NOW)).toEqual({ ok: false, field: 'number', message: CARD_MESSAGES.numberIncorrect });
    }
  });

  it('says an incomplete or mistyped number is incomplete or invalid', () => {
    expect(checkTestCard({ number: '4242 4242', ...good }, NOW)).toMatchObject({ field: 'number', message: 'Your card number is incomplete.' });
    expect(checkTestCard({ number: '', ...good }, NOW)).toMatchObject({ field: 'number', message: 'Your card number is incomplete.' });
    expect(checkTestCard({ number: '4242 4242 4242 4241', ...good }, NOW)).toMatchObject({ field: 'number', message: 'Your card number is invalid.' });
  });

  it('checks the expiry: complete, a real month, not in the past (the current month still counts)', () => {
    const card = (expiry: string) => checkTestCard({ number: '4242424242424242', expiry, cvc: '123' }, NOW);
    expect(card('1')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryIncomplete });
    expect(card('')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryIncomplete });
    expect(card('13/30')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryMonthInvalid });
    expect(card('00/30')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryMonthInvalid });
    expect(card('10/26')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryPast });
    expect(card('12/25')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryPast });
    expect(card('11/26')).toEqual({ ok: true, paymentMethod: 'pm_card_visa' });
  });

  it('takes the expiry however it was pasted: "12 / 34", "12/34", "1234", " 12 / 2034"', () => {
    const card = (expiry: string) => checkTestCard({ number: '4242424242424242', expiry, cvc: '123' }, NOW);
    for (const expiry of ['12 / 34', '12/34', '1234', ' 12 / 2034', '12-34', '12 34', '122034', '12/2034 ']) {
      expect(card(expiry), expiry).toEqual({ ok: true, paymentMethod: 'pm_card_visa' });
    }
    expect(card('12 / 2025')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryPast });
    expect(card('13 / 34')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryMonthInvalid });
  });

  it('needs a security code of 3 or 4 digits', () => {
    const card = (cvc: string) => checkTestCard({ number: '4242424242424242', expiry: '12/30', cvc }, NOW);
    expect(card('12')).toMatchObject({ field: 'cvc', message: CARD_MESSAGES.cvcIncomplete });
    expect(card('12a')).toMatchObject({ field: 'cvc', message: CARD_MESSAGES.cvcIncomplete });
    expect(card('1234')).toEqual({ ok: true, paymentMethod: 'pm_card_visa' });
  });

  it('checks the number before the expiry and the code, as Stripe does', () => {
    expect(checkTestCard({ number: '42', expiry: '', cvc: '' }, NOW)).toMatchObject({ field: 'number' });
    expect(checkTestCard({ number: '4242424242424242', expiry: '', cvc: '' }, NOW)).toMatchObject({ field: 'expiry' });
  });
});

describe('formatting as the reader types', () => {
  it('groups the card number in fours and drops anything but digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42 2')).toBe('4242 4242 2');
    expect(formatCardNumber('4'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM/YY', () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/3')).toBe('12/3');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12345')).toBe('12/34');
  });

  it('writes a pasted expiry as MM/YY, whatever its spacing or year', () => {
    expect(formatExpiry('12 / 34')).toBe('12/34');
    expect(formatExpiry(' 12 / 2034')).toBe('12/34');
    expect(formatExpiry('12-34')).toBe('12/34');
    expect(formatExpiry('122034')).toBe('12/34');
    expect(formatExpiry('1/')).toBe('01/');
    expect(formatExpiry('1 / 34')).toBe('01/34');
    // Typing a four-digit year keeps its digits until it is whole.
    expect(formatExpiry('12/203')).toBe('12/203');
    expect(formatExpiry('12/2034')).toBe('12/34');
  });

  it('knows the Luhn checksum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('parseExpiry: any spacing a reader or a password manager puts around the parts', () => {
  const space = fc.stringMatching(/^[ \t]{0,3}$/);
  const separator = fc.constantFrom('/', '-', '.', ' ');
  const month = fc.integer({ min: 1, max: 12 });
  const year = fc.integer({ min: 2000, max: 2099 });
  const pad = (n: number) => String(n).padStart(2, '0');

  it('reads month and year back from MM<sep>YY and MM<sep>YYYY with generated spacing', () => {
    fc.assert(
      fc.property(space, space, space, space, separator, month, year, fc.boolean(), fc.boolean(), (a, b, c, d, sep, m, y, longYear, shortMonth) => {
        const text = `${a}${shortMonth ? String(m) : pad(m)}${b}${sep}${c}${longYear ? String(y) : pad(y % 100)}${d}`;
        expect(parseExpiry(text)).toEqual({ ok: true, month: m, year: y });
        // The field shows it as MM/YY, and that reads back the same.
        expect(formatExpiry(text)).toBe(`${pad(m)}/${pad(y % 100)}`);
        expect(parseExpiry(formatExpiry(text))).toEqual({ ok: true, month: m, year: y });
      }),
    );
  });

  it('names a month outside 01-12, whatever the spacing', () => {
    const badMonth = fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 }));
    fc.assert(
      fc.property(space, space, separator, badMonth, year, (a, b, sep, m, y) => {
        expect(parseExpiry(`${a}${pad(m)}${b}${sep}${b}${pad(y % 100)}${a}`)).toEqual({ ok: false, message: CARD_MESSAGES.expiryMonthInvalid });
      }),
    );
  });

  it('says a part still missing is incomplete and anything else is invalid', () => {
    for (const text of ['', '  ', '1', '12', '12 /', '12/3', '12/203', '123', '12345']) {
      expect(parseExpiry(text), JSON.stringify(text)).toEqual({ ok: false, message: CARD_MESSAGES.expiryIncomplete });
    }
    for (const text of ['ab/cd', '12/34/56', '123/45', '12/20345', '123456', '1234567', '12/34x']) {
      expect(parseExpiry(text), text).toEqual({ ok: false, message: CARD_MESSAGES.expiryInvalid });
    }
  });
});
