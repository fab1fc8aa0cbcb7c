import { describe, expect, it } from 'vitest';
import { bookingFormSchema, bookingInputSchema } from './booking';
import { MESSAGES } from './messages';
import { reviewInputSchema } from './review';
import { toolInputSchema } from './tool';
import { displayNameOf, loginSchema, signupSchema } from './user';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('shared schemas', () => {
  it('login and sign-up use the exact messages of the spec', () => {
    expect(firstMessage(loginSchema.safeParse({ email: '', password: 'secret1' }))).toBe(MESSAGES.emailRequired);
    expect(firstMessage(loginSchema.safeParse({ email: 'nope', password: 'secret1' }))).toBe(MESSAGES.emailInvalid);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(MESSAGES.passwordRequired);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '12345' }))).toBe(MESSAGES.passwordTooShort);
    expect(firstMessage(signupSchema.safeParse({ name: ' ', email: 'a@b.co', password: '123456' }))).toBe(MESSAGES.nameRequired);
  });

  it('add-product form text becomes integer cents and whole quantities', () => {
    const r = toolInputSchema.parse({
      image: 'https://cdn.example.com/x.png',
      name: ' Gasket ',
      description: 'Seal',
      partNumber: ' fp-gsk-1 ',
      price: '24.75',
      packSize: '10',
      priceBreaks: '100: 23.00',
      minimumQuantity: '10',
      availableQuantity: '500',
      weight: '1.6',
      extra: 'dropped',
    });
    expect(r).toEqual({
      image: 'https://cdn.example.com/x.png',
      name: 'Gasket',
      description: 'Seal',
      partNumber: 'FP-GSK-1',
      priceCents: 2475,
      packSize: 10,
      priceBreaks: [{ minQuantity: 100, priceCents: 2300 }],
      minimumQuantity: 10,
      availableQuantity: 500,
      weight: 1.6,
      freight: false,
      leadTimeDays: 14,
    });
    // Pack size and breaks are optional: one unit, no volume prices.
    expect(
      toolInputSchema.parse({
        image: 'https://x.example/a.png',
        name: 'A',
        description: 'B',
        partNumber: 'A-1',
        price: '1',
        minimumQuantity: 1,
        availableQuantity: 1,
        weight: 2,
      }),
    ).toMatchObject({ packSize: 1, priceBreaks: [] });
  });

  it('refuses zero or negative numbers and minimum above available', () => {
    const base = { image: 'https://x.example/a.png', name: 'A', description: 'B', partNumber: 'A-1', price: '1', minimumQuantity: 1, availableQuantity: 1 };
    expect(toolInputSchema.safeParse({ ...base, price: '0' }).success).toBe(false);
    expect(toolInputSchema.safeParse({ ...base, price: '-3' }).success).toBe(false);
    expect(toolInputSchema.safeParse({ ...base, minimumQuantity: 0 }).success).toBe(false);
    expect(toolInputSchema.safeParse({ ...base, minimumQuantity: 1.5 }).success).toBe(false);
    expect(toolInputSchema.safeParse({ ...base, minimumQuantity: 5, availableQuantity: 4 }).success).toBe(false);
    expect(toolInputSchema.safeParse({ ...base, image: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('bounds the booking quantity by the tool with the spec message', () => {
    const form = bookingFormSchema({ minimumQuantity: 10, availableQuantity: 40 });
    const ok = { toolId: 't', quantity: '10', phone: '+1 555 010 2030', address: '1 Main St, Springfield' };
    expect(form.safeParse(ok).success).toBe(true);
    expect(firstMessage(form.safeParse({ ...ok, quantity: '9' }))).toBe(MESSAGES.quantityOutOfRange);
    expect(firstMessage(form.safeParse({ ...ok, quantity: '41' }))).toBe(MESSAGES.quantityOutOfRange);
    expect(bookingInputSchema.parse({ ...ok, price: 0.01, email: 'evil@x.y' })).not.toHaveProperty('price');
  });

  it('ratings are whole numbers from 1 to 5', () => {
    const base = { image: 'https://x.example/a.png', description: 'ok' };
    expect(reviewInputSchema.safeParse({ ...base, review: '5' }).success).toBe(true);
    for (const bad of [0, 6, 2.5, 'x']) expect(reviewInputSchema.safeParse({ ...base, review: bad }).success).toBe(false);
  });
});

describe('displayNameOf (CONTRACT §9)', () => {
  it('keeps a good name, trimmed', () => {
    expect(displayNameOf('  Lee Lines  ')).toBe('Lee Lines');
    expect(displayNameOf('Zoë Ñúñez 😀')).toBe('Zoë Ñúñez 😀');
    expect(displayNameOf('x'.repeat(80))).toBe('x'.repeat(80));
  });

  it.each([
    ['missing', undefined],
    ['not text', 42],
    ['empty', '   '],
    ['longer than 80 characters', 'x'.repeat(81)],
    ['on two lines', 'Lee\nBcc: everyone@example.test'],
    ['with a control character', 'Lee\u0007'],
    ['with a lone surrogate', 'Lee \uD800'],
  ])('answers "Customer" for a name %s', (_label, raw) => {
    expect(displayNameOf(raw)).toBe('Customer');
  });
});
