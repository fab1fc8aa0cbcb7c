import { describe, expect, it } from 'vitest';
import { companyAccess, type CompanyAction, type CompanyCaller, type CompanyVerdict } from './company-access';

/** Every kind of caller, as company c1 sees them. */
const ROLES: Record<string, CompanyCaller> = {
  'shop admin': { admin: true, member: undefined },
  'shop admin who is also a company admin of c1': { admin: true, member: { companyId: 'c1', role: 'company-admin' } },
  'company admin of c1': { admin: false, member: { companyId: 'c1', role: 'company-admin' } },
  'company admin of c2': { admin: false, member: { companyId: 'c2', role: 'company-admin' } },
  'buyer of c1': { admin: false, member: { companyId: 'c1', role: 'buyer' } },
  'buyer of c2': { admin: false, member: { companyId: 'c2', role: 'buyer' } },
  'in no company': { admin: false, member: undefined },
};

/** The verdict each caller gets for each action on company c1 (decisions 0055, 0056, 0061, 0072). */
const EXPECTED: Record<string, Record<CompanyAction, CompanyVerdict>> = {
  'shop admin': { see: 'allowed', manage: 'allowed', 'read-order': 'hidden', decide: 'forbidden' },
  'shop admin who is also a company admin of c1': { see: 'allowed', manage: 'allowed', 'read-order': 'allowed', decide: 'allowed' },
  'company admin of c1': { see: 'allowed', manage: 'allowed', 'read-order': 'allowed', decide: 'allowed' },
  'company admin of c2': { see: 'forbidden', manage: 'forbidden', 'read-order': 'hidden', decide: 'hidden' },
  'buyer of c1': { see: 'forbidden', manage: 'forbidden', 'read-order': 'hidden', decide: 'forbidden' },
  'buyer of c2': { see: 'forbidden', manage: 'forbidden', 'read-order': 'hidden', decide: 'forbidden' },
  'in no company': { see: 'forbidden', manage: 'forbidden', 'read-order': 'hidden', decide: 'forbidden' },
};

const ACTIONS: CompanyAction[] = ['see', 'manage', 'read-order', 'decide'];

describe('companyAccess: every role x action on company c1', () => {
  for (const [role, caller] of Object.entries(ROLES))
    for (const action of ACTIONS)
      it(`${role} / ${action}: ${EXPECTED[role]![action]}`, () => {
        expect(companyAccess(caller, 'c1', action)).toBe(EXPECTED[role]![action]);
      });
});

describe('companyAccess: an order of no company', () => {
  it('is nobody’s to read or decide as a company, a company admin included', () => {
    for (const companyId of [null, undefined]) {
      expect(companyAccess(ROLES['company admin of c1']!, companyId, 'read-order')).toBe('hidden');
      expect(companyAccess(ROLES['company admin of c1']!, companyId, 'decide')).toBe('hidden');
      expect(companyAccess(ROLES['buyer of c1']!, companyId, 'decide')).toBe('forbidden');
      expect(companyAccess(ROLES['shop admin']!, companyId, 'decide')).toBe('forbidden');
    }
  });
  it('a membership whose company id is empty never matches a missing company', () => {
    expect(companyAccess({ admin: false, member: { companyId: '', role: 'company-admin' } }, '', 'manage')).toBe('forbidden');
  });
});
