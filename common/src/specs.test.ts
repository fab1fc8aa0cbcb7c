import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { categorySchema, specsSchema, withoutUnit } from './specs';

describe('categorySchema', () => {
  it('takes a key of the catalogue or null, and nothing else', () => {
    expect(categorySchema.parse('compressors')).toBe('compressors');
    expect(categorySchema.parse(null)).toBeNull();
    for (const bad of ['', 'Compressors', 'nope', 3, [], undefined]) expect(categorySchema.safeParse(bad).success).toBe(false);
  });
});

describe('specsSchema', () => {
  it('keeps values as printed, without the unit typed after them', () => {
    expect(specsSchema.parse({ voltage: '115 V', refrigerant: ' R-134a ', horsepower: '1/3 hp', capacitance: '5µF' })).toEqual({
      voltage: '115',
      refrigerant: 'R-134a',
      horsepower: '1/3',
      capacitance: '5',
    });
    expect(specsSchema.parse({})).toEqual({});
  });

  it('names an unknown key, an empty value, a value of only its unit and one too long', () => {
    const problems = (v: unknown) => specsSchema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(problems({ colour: 'red' })).toEqual(['colour: colour is not a spec of the catalogue (GET /specs lists them)']);
    expect(problems({ voltage: '' })).toEqual(['voltage: Voltage (V) is required']);
    expect(problems({ voltage: 'V' })).toEqual(['voltage: Voltage (V) needs a value, not only its unit']);
    expect(problems({ refrigerant: 'x'.repeat(41) })).toEqual(['refrigerant: Refrigerant is too long (at most 40 characters)']);
    expect(problems({ voltage: 115 })?.length).toBe(1);
    expect(problems(['115'])?.length).toBe(1);
  });

  it('never answers a value longer than 40 characters or with a line break, whatever is sent', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('voltage', 'refrigerant', 'length', 'x'), fc.string({ unit: 'grapheme', maxLength: 60 })), (specs) => {
        const parsed = specsSchema.safeParse(specs);
        if (parsed.success) for (const v of Object.values(parsed.data)) expect(v.length > 0 && v.length <= 40 && !/[\n\r]/.test(v)).toBe(true);
      }),
    );
  });
});

describe('withoutUnit', () => {
  it('leaves a value without its unit, and a spec without a unit, as they are', () => {
    expect(withoutUnit('refrigerant', 'R-134a')).toBe('R-134a');
    expect(withoutUnit('voltage', '115')).toBe('115');
    expect(withoutUnit('voltage', 'V')).toBe('');
    expect(withoutUnit('length', '96 in')).toBe('96');
  });
});
