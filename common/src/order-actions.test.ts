import { describe, expect, it } from 'vitest';
import { BOOKING_STATES, type BookingState } from './constants';
import { canCancel, canPay, canRefund, canShip, canVoidInvoice } from './order-actions';

const allowed = (test: (state: BookingState) => boolean) => BOOKING_STATES.filter(test);

describe('what may be done to an order, by its state', () => {
  it('cancels only a reservation without a payment, or an order waiting for approval; never one confirmed on account', () => {
    expect(allowed((state) => canCancel({ state }))).toEqual(['reserved', 'awaiting-approval']);
    expect(canCancel({ state: 'reserved', transactionId: 'pi_1' })).toBe(false);
    expect(canCancel({ state: 'confirmed', transactionId: null })).toBe(false);
  });

  it('ships a paid order, one confirmed on account, and the rest of one partially shipped', () => {
    expect(allowed((state) => canShip({ state }))).toEqual(['paid', 'confirmed', 'partially-shipped']);
  });

  it('voids the issued, still-owed invoice of a confirmed order only', () => {
    const open = { status: 'open' as const, invoiceId: 'in_1' };
    expect(allowed((state) => canVoidInvoice({ state, payment: open }))).toEqual(['confirmed']);
    expect(canVoidInvoice({ state: 'confirmed', payment: { status: 'uncollectible', invoiceId: 'in_1' } })).toBe(true);
    for (const status of ['pending', 'paid', 'void'] as const)
      expect(canVoidInvoice({ state: 'confirmed', payment: { status, invoiceId: 'in_1' } })).toBe(false);
    expect(canVoidInvoice({ state: 'confirmed', payment: { status: 'open', invoiceId: null } })).toBe(false);
    expect(canVoidInvoice({ state: 'confirmed', payment: null })).toBe(false);
  });

  it('refunds a card order paid and not shipped, with its payment recorded; never one paid by invoice', () => {
    expect(allowed((state) => canRefund({ state, transactionId: 'pi_1', payment: null }))).toEqual(['paid']);
    expect(canRefund({ state: 'paid', transactionId: null, payment: null })).toBe(false);
    expect(canRefund({ state: 'paid', transactionId: 'pi_1', payment: { method: 'invoice' } })).toBe(false);
  });

  it('asks a card payment for a reservation with something to pay only', () => {
    expect(allowed((state) => canPay({ state, total: 125 }))).toEqual(['reserved']);
    expect(canPay({ state: 'reserved', total: 0 })).toBe(false);
  });
});
