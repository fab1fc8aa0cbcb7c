import { describe, expect, it } from 'vitest';
import type { MyCompany } from '@fridgeparts/common/company.answers';
import { myCompanyFixture } from '../../test-support/fixtures';
import { ApiError } from '../infra/api-client';
import { creditLeftText, creditRefusalOf, onAccountOf, spendingLimitPassed } from './on-account';

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
    expect(over).toMatchObject({ company: 'Northwind', creditLimit: 100, open: 150, left: 0, spendingLimit: 500 });
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

describe('spendingLimitPassed', () => {
  it('names the limit an order passes, as the server decides it (above, in cents), and nothing without a limit or a total', () => {
    expect(spendingLimitPassed(500, 736)).toBe(500);
    expect(spendingLimitPassed(500, 500)).toBeNull();
    expect(spendingLimitPassed(500, 500.01)).toBe(500);
    // 0.1 + 0.2 dollars is 0.30000000000000004 in floating point; 30 cents is not above 30 cents.
    expect(spendingLimitPassed(0.3, 0.1 + 0.2)).toBeNull();
    expect(spendingLimitPassed(0, 0.01)).toBe(0);
    expect(spendingLimitPassed(null, 10_000)).toBeNull();
    expect(spendingLimitPassed(undefined, 10_000)).toBeNull();
    expect(spendingLimitPassed(500, null)).toBeNull();
  });
});
