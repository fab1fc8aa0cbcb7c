import { describe, expect, it } from 'vitest';
import { lineTaxText, partsOf, taxAmountText, taxLabel, totalOf, type TaxView } from './tax-words';

const CA: TaxView = {
  amount: 36.25,
  calculationId: 'taxcalc_1',
  lines: [
    { lineId: '0', amount: 35.89 },
    { lineId: '1', amount: 0.36 },
  ],
  shipping: 0,
  reason: 'standard_rated',
  state: 'CA',
  rate: '7.25',
  exemption: null,
  note: null,
};
const OR: TaxView = {
  amount: 0,
  calculationId: 'taxcalc_2',
  lines: [{ lineId: '0', amount: 0 }],
  shipping: 0,
  reason: 'not_collecting',
  state: 'OR',
  rate: null,
  exemption: null,
  note: null,
};
const EXEMPT: TaxView = { ...CA, amount: 0, lines: [{ lineId: '0', amount: 0 }], reason: 'customer_exempt', state: 'TX', rate: null };

describe('tax words', () => {
  it('names the state and the rate of a taxed order', () => {
    expect(taxLabel(CA)).toBe('Sales tax (CA 7.25%)');
    expect(taxAmountText(CA)).toBe('$36.25');
  });
  it('says the rate as Stripe gives it, as the PDF does', () => {
    expect(taxLabel({ ...CA, state: 'NY', rate: '4.0' })).toBe('Sales tax (NY 4.0%)');
    expect(taxLabel({ ...CA, state: 'IL', rate: '6.25' })).toBe('Sales tax (IL 6.25%)');
  });
  it('says where no tax is collected', () => {
    expect(taxLabel(OR)).toBe('No sales tax collected for OR');
    expect(taxAmountText(OR)).toBe('$0.00');
    expect(taxLabel({ ...OR, state: null })).toBe('No sales tax collected');
  });
  it('says Exempt for an exemption, on the order and on each line', () => {
    expect(taxLabel(EXEMPT)).toBe('Sales tax');
    expect(taxAmountText(EXEMPT)).toBe('Exempt');
    expect(lineTaxText(EXEMPT, '0')).toBe('Exempt');
  });
  it('names the certificate that exempts an order, as the PDF does, with its $0.00', () => {
    const exempt: TaxView = {
      ...EXEMPT,
      exemption: { id: 'ex-1', kind: 'resale', state: 'TX', number: '12-345', words: 'Exempt: resale certificate 12-345 (TX)' },
      note: null,
    };
    expect(taxLabel(exempt)).toBe('Exempt: resale certificate 12-345 (TX)');
    expect(taxAmountText(exempt)).toBe('$0.00');
    expect(lineTaxText(exempt, '0')).toBe('Exempt');
  });
  it('says plain "Sales tax" before a ship-to is known (the amount then says when it comes)', () => {
    expect(taxLabel(null)).toBe('Sales tax');
  });
  it("reads a line's tax by its id, a dash for a line the answer does not name", () => {
    expect(lineTaxText(CA, '1')).toBe('$0.36');
    expect(lineTaxText(CA, '7')).toBe('—');
  });
  it('adds and takes apart amounts in whole cents', () => {
    expect(totalOf(0.1, 0.2, 0.07)).toBe(0.37);
    expect(totalOf(387, 0, 28.06)).toBe(415.06);
    expect(partsOf(415.06, 0, 28.06)).toBe(387);
    expect(partsOf(1.3, 0.1, 0.2)).toBe(1);
  });
});
