import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { approvedState, holdStartOf, notWaitingMessage } from './approvals';

describe('after approval', () => {
  it('a card company’s approved order is reserved, to be paid by card', () => {
    expect(approvedState({ terms: 'card' })).toBe('reserved');
  });
  it('a net30 company’s approved order is confirmed on account (decision 0058)', () => {
    expect(approvedState({ terms: 'net30' })).toBe('confirmed');
  });
  it('the hold restarts at the approval, and only then', () => {
    const createdAt = Timestamp.fromMillis(1_000);
    const decidedAt = Timestamp.fromMillis(5_000);
    const base = { spendingLimitCents: 1, decidedBy: null, note: null };
    expect(holdStartOf({ createdAt })).toBe(createdAt);
    expect(holdStartOf({ createdAt, approval: { ...base, decision: null, decidedAt: null } })).toBe(createdAt);
    expect(holdStartOf({ createdAt, approval: { ...base, decision: 'approved', decidedAt } })).toBe(decidedAt);
    expect(holdStartOf({ createdAt, approval: { ...base, decision: 'declined', decidedAt } })).toBe(createdAt);
  });
  it('the second decision is told what happened first', () => {
    const by = { uid: 'u', email: 'boss@example.test' };
    const approval = { spendingLimitCents: 1, decidedAt: null, note: null };
    const b = { paid: false, transactionId: null, status: null };
    expect(notWaitingMessage({ ...b, state: 'reserved', approval: { ...approval, decision: 'approved', decidedBy: by } })).toBe(
      'This order was already approved by boss@example.test.',
    );
    expect(notWaitingMessage({ ...b, state: 'declined', approval: { ...approval, decision: 'declined', decidedBy: by } })).toMatch(/already declined/);
    expect(notWaitingMessage({ ...b, state: 'expired', approval: { ...approval, decision: null, decidedBy: null } })).toMatch(/not decided in time/);
    expect(notWaitingMessage({ ...b, state: 'reserved', approval: null })).toMatch(/not waiting for approval/);
  });
});
