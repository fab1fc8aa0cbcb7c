import { describe, expect, it } from 'vitest';
import { bookingInputSchema } from './booking';
import { pageQuerySchema } from './pagination';
import { reviewInputSchema } from './review';
import { isWellFormedText, textField, wholeNumber } from './strict';
import { toolInputSchema } from './tool';

const qty = wholeNumber('bad', { min: 1, max: 100 });

describe('wholeNumber', () => {
  it('takes JSON integers and plain decimal text', () => {
    expect(qty.parse(5)).toBe(5);
    expect(qty.parse('12')).toBe(12);
    expect(qty.parse(' 7 ')).toBe(7);
  });
  it.each([
    [[5]],
    [true],
    [false],
    ['0x5'],
    ['1e1'],
    ['0b101'],
    ['5.0'],
    [5.5],
    [''],
    [' '],
    [null],
    [{}],
    ['+5'],
    ['-5'],
    [0],
    [101],
    [Number.NaN],
    [Infinity],
    ['١٢'],
  ])('refuses %j', (v) => {
    expect(qty.safeParse(v).success).toBe(false);
  });
});

describe('textField', () => {
  const f = textField('Name', { max: 10 });
  it('trims and bounds', () => {
    expect(f.parse('  Ann ')).toBe('Ann');
    expect(f.safeParse('x'.repeat(11)).success).toBe(false);
    expect(f.safeParse('   ').success).toBe(false);
  });
  it('refuses lone surrogates, control characters and (single-line) line breaks', () => {
    for (const bad of ['a\ud800', '\udc00b', 'a\u0000', 'a\u0007b', 'a\nb', 'a\u2028b']) expect(f.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(f.parse('Zoë 😀')).toBe('Zoë 😀');
    expect(textField('Address', { max: 50, multiline: true }).parse('1 Main St\nSpringfield')).toContain('\n');
  });
  it('isWellFormedText keeps surrogate pairs', () => {
    expect(isWellFormedText('😀')).toBe(true);
    expect(isWellFormedText('\ud83d')).toBe(false);
  });
});

describe('schemas use the strict parts (attack run findings)', () => {
  const contact = { phone: '+1 555 010 2030', address: '12 Frost Lane, Springfield' };
  it.each([[[5]], ['0x5'], ['1e1'], ['0b101'], [true]])('booking quantity %j is refused', (quantity) => {
    expect(bookingInputSchema.safeParse({ toolId: 'abc', quantity, ...contact }).success).toBe(false);
  });
  it('review true or [5] is refused', () => {
    for (const review of [true, [5], '5.5', '0x5'])
      expect(reviewInputSchema.safeParse({ image: 'https://x.example/a.png', review, description: 'ok' }).success).toBe(false);
    expect(reviewInputSchema.parse({ image: 'https://x.example/a.png', review: '5', description: 'ok' }).review).toBe(5);
  });
  it('minimumQuantity [2] is refused; a lone surrogate in the name is refused', () => {
    const base = { image: 'https://x.example/a.png', name: 'A', description: 'B', price: '1', minimumQuantity: 1, availableQuantity: 5 };
    expect(toolInputSchema.safeParse({ ...base, minimumQuantity: [2] }).success).toBe(false);
    expect(toolInputSchema.safeParse({ ...base, price: [1] }).success).toBe(false);
    expect(toolInputSchema.safeParse({ ...base, price: true }).success).toBe(false);
    expect(toolInputSchema.safeParse({ ...base, name: '\ud800' }).success).toBe(false);
  });
  it('a page limit is plain decimal text', () => {
    expect(pageQuerySchema.parse({ limit: '12' }).limit).toBe(12);
    for (const limit of ['0x5', '1e1', '', '101']) expect(pageQuerySchema.safeParse({ limit }).success).toBe(false);
  });
});
