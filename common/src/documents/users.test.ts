import { describe, expect, it } from 'vitest';
import { roleFor, shopUserFromDoc, type UserDoc } from './users';

const at = (iso: string) => ({ toDate: () => new Date(iso) });

describe('user documents', () => {
  it('the role follows the admin claim, and the API shape leaves the times out', () => {
    expect(roleFor(true)).toBe('admin');
    expect(roleFor(false)).toBe('customer');
    const t = at('2026-01-01T00:00:00.000Z');
    const doc: UserDoc = { email: 'a@x.test', displayName: 'A', role: roleFor(false), createdAt: t, updatedAt: t };
    expect(shopUserFromDoc('u1', doc)).toEqual({ _id: 'u1', email: 'a@x.test', displayName: 'A', role: 'customer' });
  });
});
