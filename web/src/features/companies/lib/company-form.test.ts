import { describe, expect, it } from 'vitest';
import type { Company } from '@fridgeparts/common/company.answers';
import { companyFormOf, createBodyOf, emptyCompanyForm, inviteBodyOf, memberBodyOf, patchBodyOf, spendingLimitText, type CompanyForm } from './company-form';
import { companyFormSchema, inviteFormSchema, personFormSchema } from './company-schemas';
import { addressLine } from '../../../lib/domain/address-line';

const address = { line1: '1 Main St', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };

const company: Company = {
  _id: 'c1',
  name: 'Northwind',
  billingAddress: address,
  shipTo: [
    { id: 's1', label: 'Warehouse', address },
    { id: 's3', label: 'Depot', address: { ...address, line2: 'Bay 4' } },
  ],
  terms: 'net30',
  creditLimit: 25000,
  openInvoiceTotal: 0,
  members: [],
  invitations: [],
  version: '4',
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};

const filled = (over: Partial<CompanyForm> = {}): CompanyForm => ({
  ...emptyCompanyForm(),
  name: 'Acme',
  billingAddress: address,
  shipTo: [{ id: '', label: 'Shop', address }],
  ...over,
});

/** The messages the form's check puts on its fields, by path. */
function messages(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  values: unknown,
) {
  const r = schema.safeParse(values);
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('the company form and its requests', () => {
  it('starts an edit from the company as read, amounts as the inputs show them', () => {
    const f = companyFormOf(company);
    expect(f.creditLimit).toBe('25000.00');
    expect(f.shipTo.map((s) => s.id)).toEqual(['s1', 's3']);
    expect(companyFormOf({ ...company, terms: 'card', creditLimit: null }).creditLimit).toBe('');
  });

  it('sends a new company without ship-to ids, the country in capitals, and no credit limit on card terms', () => {
    const body = createBodyOf(filled({ billingAddress: { ...address, country: 'us ' }, creditLimit: '900' }));
    expect(body.billingAddress.country).toBe('US');
    expect(body.shipTo).toEqual([{ label: 'Shop', address }]);
    // A limit typed before switching back to card is not sent: the server would refuse it.
    expect(body.creditLimit).toBeNull();
    expect(createBodyOf(filled({ terms: 'net30', creditLimit: ' 25000 ' })).creditLimit).toBe('25000');
  });

  it('edits with the kept ids and new locations without one; the version goes as If-Match, not in the body', () => {
    const f = companyFormOf(company);
    f.shipTo = [f.shipTo[1]!, { id: '', label: 'New', address }];
    const body = patchBodyOf(f);
    expect(body.shipTo.map((s) => ('id' in s ? s.id : null))).toEqual(['s3', null]);
    expect(body).not.toHaveProperty('version');
    expect(patchBodyOf({ ...f, terms: 'card' }).creditLimit).toBeNull();
  });

  it("is checked with the server's schema, each message at the form field it names", () => {
    expect(messages(companyFormSchema, filled())).toEqual({});
    const bad = messages(
      companyFormSchema,
      filled({ name: ' ', terms: 'net30', creditLimit: '', shipTo: [{ id: '', label: 'A', address: { ...address, postalCode: '' } }] }),
    );
    expect(Object.keys(bad).sort()).toEqual(['creditLimit', 'name', 'shipTo.0.address.postalCode']);
    expect(bad.creditLimit).toMatch(/net30 company needs a creditLimit/);
    expect(Object.keys(messages(companyFormSchema, filled({ terms: 'net30', creditLimit: '12.345' })))).toEqual(['creditLimit']);
    expect(Object.keys(messages(companyFormSchema, filled({ shipTo: [] })))).toEqual(['shipTo']);
  });

  it('sends an empty spending limit as none (null) and checks invitations and member edits', () => {
    expect(inviteBodyOf({ email: ' a@b.test ', role: 'buyer', spendingLimit: '' })).toEqual({ email: 'a@b.test', role: 'buyer', spendingLimit: null });
    expect(memberBodyOf({ role: 'company-admin', spendingLimit: '500' })).toEqual({ role: 'company-admin', spendingLimit: '500' });
    expect(messages(inviteFormSchema, { email: 'nope', role: 'buyer', spendingLimit: '' })).toHaveProperty('email');
    expect(messages(personFormSchema, { role: 'buyer', spendingLimit: '-1' })).toHaveProperty('spendingLimit');
    expect(messages(personFormSchema, { role: 'buyer', spendingLimit: '0' })).toEqual({});
  });

  it('reads limits and addresses as a person would', () => {
    expect(spendingLimitText(null)).toBe('No limit');
    expect(spendingLimitText(500)).toBe('$500.00 per order');
    expect(addressLine({ ...address, line2: 'Unit 4' })).toBe('1 Main St, Unit 4, Springfield, IL 62701, US');
    expect(addressLine({ ...address, region: '' })).toBe('1 Main St, Springfield, 62701, US');
  });
});
