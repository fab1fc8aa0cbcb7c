import { beforeEach, describe, expect, it, vi } from 'vitest';
import StripeSdk from 'stripe';
import { SHOP_ADDRESS } from '@fridgeparts/common/shipping/order';
import type { Stripe } from '../stripe-client';
import { AppError } from '../../errors';
import { basisKey, calculateTax, calculationParams, reasonOf, rateOf, taxCodeOf, taxFromCalculation, TAX_UNAVAILABLE, type TaxBasis } from './calculate';
import { orderTaxBasis } from './order-tax';

const create = vi.fn();
const listLineItems = vi.fn();
vi.mock('../stripe-client', async (original) => ({
  ...(await original<typeof import('../stripe-client')>()),
  atProvider: async <T>(call: (s: unknown) => Promise<T>) => {
    try {
      return await call({ tax: { calculations: { create, listLineItems } } });
    } catch (err) {
      if (err instanceof StripeSdk.errors.StripeConnectionError) throw new AppError('unavailable', 'The card payment provider could not be reached.');
      throw err;
    }
  },
}));

const austin = { line1: '1 Congress Ave', line2: '', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' };
const basis: TaxBasis = {
  lines: [
    { reference: '0', amountCents: 5997, quantity: 3, taxCode: 'txcd_99999999' },
    { reference: '1', amountCents: 120000, quantity: 1, taxCode: 'txcd_99999999' },
  ],
  shippingCents: 1950,
  address: austin,
  exemption: null,
  noteFor: null,
};
const certificate = { id: 'e1', kind: 'resale' as const, state: 'TX', number: '12-345', words: 'Exempt: resale certificate 12-345 (TX)' };

/** A line item as Stripe answers it (fixtures3.json's tax.calculation_line_item). */
const item = (reference: string, amount: number, amountTax: number, reason = 'standard_rated', pct = '6.25') =>
  ({
    id: `tax_li_${reference}`,
    object: 'tax.calculation_line_item',
    amount,
    amount_tax: amountTax,
    reference,
    tax_code: 'txcd_99999999',
    quantity: 1,
    tax_behavior: 'exclusive',
    livemode: false,
    product: null,
    tax_breakdown: [
      {
        amount: amountTax,
        jurisdiction: null,
        sourcing: 'destination',
        tax_rate_details: { display_name: 'Sales Tax', percentage_decimal: pct, tax_type: 'sales_tax' },
        taxability_reason: reason,
        taxable_amount: amount,
      },
    ],
  }) as unknown as Stripe.Tax.CalculationLineItem;

const calculation = (items: Stripe.Tax.CalculationLineItem[], shippingTax: number) =>
  ({
    id: 'taxcalc_1',
    object: 'tax.calculation',
    tax_amount_exclusive: items.reduce((s, i) => s + i.amount_tax, 0) + shippingTax,
    tax_amount_inclusive: 0,
    shipping_cost: { amount: 1950, amount_tax: shippingTax, tax_behavior: 'exclusive', tax_code: 'txcd_92010001' },
    tax_breakdown: [],
    line_items: { object: 'list', data: items, has_more: false, url: '/v1/tax/calculations/taxcalc_1/line_items' },
  }) as unknown as Stripe.Tax.Calculation;

describe('the calculation asked of Stripe (TAX-DESIGN, decision 0083)', () => {
  it('sends each line by reference with its code, the shipping and the ship-to, exclusive of tax', () => {
    expect(calculationParams(basis)).toEqual({
      currency: 'usd',
      line_items: [
        { amount: 5997, reference: '0', tax_code: 'txcd_99999999', quantity: 3, tax_behavior: 'exclusive' },
        { amount: 120000, reference: '1', tax_code: 'txcd_99999999', quantity: 1, tax_behavior: 'exclusive' },
      ],
      shipping_cost: { amount: 1950, tax_behavior: 'exclusive', tax_code: 'txcd_92010001' },
      customer_details: {
        address: { line1: '1 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
        address_source: 'shipping',
        taxability_override: 'none',
      },
      expand: ['line_items', 'line_items.data.tax_breakdown'],
    });
    expect(calculationParams({ ...basis, exemption: certificate }).customer_details?.taxability_override).toBe('customer_exempt');
  });

  it('gives a tool its own well-formed code, else general tangible goods', () => {
    expect(taxCodeOf({})).toBe('txcd_99999999');
    expect(taxCodeOf({ taxCode: 'txcd_00000000' })).toBe('txcd_00000000');
    expect(taxCodeOf({ taxCode: 'food' })).toBe('txcd_99999999');
  });

  it('tells bases apart by every amount, code, quantity and the address', () => {
    expect(basisKey(basis)).toBe(basisKey(structuredClone(basis)));
    expect(basisKey({ ...basis, shippingCents: 1951 })).not.toBe(basisKey(basis));
    expect(basisKey({ ...basis, lines: [{ ...basis.lines[0]!, amountCents: 5998 }, basis.lines[1]!] })).not.toBe(basisKey(basis));
    expect(basisKey({ ...basis, address: { ...austin, postalCode: '78702' } })).not.toBe(basisKey(basis));
    expect(basisKey({ ...basis, exemption: certificate })).not.toBe(basisKey(basis));
    expect(basisKey({ ...basis, exemption: { ...certificate, id: 'e2' } })).not.toBe(basisKey({ ...basis, exemption: certificate }));
  });

  it('taxes an order at the shop when it has only the one-line address (CONTRACT §14)', () => {
    const planned = [{ index: 0, tool: {}, quantity: 2, plan: { totalCents: 3998 } }];
    expect(orderTaxBasis(planned, { shipping: null }, null, {})).toEqual({
      lines: [{ reference: '0', amountCents: 3998, quantity: 2, taxCode: 'txcd_99999999' }],
      shippingCents: 0,
      address: SHOP_ADDRESS,
      exemption: null,
      noteFor: null,
    });
    expect(orderTaxBasis(planned, { shipping: { amountCents: 24 } }, austin, {}).address).toBe(austin);
  });
});

describe('what the order keeps of the answer', () => {
  it('keeps the per-line amounts, the shipping tax, the state and the parts’ rate', () => {
    const calc = calculation([item('0', 5997, 375), item('1', 120000, 7500)], 122);
    expect(taxFromCalculation(calc, calc.line_items!.data, austin)).toEqual({
      amountCents: 375 + 7500 + 122,
      calculationId: 'taxcalc_1',
      lines: [
        { lineId: '0', amountCents: 375, taxCode: 'txcd_99999999' },
        { lineId: '1', amountCents: 7500, taxCode: 'txcd_99999999' },
      ],
      shippingCents: 122,
      reason: 'standard_rated',
      state: 'TX',
      rate: '6.25',
      transactionId: null,
      exemption: null,
      note: null,
    });
  });

  it('keeps the certificate of an exempt calculation, and none where tax was charged anyway', () => {
    const exempt = calculation([item('0', 5997, 0, 'customer_exempt'), item('1', 120000, 0, 'customer_exempt')], 0);
    expect(taxFromCalculation(exempt, exempt.line_items!.data, austin, certificate)).toMatchObject({
      amountCents: 0,
      reason: 'customer_exempt',
      exemption: certificate,
    });
    const charged = calculation([item('0', 5997, 375)], 0);
    expect(taxFromCalculation(charged, charged.line_items!.data, austin, certificate).exemption).toBeNull();
  });

  it('says not_collecting with no rate where the shop is not registered, customer_exempt for an exemption', () => {
    const oregon = { ...austin, region: 'OR' };
    const calc = calculation([item('0', 5997, 0, 'not_collecting', '0.0')], 0);
    expect(taxFromCalculation(calc, calc.line_items!.data, oregon)).toMatchObject({ amountCents: 0, reason: 'not_collecting', state: 'OR', rate: null });
    expect(reasonOf([{ amount: 0, taxability_reason: 'customer_exempt' }])).toBe('customer_exempt');
    expect(reasonOf([{ amount: 0, taxability_reason: 'product_exempt' }])).toBe('standard_rated');
    expect(rateOf([{ amount: 0, taxability_reason: 'product_exempt', tax_rate_details: { percentage_decimal: '7.25' } }])).toBeNull();
  });
});

describe('calculateTax', () => {
  beforeEach(() => {
    create.mockReset();
    listLineItems.mockReset();
  });

  it('answers the quote for the basis, reading the line items when Stripe did not send them all', async () => {
    const items = [item('0', 5997, 375), item('1', 120000, 7500)];
    create.mockResolvedValue({ ...calculation(items, 122), line_items: { object: 'list', data: items.slice(0, 1), has_more: true } });
    listLineItems.mockResolvedValue({ data: items, has_more: false });
    const quote = await calculateTax(basis);
    expect(quote.key).toBe(basisKey(basis));
    expect(quote.tax.lines).toHaveLength(2);
    expect(listLineItems).toHaveBeenCalledWith('taxcalc_1', { limit: 100, expand: ['data.tax_breakdown'] });
  });

  it('is 503 with its own words when Stripe can not be reached, 400 naming the address when Stripe refuses it', async () => {
    create.mockRejectedValue(new StripeSdk.errors.StripeConnectionError({ message: 'ECONNREFUSED' }));
    await expect(calculateTax(basis)).rejects.toMatchObject({ status: 503, message: TAX_UNAVAILABLE });
    create.mockRejectedValue(new StripeSdk.errors.StripeInvalidRequestError({ message: 'Invalid postal code', type: 'invalid_request_error' }));
    await expect(calculateTax(basis, 'shipToId')).rejects.toMatchObject({ status: 400, fields: { shipToId: expect.stringMatching(/Invalid postal code/) } });
  });
});
