import { describe, expect, it } from 'vitest';
import { newToolDoc, pricedTool, toolFromDoc, type ToolFields } from './tools';

const at = (iso: string) => ({ toDate: () => new Date(iso) });

const FIELDS: ToolFields = {
  name: 'Door Gasket',
  description: 'Magnetic seal',
  image: '/images/tools/gasket.svg',
  partNumber: 'FP-GSK-096',
  priceCents: 2575,
  packSize: 10,
  priceBreaks: [{ minQuantity: 100, priceCents: 2300 }],
  minimumQuantity: 10,
  availableQuantity: 500,
};

describe('tool documents', () => {
  it('a new tool stores the admin fields as given, and no search terms (the search snapshot finds it)', () => {
    const doc = newToolDoc(FIELDS, at('2026-01-02T03:04:05.000Z'));
    expect(doc).not.toHaveProperty('searchTerms');
    expect(doc).toMatchObject({ priceCents: 2575, packSize: 10, partNumber: 'FP-GSK-096' });
  });

  it('a new tool keeps only document fields (the seed passes its slug along)', () => {
    const doc = newToolDoc({ ...FIELDS, slug: 'door-gasket' } as ToolFields, at('2026-01-02T00:00:00.000Z'));
    expect(Object.keys(doc).sort()).toEqual([
      'aliases',
      'availableQuantity',
      'category',
      'createdAt',
      'description',
      'discontinued',
      'image',
      'minimumQuantity',
      'name',
      'packSize',
      'partNumber',
      'priceBreaks',
      'priceCents',
      'replacedBy',
      'restock',
      'specs',
    ]);
  });

  it('reads back in the API shape: cents to dollars, times as ISO text', () => {
    expect(toolFromDoc('t1', newToolDoc(FIELDS, at('2026-01-02T03:04:05.000Z')))).toEqual({
      _id: 't1',
      name: 'Door Gasket',
      description: 'Magnetic seal',
      image: '/images/tools/gasket.svg',
      price: 25.75,
      minimumQuantity: 10,
      availableQuantity: 500,
      partNumber: 'FP-GSK-096',
      packSize: 10,
      priceBreaks: [{ minQuantity: 100, price: 23 }],
      createdAt: '2026-01-02T03:04:05.000Z',
      category: null,
      specs: {},
      aliases: [],
      weight: null,
      freight: false,
      leadTimeDays: 14,
      restock: [],
      coreDeposit: 0,
      taxCode: null,
    });
    expect(toolFromDoc('t1', newToolDoc({ ...FIELDS, weight: 1.6, freight: true, leadTimeDays: 30 }, at('2026-01-02T03:04:05.000Z')))).toMatchObject({
      weight: 1.6,
      freight: true,
      leadTimeDays: 30,
    });
  });

  it('keeps a core deposit in cents and a tax code, answers them in dollars and as given; none, 0 or malformed as none (decision 0088)', () => {
    const doc = newToolDoc({ ...FIELDS, coreDepositCents: 7550, taxCode: 'txcd_00000000' }, at('2026-01-02T03:04:05.000Z'));
    expect(doc).toMatchObject({ coreDepositCents: 7550, taxCode: 'txcd_00000000' });
    expect(toolFromDoc('t1', doc)).toMatchObject({ coreDeposit: 75.5, taxCode: 'txcd_00000000' });
    const none = newToolDoc({ ...FIELDS, coreDepositCents: 0, taxCode: null }, at('2026-01-02T03:04:05.000Z'));
    expect(none).not.toHaveProperty('coreDepositCents');
    expect(none).not.toHaveProperty('taxCode');
    expect(toolFromDoc('t1', { ...none, coreDepositCents: -5, taxCode: 'nonsense' })).toMatchObject({ coreDeposit: 0, taxCode: null });
    expect(toolFromDoc('t1', { ...none, coreDepositCents: 1.5 })).toMatchObject({ coreDeposit: 0 });
  });

  it('keeps how a tool is found (CONTRACT §11): category, specs and aliases, and nothing else of an alias', () => {
    const found = {
      category: 'gaskets',
      specs: { length: '96' },
      aliases: [
        { number: 'ACME 5531', kind: 'competitor' as const, brand: 'ACME', note: 'not stored' },
        { number: 'FP-GSK-090', kind: 'superseded' as const },
      ],
    };
    const doc = newToolDoc({ ...FIELDS, ...found }, at('2026-01-02T03:04:05.000Z'));
    expect(doc.aliases).toEqual([
      { number: 'ACME 5531', kind: 'competitor', brand: 'ACME' },
      { number: 'FP-GSK-090', kind: 'superseded' },
    ]);
    expect(toolFromDoc('t1', doc)).toMatchObject({ category: 'gaskets', specs: { length: '96' }, aliases: doc.aliases });
  });

  it('documents from before CONTRACT §7 and §11 get their defaults, for the API and for pricing alike', () => {
    const old = { name: 'Gasket', description: 'd', image: '/i.svg', priceCents: 100, minimumQuantity: 1, availableQuantity: 4 };
    expect(toolFromDoc('t2', old)).toMatchObject({
      partNumber: '',
      packSize: 1,
      priceBreaks: [],
      createdAt: '1970-01-01T00:00:00.000Z',
      category: null,
      specs: {},
      aliases: [],
      weight: null,
      freight: false,
      leadTimeDays: 14,
      restock: [],
    });
    expect(pricedTool(old)).toEqual({ priceCents: 100, packSize: 1, priceBreaks: [], minimumQuantity: 1, availableQuantity: 4 });
  });
});
