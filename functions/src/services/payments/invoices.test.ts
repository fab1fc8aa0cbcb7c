import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { INVOICE_PAYMENT_STATUSES, countsAgainstCredit } from '@fridgeparts/common/invoice';
import type { BookingDoc } from '../../data/firestore';
import { sampleBookingDoc } from '@fridgeparts/common/testing/sample-booking';
import { creditProblem, invoiceKeys, pendingPayment } from './invoices';
import { paysOnAccount } from '../companies/company-side';
import { invoiceStatusMoves } from './invoice-events';
import { orderEmail } from '../mail/mail-templates';
import { documentKindOf, documentLines } from '../orders/order-document';
import { bookingFromDoc } from '@fridgeparts/common/documents/bookings';

describe('the credit limit', () => {
  it('takes an order up to the limit exactly, and refuses a cent over, naming the limit and the amount open in dollars', () => {
    expect(creditProblem({ creditLimitCents: 100_000, openInvoiceCents: 60_000 }, 40_000)).toBeNull();
    const problem = creditProblem({ creditLimitCents: 100_000, openInvoiceCents: 60_000 }, 40_001);
    expect(problem).toContain('credit limit of $1,000.00');
    expect(problem).toContain('$600.00 is open');
    expect(problem).toContain('at most $400.00 more');
  });
  it('never says a negative room when the open amount is over the limit (a lowered limit)', () => {
    expect(creditProblem({ creditLimitCents: 1_000, openInvoiceCents: 5_000 }, 100)).toContain('at most $0.00 more');
  });
});

describe('terms and keys', () => {
  it('buys on account only on net30 terms', () => {
    expect(paysOnAccount({ terms: 'net30' })).toBe(true);
    expect(paysOnAccount({ terms: 'card' })).toBe(false);
    expect(paysOnAccount(null)).toBe(false);
  });
  it('derives every Stripe key from the order (the Customer from the company), so a retry repeats it', () => {
    expect(invoiceKeys.invoice('o1')).toBe(invoiceKeys.invoice('o1'));
    expect(
      new Set([invoiceKeys.invoice('o1'), invoiceKeys.finalize('o1'), invoiceKeys.line('o1', 0), invoiceKeys.line('o1', 1), invoiceKeys.invoice('o2')]).size,
    ).toBe(5);
    expect(invoiceKeys.customer('c1')).toContain('c1');
  });
});

describe('invoice statuses', () => {
  it('only move forward: paid and void are final, uncollectible may still be paid or voided', () => {
    const moves = INVOICE_PAYMENT_STATUSES.flatMap((from) =>
      INVOICE_PAYMENT_STATUSES.filter((to) => invoiceStatusMoves(from, to)).map((to) => `${from}>${to}`),
    );
    expect(moves.sort()).toEqual(
      [
        'open>paid',
        'open>void',
        'open>uncollectible',
        'pending>paid',
        'pending>void',
        'pending>uncollectible',
        'uncollectible>paid',
        'uncollectible>void',
      ].sort(),
    );
  });
  it('count against the credit limit while money is owed (uncollectible included), not once paid or voided', () => {
    expect(INVOICE_PAYMENT_STATUSES.filter(countsAgainstCredit)).toEqual(['pending', 'open', 'uncollectible']);
  });
});

const due = Timestamp.fromMillis(Date.UTC(2026, 11, 27));
const onAccount: BookingDoc = sampleBookingDoc(Timestamp.fromMillis(0), {
  email: 'tech@polar.test',
  userName: 'Tech',
  partNumber: 'FP-DG-1',
  unitPriceCents: 2500,
  quantity: 2,
  totalCents: 5000,
  itemMinimumQuantity: 1,
  phone: '1',
  address: 'a',
  paymentIntentId: null,
  state: 'confirmed',
  orderNumber: 'FP-2026-000042',
  poNumber: 'PO-77',
  companyId: 'c1',
  payment: { method: 'invoice', invoiceId: 'in_1', hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_1', dueDate: due, status: 'open' },
});

describe('an order on account', () => {
  it('is answered with its invoice (dollars, ISO due date); a card order with payment null', () => {
    // Stored before the invoice number was kept: none, not undefined.
    expect(bookingFromDoc('o1', onAccount).payment).toEqual({
      method: 'invoice',
      invoiceId: 'in_1',
      number: null,
      hostedInvoiceUrl: 'https://invoice.stripe.test/i/in_1',
      dueDate: '2026-12-27T00:00:00.000Z',
      status: 'open',
    });
    expect(bookingFromDoc('o1', { ...onAccount, payment: { ...onAccount.payment!, number: 'NW-0001' } }).payment?.number).toBe('NW-0001');
    expect(bookingFromDoc('o1', { ...onAccount, payment: undefined }).payment).toBeNull();
    expect(pendingPayment()).toMatchObject({ status: 'pending', invoiceId: null, hostedInvoiceUrl: null });
  });
  it('is confirmed by an email with the invoice link and due date, and no card link', () => {
    const mail = orderEmail('booked', onAccount, { bookingId: 'o1', siteUrl: 'https://shop.example', holdHours: 48 });
    expect(mail.subject).toBe('Order FP-2026-000042 confirmed on account: invoice due 2026-12-27');
    expect(mail.text).toContain('https://invoice.stripe.test/i/in_1');
    expect(mail.html).toContain('href="https://invoice.stripe.test/i/in_1"');
    expect(mail.text).not.toContain('/dashboard/payment/');
  });
  it('prints the invoice link and due date on its PDF, as an order confirmation', () => {
    const b = bookingFromDoc('o1', onAccount);
    expect(documentLines(b)).toEqual(
      expect.arrayContaining([
        ['Invoice', 'https://invoice.stripe.test/i/in_1'],
        ['Invoice due', '2026-12-27'],
      ]),
    );
    expect(documentKindOf('confirmed')).toMatchObject({ title: 'ORDER CONFIRMATION' });
  });
  it('shows no paid event on its timeline when it ships before its invoice is paid', () => {
    const shipped = bookingFromDoc('o1', { ...onAccount, state: 'shipped', status: 'shipped', shippedAt: Timestamp.fromMillis(1000) });
    expect(shipped.events.map((e) => e.type)).toEqual(['booked', 'shipped']);
  });
});
