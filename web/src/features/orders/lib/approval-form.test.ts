import { describe, expect, it } from 'vitest';
import { decisionBodyOf, expiryOf } from './approval-form';
import { approveFormSchema, declineFormSchema } from './approval-schemas';

describe('the approve and decline dialogs', () => {
  it('send the note as typed, or none when it is blank', () => {
    expect(decisionBodyOf({ note: 'For the Henderson job' })).toEqual({ note: 'For the Henderson job' });
    expect(decisionBodyOf({ note: '  \n ' })).toEqual({});
  });
  it('check with the server’s schemas: an approval needs no note, a decline needs one, at the field `note`', () => {
    expect(approveFormSchema.safeParse({ note: '' }).success).toBe(true);
    const declined = declineFormSchema.safeParse({ note: ' ' });
    expect(declined.success).toBe(false);
    expect(declined.error?.issues[0]?.path).toEqual(['note']);
    expect(declined.error?.issues[0]?.message).toMatch(/Say why the order is declined/);
    expect(declineFormSchema.safeParse({ note: 'Over budget this month' }).success).toBe(true);
    expect(approveFormSchema.safeParse({ note: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('expiryOf', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');
  it('says when, and whether it is soon or past', () => {
    expect(expiryOf('2026-11-29T12:00:00.000Z', now)).toMatchObject({ soon: false, past: false });
    expect(expiryOf('2026-11-27T15:00:00.000Z', now)).toMatchObject({ soon: true, past: false });
    expect(expiryOf('2026-11-27T11:00:00.000Z', now)).toMatchObject({ soon: true, past: true });
  });
  it('is null when the server did not say', () => {
    expect(expiryOf(null, now)).toBeNull();
    expect(expiryOf('not a time', now)).toBeNull();
  });
});
