import { describe, expect, it } from 'vitest';
import { coreCreditCents, coreRefundBreakdown, coresDueOn, coresOverdueMessage } from './cores';

describe('core deposits (decision 0088)', () => {
  const order = { lines: [{ coreDepositCents: 8000, coreTaxCents: 320 }] };
  const line = { lineId: '0', quantity: 1, depositUnitCents: 4000, partialCents: null };

  it('credits accepted cores their deposit, a partial its amount up to the deposit, a rejected one nothing', () => {
    expect(coreCreditCents({ ...line, inspection: 'accepted' })).toBe(4000);
    expect(coreCreditCents({ ...line, inspection: 'partial', partialCents: 2550 })).toBe(2550);
    expect(coreCreditCents({ ...line, inspection: 'partial', partialCents: 9999 })).toBe(4000);
    expect(coreCreditCents({ ...line, inspection: 'rejected' })).toBe(0);
    expect(coreCreditCents({ ...line, inspection: null })).toBe(0);
  });

  it('refunds the credit and the deposit’s tax in proportion, half away from zero, no fee and no shipping', () => {
    expect(coreRefundBreakdown([{ ...line, inspection: 'accepted' }], order)).toMatchObject({
      partsCents: 4000,
      taxCents: 160,
      totalCents: 4160,
      feeCents: 0,
      shippingCents: 0,
    });
    // round(320 x 2550 / 8000) = round(102) = 102; round(320 x 25 / 8000) = round(1.0) = 1; round(750 x 1234 / 12000) = round(77.125) = 77.
    expect(coreRefundBreakdown([{ ...line, inspection: 'partial', partialCents: 2550 }], order).totalCents).toBe(2652);
    expect(
      coreRefundBreakdown([{ ...line, inspection: 'partial', partialCents: 1234 }], { lines: [{ coreDepositCents: 12_000, coreTaxCents: 750 }] }).taxCents,
    ).toBe(77);
    expect(coreRefundBreakdown([{ ...line, inspection: 'rejected' }], order)).toMatchObject({ totalCents: 0, lines: [{ reference: '0-core' }] });
  });

  it('is due CORE_RETURN_DAYS after the shipment, and the refusal names that day', () => {
    const due = coresDueOn(new Date('2026-09-01T12:00:00Z'), 60);
    expect(due.toISOString()).toBe('2026-10-31T12:00:00.000Z');
    expect(coresOverdueMessage(due)).toMatch(/due back by Oct 31, 2026/);
  });
});
