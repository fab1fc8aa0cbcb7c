import { describe, expect, it } from 'vitest';
import { COMPANY_LIMITS } from './company';
import { addressSchema, companyCreateSchema, companyPatchSchema, invitationSchema, memberPatchSchema, spendingLimitSchema } from './company.schema';

const address = { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' };
const company = { name: 'Arctic', billingAddress: address, shipTo: [{ label: 'Main', address }], terms: 'net30', creditLimit: '2500.50' };

describe('company schemas', () => {
  it('take dollars and give cents; line2 and region default to empty', () => {
    const parsed = companyCreateSchema.parse(company);
    expect(parsed.creditLimit).toBe(250_050);
    expect(parsed.billingAddress).toEqual({ ...address, line2: '', region: '' });
  });

  it('drop unknown fields', () => {
    expect(companyCreateSchema.parse({ ...company, openInvoiceTotal: 5, members: [] })).not.toHaveProperty('members');
  });

  it('a spending limit is null (none), 0 or a positive amount of at most two decimals, within the bound', () => {
    expect(spendingLimitSchema.parse(null)).toBeNull();
    expect(spendingLimitSchema.parse(0)).toBe(0);
    expect(spendingLimitSchema.parse(12.5)).toBe(1250);
    for (const bad of [-1, 1.001, '1e3', true, [5], COMPANY_LIMITS.spendingLimitCents / 100 + 0.01])
      expect(spendingLimitSchema.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('refuses addresses with a bad country, overlong lines or line breaks', () => {
    expect(addressSchema.safeParse({ ...address, country: 'us' }).success).toBe(false);
    expect(addressSchema.safeParse({ ...address, line1: 'x'.repeat(COMPANY_LIMITS.addressLineLength + 1) }).success).toBe(false);
    expect(addressSchema.safeParse({ ...address, city: 'Spring\nfield' }).success).toBe(false);
  });

  it('a patch needs a field; a member patch needs role or limit; an invitation a known role', () => {
    expect(companyPatchSchema.safeParse({}).success).toBe(false);
    expect(companyPatchSchema.safeParse({ version: '3' }).success).toBe(false);
    expect(companyPatchSchema.parse({ creditLimit: null }).creditLimit).toBeNull();
    expect(memberPatchSchema.safeParse({}).success).toBe(false);
    expect(memberPatchSchema.parse({ spendingLimit: null })).toEqual({ spendingLimit: null });
    expect(invitationSchema.safeParse({ email: 'a@b.co', role: 'owner' }).success).toBe(false);
  });
});
