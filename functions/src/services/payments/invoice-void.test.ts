import { describe, expect, it } from 'vitest';
import { voidKey, voidProblem } from './invoice-void';

const open = { method: 'invoice' as const, invoiceId: 'in_1', status: 'open' as const };
/** The order fields voidProblem reads; the seed's paid flags as an unpaid order has them. */
const order = <T extends object>(fields: T) => ({ paid: false, transactionId: null, status: null, ...fields });

describe('voiding an order’s invoice (decision 0066)', () => {
  it('is allowed for a confirmed order on account whose invoice is issued and owed (open or uncollectible)', () => {
    expect(voidProblem(order({ state: 'confirmed', payment: open }))).toBeNull();
    expect(voidProblem(order({ state: 'confirmed', payment: { ...open, status: 'uncollectible' } }))).toBeNull();
  });

  it('says why not for everything else, each in its own words', () => {
    expect(voidProblem(order({ state: 'reserved', payment: null }))).toMatch(/not on account/);
    expect(voidProblem(order({ state: 'expired', payment: { ...open, status: 'void' } }))).toMatch(/already void/);
    expect(voidProblem(order({ state: 'paid', payment: { ...open, status: 'paid' } }))).toMatch(/is paid/);
    expect(voidProblem(order({ state: 'confirmed', payment: { ...open, status: 'pending', invoiceId: null } }))).toMatch(/still being issued/);
    expect(voidProblem(order({ state: 'shipped', payment: open }))).toMatch(/has shipped/);
    expect(voidProblem(order({ state: 'confirmed', payment: { ...open, invoiceId: null } }))).toMatch(/can not be voided/);
  });

  it('keys the Stripe call by the order, so a retried or raced void is one call', () => {
    expect(voidKey('b1')).toBe('order-b1-invoice-void');
  });
});
