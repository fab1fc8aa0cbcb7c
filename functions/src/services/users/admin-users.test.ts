import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { assertRemovable } from './admin-users';

const refusal = (f: () => void) => {
  try {
    f();
  } catch (err) {
    return err as AppError;
  }
  return null;
};

describe('assertRemovable', () => {
  it('refuses self-removal with 409', () => {
    const err = refusal(() => assertRemovable({ callerUid: 'a', targetUid: 'a', targetIsAdmin: true, otherAdmins: 3 }));
    expect(err?.status).toBe(409);
    expect(err?.message).toMatch(/yourself/);
  });
  it('refuses removing the last admin with 409', () => {
    const err = refusal(() => assertRemovable({ callerUid: 'a', targetUid: 'b', targetIsAdmin: true, otherAdmins: 0 }));
    expect(err?.status).toBe(409);
    expect(err?.message).toMatch(/last admin/);
  });
  it('allows removing another admin while one remains, and any customer', () => {
    expect(refusal(() => assertRemovable({ callerUid: 'a', targetUid: 'b', targetIsAdmin: true, otherAdmins: 1 }))).toBeNull();
    expect(refusal(() => assertRemovable({ callerUid: 'a', targetUid: 'b', targetIsAdmin: false, otherAdmins: 0 }))).toBeNull();
  });
});
