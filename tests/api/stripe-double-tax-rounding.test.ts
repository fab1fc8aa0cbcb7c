import '../support/env';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REGISTERED_STATES, TAX_CODES, taxLine, taxOf } from '../../scripts/stripe-double/tax.mjs';
import { stripe } from './fixtures';

/**
 * The Stripe double's tax table and rounding (scripts/stripe-double/tax.mjs, decision 0082),
 * property by property: each line's tax is its amount times the rate rounded half away from zero,
 * in integers; a reversal's negative amount mirrors it; a calculation's tax is the sum of its lines'
 * and shipping's roundings, for any lines. (Beside the API tests: the table module has no unit
 * runner of its own, and the last property drives the running double through the SDK.)
 */
const RATES = REGISTERED_STATES.map((r) => r.bp);

describe('the tax table and its rounding', () => {
  it('declares CA, TX, NY, IL and OH with their rates, and which tax shipping', () => {
    expect(REGISTERED_STATES.map((r) => [r.state, r.bp, r.percentage, r.shippingTaxed])).toEqual([
      ['CA', 725, '7.25', false],
      ['TX', 625, '6.25', true],
      ['NY', 400, '4.0', true],
      ['IL', 625, '6.25', false],
      ['OH', 575, '5.75', true],
    ]);
    // The percentage Stripe reports is the rate in basis points, written out.
    for (const r of REGISTERED_STATES) expect(Number(r.percentage) * 100).toBe(r.bp);
  });

  it('exact half cents go away from zero: 200 at 7.25% is 14.5 -> 15, 200 at 6.25% 12.5 -> 13, 200 at 5.75% 11.5 -> 12; negatives mirror', () => {
    expect([taxOf(200, 725), taxOf(200, 625), taxOf(200, 575), taxOf(8, 625)]).toEqual([15, 13, 12, 1]);
    expect([taxOf(-200, 725), taxOf(-200, 625), taxOf(-8, 625)]).toEqual([-15, -13, -1]);
    // Just under and over the half.
    expect([taxOf(199, 725), taxOf(201, 725)]).toEqual([14, 15]);
    expect(taxOf(0, 725)).toBe(0);
    expect(Object.is(taxOf(-1, 400), -0)).toBe(false);
  });

  it('any amount at any registered rate: within half a cent of the exact tax, a half always away from zero, in integers even past 2^53', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...RATES), (amount, bp) => {
        const tax = taxOf(amount, bp);
        expect(Number.isSafeInteger(tax)).toBe(true);
        const exact = BigInt(amount) * BigInt(bp); // tax x 10000, exactly
        const diff = BigInt(tax) * 10000n - exact;
        expect(diff >= -5000n && diff <= 5000n).toBe(true);
        // A half: rounded away from zero, so the rounded tax is further from zero than the exact one.
        if (diff === 5000n || diff === -5000n) expect(diff > 0n).toBe(amount > 0);
        expect(taxOf(-amount, bp)).toBe(-tax || 0);
      }),
      { numRuns: 2000 },
    );
  });

  it('the half-cent amounts at each rate: every one of them rounds up by half a cent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RATES), fc.integer({ min: 0, max: 200_000 }), (bp, k) => {
        // The amounts where amount x bp ends in exactly 5000 (half a cent), when the rate has any.
        const half = Array.from({ length: 10000 }, (_, a) => a).find((a) => (a * bp) % 10000 === 5000);
        if (half === undefined) return; // 4.00%: no amount lands on a half cent.
        const step = 10000 / gcd(bp, 10000);
        const amount = half + k * step;
        expect((amount * bp) % 10000).toBe(5000);
        expect(taxOf(amount, bp)).toBe((amount * bp + 5000) / 10000);
        expect(taxOf(-amount, bp)).toBe(-(amount * bp + 5000) / 10000);
      }),
      { numRuns: 500 },
    );
  });

  it("a line's reason: nontaxable code 0, shipping by the state's rule, another state or country not_collecting, an exempt customer 0", () => {
    const at = (state: string, country = 'US') => ({ state, country, postal_code: '00000' });
    expect(taxLine({ amount: 1000, taxCode: TAX_CODES.nontaxable, address: at('TX') })).toMatchObject({ amountTax: 0, reason: 'product_exempt' });
    expect(taxLine({ amount: 1000, taxCode: TAX_CODES.shipping, address: at('CA') })).toMatchObject({ amountTax: 0, reason: 'not_subject_to_tax' });
    expect(taxLine({ amount: 1000, taxCode: TAX_CODES.shipping, address: at('TX') })).toMatchObject({ amountTax: 63, reason: 'standard_rated' });
    expect(taxLine({ amount: 1000, address: at('OR') })).toMatchObject({ amountTax: 0, reason: 'not_collecting' });
    expect(taxLine({ amount: 1000, address: at('CA', 'CA') })).toMatchObject({ amountTax: 0, reason: 'not_collecting' });
    expect(taxLine({ amount: 1000, address: at('NY'), override: 'customer_exempt' })).toMatchObject({ amountTax: 0, reason: 'customer_exempt' });
  });

  it("a calculation's tax is the sum of its lines' and shipping's own roundings, for any lines in any registered state", async () => {
    const line = fc.record({ amount: fc.integer({ min: 0, max: 5_000_000 }), code: fc.constantFrom(TAX_CODES.general, TAX_CODES.nontaxable, 'txcd_30011000') });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...REGISTERED_STATES),
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 100_000 }),
        async (reg, lines, shipping) => {
          const calc = await stripe.tax.calculations.create({
            currency: 'usd',
            line_items: lines.map((l, i) => ({ amount: l.amount, tax_code: l.code, reference: String(i) })),
            shipping_cost: { amount: shipping },
            customer_details: { address: { country: 'US', state: reg.state, postal_code: '12345' }, address_source: 'shipping' },
            expand: ['line_items'],
          });
          const perLine = lines.map((l) => (l.code === TAX_CODES.nontaxable ? 0 : taxOf(l.amount, reg.bp)));
          const shippingTax = reg.shippingTaxed ? taxOf(shipping, reg.bp) : 0;
          // The expanded list carries the first 10 lines, as Stripe embeds lists; the rest are paged.
          expect(calc.line_items!.data.map((l) => l.amount_tax)).toEqual(perLine.slice(0, 10));
          expect(calc.line_items!.has_more).toBe(lines.length > 10);
          const all: number[] = [];
          for await (const l of stripe.tax.calculations.listLineItems(calc.id!, { limit: 5 })) all.push(l.amount_tax);
          expect(all).toEqual(perLine);
          expect(calc.shipping_cost!.amount_tax).toBe(shippingTax);
          const total = perLine.reduce((a, b) => a + b, 0) + shippingTax;
          expect(calc.tax_amount_exclusive).toBe(total);
          expect(calc.tax_breakdown.reduce((a, b) => a + b.amount, 0)).toBe(total);
          // Per-line rounding strays from rounding the sum by at most half a cent a line (shipping too), and half for the sum's own rounding.
          const taxedBase = lines.filter((l) => l.code !== TAX_CODES.nontaxable).reduce((a, l) => a + l.amount, 0) + (reg.shippingTaxed ? shipping : 0);
          expect(Math.abs(total - taxOf(taxedBase, reg.bp))).toBeLessThanOrEqual(Math.floor((lines.length + 2) / 2));
        },
      ),
      { numRuns: 40 },
    );
  });
});

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
