import { describe, expect, it } from 'vitest';
import {
  ADD_STOCK_MESSAGE,
  BOTH_STOCK_MESSAGE,
  assignedPartNumber,
  commercialProblems,
  coreDepositSchema,
  taxCodeSchema,
  toolEditSchema,
  toolInputSchema,
  toolPatchSchema,
  type Commercial,
} from './tool';

/** CONTRACT §9 seed compatibility: POST /addItem without a part number, PATCH /manage/{id} with some fields. */

const SPEC_FIELDS = {
  image: 'https://x.example/a.png',
  name: 'Fan Motor',
  description: 'Quiet.',
  price: '12.50',
  minimumQuantity: '2',
  availableQuantity: '9',
  // CONTRACT §14: a new tool's weight is required (pounds).
  weight: '1.5',
};

describe('toolInputSchema part number', () => {
  it('takes the SPEC fields and a weight alone: no part number, one unit per pack, no breaks, parcel, 14 days', () => {
    const r = toolInputSchema.parse(SPEC_FIELDS);
    expect(r.partNumber).toBeUndefined();
    expect(r).toMatchObject({
      priceCents: 1250,
      packSize: 1,
      priceBreaks: [],
      minimumQuantity: 2,
      availableQuantity: 9,
      weight: 1.5,
      freight: false,
      leadTimeDays: 14,
    });
    const { weight: _, ...noWeight } = SPEC_FIELDS;
    expect(toolInputSchema.safeParse(noWeight).success).toBe(false);
  });

  it('reads empty or blank text as not given, and still upper-cases and checks a given one', () => {
    expect(toolInputSchema.parse({ ...SPEC_FIELDS, partNumber: '' }).partNumber).toBeUndefined();
    expect(toolInputSchema.parse({ ...SPEC_FIELDS, partNumber: '   ' }).partNumber).toBeUndefined();
    expect(toolInputSchema.parse({ ...SPEC_FIELDS, partNumber: ' fp-x-1 ' }).partNumber).toBe('FP-X-1');
    for (const bad of ['fp x 1', '-FP', 'A'.repeat(33), 5, null, ['FP-1']]) {
      const r = toolInputSchema.safeParse({ ...SPEC_FIELDS, partNumber: bad });
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['partNumber']);
    }
  });

  it('numbers assigned part numbers with six digits', () => {
    expect(assignedPartNumber(1)).toBe('FP-ITEM-000001');
    expect(assignedPartNumber(123)).toBe('FP-ITEM-000123');
    expect(assignedPartNumber(1_234_567)).toBe('FP-ITEM-1234567');
  });
});

describe('toolPatchSchema', () => {
  it('takes any one field, and only what was sent (no defaults)', () => {
    expect(toolPatchSchema.parse({ availableQuantity: '70' })).toEqual({ availableQuantity: 70 });
    expect(toolPatchSchema.parse({ price: '9.99', name: 'ignored' })).toEqual({ priceCents: 999 });
    expect(toolPatchSchema.parse({ priceBreaks: '' })).toEqual({ priceBreaks: [] });
  });

  it('refuses an empty edit, or one with only fields it does not edit', () => {
    for (const body of [{}, { name: 'Renamed', partNumber: 'X-1' }, { price: undefined }]) {
      const r = toolPatchSchema.safeParse(body);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/at least one/);
    }
  });

  it('checks each sent field alone; the rules between fields are left to the merge', () => {
    expect(toolPatchSchema.safeParse({ price: 0 }).error?.issues[0]?.path).toEqual(['price']);
    expect(toolPatchSchema.safeParse({ packSize: 0 }).error?.issues[0]?.path).toEqual(['packSize']);
    // Above any stock it is sent with: the service holds it against the stored stock.
    expect(toolPatchSchema.safeParse({ minimumQuantity: 500 }).success).toBe(true);
  });

  it('takes addStock: a whole number, below 0 for a write-off, never 0, bounded like the other quantities', () => {
    expect(toolPatchSchema.parse({ addStock: 12 })).toEqual({ addStock: 12 });
    expect(toolPatchSchema.parse({ addStock: ' -3 ' })).toEqual({ addStock: -3 });
    expect(toolPatchSchema.parse({ addStock: '-1000000', price: '1.00' })).toEqual({ addStock: -1_000_000, priceCents: 100 });
    for (const bad of [0, '0', '-0', 1.5, '2.5', '1e3', '0x10', '--2', '+2', '', true, [3], null, 1_000_001, '-1000001', Number.MAX_SAFE_INTEGER + 2]) {
      const r = toolPatchSchema.safeParse({ addStock: bad });
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['addStock']);
      expect(r.error?.issues[0]?.message).toBe(ADD_STOCK_MESSAGE);
    }
  });

  it('refuses availableQuantity and addStock together, naming addStock', () => {
    const r = toolPatchSchema.safeParse({ availableQuantity: 10, addStock: 5 });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['addStock'], message: BOTH_STOCK_MESSAGE })]);
  });

  it('accepts every body the edit dialog sends (its empty texts sent as null, its empty specs left out)', () => {
    const commercial = { price: '24.50', minimumQuantity: '4', packSize: '2', priceBreaks: '10: 22.00' };
    const aliases = [{ number: 'W10189966', kind: 'oem', brand: 'Whirlpool' }];
    const shipping = { freight: false, leadTimeDays: '14', restock: [] };
    const dialog = {
      ...commercial,
      ...shipping,
      weight: '2.5',
      addStock: '-3',
      category: 'compressors',
      specs: { voltage: '115 V', refrigerant: '' },
      aliases,
      replacedBy: '',
    };
    const body = { ...commercial, ...shipping, weight: '2.5', addStock: '-3', category: 'compressors', specs: { voltage: '115 V' }, aliases, replacedBy: null };
    expect(toolPatchSchema.parse(body)).toEqual(toolEditSchema.parse(dialog));
    const { addStock: _none, ...noStock } = body;
    expect(toolPatchSchema.parse(noStock)).toEqual(toolEditSchema.parse({ ...dialog, addStock: '' }));
  });

  it('takes a category key or null, and a map of specs, naming what is wrong', () => {
    expect(toolPatchSchema.parse({ category: 'gaskets', specs: { length: '96 in' } })).toEqual({ category: 'gaskets', specs: { length: '96' } });
    expect(toolPatchSchema.parse({ category: null, specs: {} })).toEqual({ category: null, specs: {} });
    expect(toolPatchSchema.safeParse({ category: 'boats' }).error?.issues[0]?.path).toEqual(['category']);
    expect(toolPatchSchema.safeParse({ specs: { colour: 'red' } }).error?.issues[0]?.path).toEqual(['specs', 'colour']);
  });
});

describe('toolEditSchema (the edit dialog)', () => {
  const form = {
    price: '24.50',
    minimumQuantity: '4',
    packSize: '2',
    priceBreaks: '10: 22.00',
    addStock: '',
    category: '',
    specs: {},
    aliases: [],
    replacedBy: '',
    weight: '',
    freight: false,
    leadTimeDays: '14',
    restock: [],
  };

  it('reads an empty category and replacement as none, and an empty spec as not given', () => {
    const parsed = toolEditSchema.parse({ ...form, specs: { voltage: ' ', refrigerant: 'R-600a' } });
    expect(parsed).toMatchObject({ category: null, replacedBy: null, specs: { refrigerant: 'R-600a' }, aliases: [] });
    expect(toolEditSchema.parse({ ...form, category: 'defrost', replacedBy: 'fp-dft-8h25' })).toMatchObject({ category: 'defrost', replacedBy: 'fp-dft-8h25' });
    const badAlias = toolEditSchema.safeParse({ ...form, aliases: [{ number: 'W1', kind: 'oem', brand: '' }] });
    expect(badAlias.error?.issues.map((i) => i.path.join('.'))).toEqual(['aliases.0.brand']);
  });

  it('reads an empty Add stock as none, and takes a delivery or a write-off', () => {
    expect(toolEditSchema.parse(form).addStock).toBeUndefined();
    expect(toolEditSchema.parse({ ...form, addStock: '  ' }).addStock).toBeUndefined();
    expect(toolEditSchema.parse({ ...form, addStock: '12' }).addStock).toBe(12);
    expect(toolEditSchema.parse({ ...form, addStock: '-12' }).addStock).toBe(-12);
    for (const bad of ['0', '1.5', 'x', '1e2']) expect(toolEditSchema.safeParse({ ...form, addStock: bad }).error?.issues[0]?.path, bad).toEqual(['addStock']);
  });

  it('checks the rules between its own fields, and leaves the minimum against the stock to the server', () => {
    expect(toolEditSchema.safeParse({ ...form, minimumQuantity: '5' }).error?.issues[0]?.message).toMatch(/multiple of the pack size \(2\)/);
    expect(toolEditSchema.safeParse({ ...form, priceBreaks: '10: 30.00' }).error?.issues[0]?.path).toEqual(['priceBreaks']);
    expect(toolEditSchema.safeParse({ ...form, minimumQuantity: '1000000' }).success).toBe(true);
  });
});

describe('the core deposit and the tax code (decision 0088, CONTRACT §15)', () => {
  it('reads the deposit as cents from dollars, empty and 0 as none, at most $10,000 with 2 decimals', () => {
    for (const [given, cents] of [
      ['75', 7500],
      ['75.5', 7550],
      [' 250.00 ', 25_000],
      [0.99, 99],
      [10_000, 1_000_000],
      ['', 0],
      ['  ', 0],
      [0, 0],
    ] as const)
      expect(coreDepositSchema.parse(given), String(given)).toBe(cents);
    for (const bad of [-1, '-1', '10000.01', '1.999', 'x', '1e3', NaN, Infinity, null, [75], { cents: 1 }, true])
      expect(coreDepositSchema.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('reads a tax code as txcd_ and 8 digits, empty or null as the default (null)', () => {
    expect(taxCodeSchema.parse('txcd_00000000')).toBe('txcd_00000000');
    expect(taxCodeSchema.parse(' txcd_30011000 ')).toBe('txcd_30011000');
    expect(taxCodeSchema.parse('')).toBeNull();
    expect(taxCodeSchema.parse(null)).toBeNull();
    for (const bad of ['txcd_1234567', 'txcd_123456789', 'TXCD_99999999', '99999999', 'txcd-99999999', 99999999, 'txcd_9999999x', 'x'.repeat(100)])
      expect(taxCodeSchema.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('takes both on adding (absent: none) and editing, naming the field when wrong', () => {
    const plain = toolInputSchema.parse(SPEC_FIELDS);
    expect([plain.coreDeposit, plain.taxCode]).toEqual([undefined, undefined]);
    expect(toolInputSchema.parse({ ...SPEC_FIELDS, coreDeposit: '75.00', taxCode: 'txcd_99999999' })).toMatchObject({
      coreDeposit: 7500,
      taxCode: 'txcd_99999999',
    });
    expect(toolPatchSchema.parse({ coreDeposit: 0 })).toEqual({ coreDeposit: 0 });
    expect(toolPatchSchema.parse({ taxCode: null })).toEqual({ taxCode: null });
    expect(toolPatchSchema.safeParse({ coreDeposit: -5 }).error?.issues[0]?.path).toEqual(['coreDeposit']);
    expect(toolInputSchema.safeParse({ ...SPEC_FIELDS, taxCode: 'txcd_1' }).error?.issues[0]?.path).toEqual(['taxCode']);
  });
});

describe('commercialProblems', () => {
  const tool: Commercial = { priceCents: 2000, minimumQuantity: 4, availableQuantity: 40, packSize: 2, priceBreaks: [{ minQuantity: 10, priceCents: 1800 }] };

  it('names the field of each broken rule', () => {
    expect(commercialProblems(tool)).toEqual({});
    expect(commercialProblems({ ...tool, minimumQuantity: 50 })).toEqual({ minimumQuantity: 'Minimum quantity can not be higher than available quantity' });
    expect(commercialProblems({ ...tool, minimumQuantity: 5 })).toEqual({ minimumQuantity: 'Minimum quantity must be a multiple of the pack size (2)' });
    expect(commercialProblems({ ...tool, priceCents: 1500 })).toEqual({ priceBreaks: 'Each price break must be cheaper than the price before it' });
  });

  it('with the changed fields, checks only the rules they take part in', () => {
    // Orders took the stock below the minimum: a price change is still fine, a new minimum is not.
    const soldDown = { ...tool, availableQuantity: 1 };
    expect(commercialProblems(soldDown, ['priceCents'])).toEqual({});
    expect(Object.keys(commercialProblems(soldDown, ['minimumQuantity']))).toEqual(['minimumQuantity']);
    expect(Object.keys(commercialProblems(soldDown, ['availableQuantity']))).toEqual(['minimumQuantity']);
    expect(Object.keys(commercialProblems({ ...tool, priceCents: 1500 }, ['priceCents']))).toEqual(['priceBreaks']);
    expect(Object.keys(commercialProblems({ ...tool, minimumQuantity: 5 }, ['packSize']))).toEqual(['minimumQuantity']);
  });
});
