import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, checkTestCard, formatCardNumber, formatExpiry, passesLuhn } from './test-mode-card';

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
    expect(card('13/30')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryInvalid });
    expect(card('00/30')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryInvalid });
    expect(card('10/26')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryPast });
    expect(card('12/25')).toMatchObject({ field: 'expiry', message: CARD_MESSAGES.expiryPast });
    expect(card('11/26')).toEqual({ ok: true, paymentMethod: 'pm_card_visa' });
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

  it('knows the Luhn checksum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});
