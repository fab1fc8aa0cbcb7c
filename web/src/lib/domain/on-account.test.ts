import { describe, expect, it } from 'vitest';
import type { MyCompany } from '@fridgeparts/common/company.answers';
import { myCompanyFixture } from '../../test-support/fixtures';
import { ApiError } from '../infra/api-client';
import { creditLeftText, creditRefusalOf, onAccountOf, overSpendingLimit } from './on-account';

const mine = (over: Partial<MyCompany['company']>, spendingLimit: number | null = 500): MyCompany =>
  myCompanyFixture({ company: { name: 'Northwind', terms: 'net30', creditLimit: 25_000, ...over }, spendingLimit });

describe('onAccountOf', () => {
  it('is null for anyone who pays by card: in no company, or a company on card terms', () => {
    expect(onAccountOf(null)).toBeNull();
    expect(onAccountOf(undefined)).toBeNull();
    expect(onAccountOf(mine({ terms: 'card', creditLimit: null }))).toBeNull();
  });
  it('gives the credit left in exact cents, never below 0', () => {
    expect(onAccountOf(mine({ creditLimit: 0.3, openInvoiceTotal: 0.1 }))?.left).toBe(0.2);
    const over = onAccountOf(mine({ creditLimit: 100, openInvoiceTotal: 150 }));
    expect(over).toEqual({ company: 'Northwind', creditLimit: 100, open: 150, left: 0 });
    expect(creditLeftText(onAccountOf(mine({ openInvoiceTotal: 1_000.5 }))!)).toBe('$23,999.50 of $25,000.00 credit left');
  });
});

describe('creditRefusalOf', () => {
  it('takes the message of a 409 only', () => {
    expect(creditRefusalOf(new ApiError(409, 'conflict', 'would pass the credit limit'))).toBe('would pass the credit limit');
    expect(creditRefusalOf(new ApiError(400, 'invalid-argument', 'bad'))).toBeNull();
    expect(creditRefusalOf(new Error('network'))).toBeNull();
  });
});

describe('overSpendingLimit', () => {
  it('names the limit and the total an order passes it by, as the server decides it (above, in cents)', () => {
    expect(overSpendingLimit(500, 736, true)).toEqual({ limit: 500, total: 736, taxed: true });
    expect(overSpendingLimit(500, 500.01, false)).toEqual({ limit: 500, total: 500.01, taxed: false });
    expect(overSpendingLimit(500, 500, true)).toBeNull();
    expect(overSpendingLimit(500, 499.99, false)).toBeNull();
    // 0.1 + 0.2 dollars is 0.30000000000000004 in floating point; 30 cents is not above 30 cents.
    expect(overSpendingLimit(0.3, 0.1 + 0.2, true)).toBeNull();
    expect(overSpendingLimit(0, 0.01, true)).toEqual({ limit: 0, total: 0.01, taxed: true });
  });
  it('says nothing without a limit or a total', () => {
    expect(overSpendingLimit(null, 10_000, true)).toBeNull();
    expect(overSpendingLimit(undefined, 10_000, false)).toBeNull();
    expect(overSpendingLimit(500, null, true)).toBeNull();
  });
});
