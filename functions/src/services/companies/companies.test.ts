import { describe, expect, it } from 'vitest';
import type { ShipTo } from '@fridgeparts/common/company.answers';
import { AppError } from '../../errors';
import { adminCountAfter, invitationKey, numberShipTo, patchedShipTo, patchedTerms } from './companies';

const refusal = (f: () => unknown): AppError | null => {
  try {
    f();
  } catch (err) {
    return err as AppError;
  }
  return null;
};

const address = { line1: '1 Main St', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
const at = (id: string, label = id): ShipTo => ({ id, label, address });

describe('ship-to ids', () => {
  it('numbers a new company’s locations s1, s2... and says the next number', () => {
    expect(
      numberShipTo([
        { label: 'A', address },
        { label: 'B', address },
      ]),
    ).toEqual({ shipTo: [at('s1', 'A'), at('s2', 'B')], nextSeq: 3 });
  });

  it('keeps the ids sent, gives new locations the next ids, and never reuses a removed one', () => {
    const { shipTo, nextSeq } = patchedShipTo([at('s1'), at('s2')], 3, [
      { id: 's2', label: 'Two', address },
      { label: 'New', address },
    ]);
    expect(shipTo).toEqual([at('s2', 'Two'), at('s3', 'New')]);
    expect(nextSeq).toBe(4);
    // s1 was removed: a new location after it still gets s4, not s1.
    expect(patchedShipTo(shipTo, nextSeq, [{ label: 'Later', address }]).shipTo).toEqual([at('s4', 'Later')]);
  });

  it('refuses an id the company never had with 400 naming the line', () => {
    const err = refusal(() =>
      patchedShipTo([at('s1')], 2, [
        { id: 's1', label: 'x', address },
        { id: 's7', label: 'y', address },
      ]),
    );
    expect(err?.status).toBe(400);
    expect(err?.fields).toEqual({ 'shipTo.1.id': expect.stringMatching(/no ship-to s7/) });
  });
});

describe('terms and credit limit after a change', () => {
  const net30 = { terms: 'net30' as const, creditLimitCents: 100_000, openInvoiceCents: 0 };
  const card = { terms: 'card' as const, creditLimitCents: null, openInvoiceCents: 0 };

  it('card drops the limit; net30 keeps the stored one or takes the new one', () => {
    expect(patchedTerms(net30, { terms: 'card' })).toEqual({ terms: 'card', creditLimitCents: null });
    expect(patchedTerms(net30, { creditLimit: 5_000 })).toEqual({ terms: 'net30', creditLimitCents: 5_000 });
    expect(patchedTerms(net30, { terms: 'net30' })).toEqual({ terms: 'net30', creditLimitCents: 100_000 });
    expect(patchedTerms(card, { terms: 'net30', creditLimit: 7_000 })).toEqual({ terms: 'net30', creditLimitCents: 7_000 });
  });

  it('refuses net30 without a limit and a limit on card terms (400), and card while invoices are open (409)', () => {
    expect(refusal(() => patchedTerms(card, { terms: 'net30' }))?.status).toBe(400);
    expect(refusal(() => patchedTerms(net30, { creditLimit: null }))?.status).toBe(400);
    expect(refusal(() => patchedTerms(card, { creditLimit: 100 }))?.status).toBe(400);
    expect(refusal(() => patchedTerms({ ...net30, openInvoiceCents: 1 }, { terms: 'card' }))?.status).toBe(409);
  });
});

describe('the last company admin', () => {
  it('counts admins after a change and refuses leaving none (409)', () => {
    expect(adminCountAfter({ adminCount: 2 }, 'company-admin', 'buyer')).toBe(1);
    expect(adminCountAfter({ adminCount: 2 }, 'company-admin', null)).toBe(1);
    expect(adminCountAfter({ adminCount: 1 }, 'buyer', 'company-admin')).toBe(2);
    expect(adminCountAfter({ adminCount: 1 }, 'buyer', null)).toBe(1);
    expect(adminCountAfter({ adminCount: 1 }, 'company-admin', 'company-admin')).toBe(1);
    expect(refusal(() => adminCountAfter({ adminCount: 1 }, 'company-admin', 'buyer'))?.status).toBe(409);
    expect(refusal(() => adminCountAfter({ adminCount: 1 }, 'company-admin', null))?.message).toMatch(/last company admin/);
  });
});

describe('invitationKey', () => {
  it('is one key per address however it is written, and a valid document id for any address', () => {
    expect(invitationKey('Ann@Example.test ')).toBe(invitationKey('ann@example.test'));
    expect(invitationKey('a/b@example.test')).toMatch(/^[0-9a-f]{64}$/);
    expect(invitationKey('ann@example.test')).not.toBe(invitationKey('bob@example.test'));
  });
});
