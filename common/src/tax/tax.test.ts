import { describe, expect, it } from 'vitest';
import { SHOP_ADDRESS } from '../shipping/order';
import { orderTaxFromDoc, taxAddressOf, taxCollected, taxLabel, type OrderTaxDoc } from './tax';

const doc: OrderTaxDoc = {
  amountCents: 435,
  calculationId: 'taxcalc_1',
  lines: [{ lineId: '0', amountCents: 435 }],
  shippingCents: 0,
  reason: 'standard_rated',
  state: 'CA',
  rate: '7.25',
  transactionId: null,
};

describe('sales tax words and shapes (CONTRACT §15)', () => {
  it('says the state and rate collected, the state not collected, and Exempt', () => {
    expect(taxLabel(doc)).toBe('Sales tax (CA 7.25%)');
    expect(taxLabel({ reason: 'not_collecting', state: 'OR', rate: null })).toBe('No sales tax collected for OR');
    expect(taxLabel({ reason: 'customer_exempt', state: 'TX', rate: null })).toBe('Exempt');
    expect(taxCollected(doc)).toBe(true);
    expect(taxCollected({ reason: 'not_collecting' })).toBe(false);
  });

  it('answers dollars and keeps the transaction to itself; none before tax', () => {
    expect(orderTaxFromDoc({ ...doc, transactionId: 'tax_1' })).toEqual({
      amount: 4.35,
      calculationId: 'taxcalc_1',
      lines: [{ lineId: '0', amount: 4.35 }],
      shipping: 0,
      reason: 'standard_rated',
      state: 'CA',
      rate: '7.25',
      exemption: null,
      note: null,
    });
    expect(orderTaxFromDoc(undefined)).toBeNull();
  });

  it('taxes the one-line address at the shop (CONTRACT §14), else the object or the ship-to', () => {
    const oakland = { ...SHOP_ADDRESS, city: 'Oakland', region: 'CA', postalCode: '94607' };
    expect(taxAddressOf({}, SHOP_ADDRESS)).toBe(SHOP_ADDRESS);
    expect(taxAddressOf({ shippingAddress: oakland }, SHOP_ADDRESS)).toBe(oakland);
    expect(taxAddressOf({ shipToAddress: oakland, shippingAddress: null }, SHOP_ADDRESS)).toBe(oakland);
  });
});
