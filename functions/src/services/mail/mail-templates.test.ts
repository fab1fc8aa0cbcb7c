import { orderLinesOf } from '@fridgeparts/common/documents/bookings';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { BookingDoc } from '../../data/firestore';
import { sampleBookingDoc } from '@fridgeparts/common/testing/sample-booking';
import { MAIL_KINDS } from '@fridgeparts/common/documents/mail';
import { approvalEmail, backorderReadyEmail, companyInvitationEmail, coresKeptEmail, orderEmail, payLink, UNSET_SITE_URL, withSiteUrl } from './mail-templates';

const b: BookingDoc = sampleBookingDoc(Timestamp.fromMillis(0), {
  userName: 'Casey <Repairs>',
  partNumber: 'FP-DG-1',
  itemMinimumQuantity: 1,
  phone: '1',
  address: 'a',
  paid: true,
  transactionId: 'pi_123',
  paymentIntentId: 'pi_123',
  state: 'paid',
  orderNumber: 'FP-2026-000042',
  poNumber: 'JOB-9',
});
const ctx = { bookingId: 'b1', siteUrl: 'https://shop.example/', holdHours: 48 };

describe('order emails', () => {
  it('booked: order number, total, PO and the Pay link to the Payment page', () => {
    const m = orderEmail('booked', b, ctx);
    expect(m.subject).toBe('Order FP-2026-000042 received: $59.97 to pay');
    expect(m.text).toContain('https://shop.example/dashboard/payment/b1');
    expect(m.text).toContain('Total: $59.97');
    expect(m.text).toContain('JOB-9');
    expect(m.html).toContain('<a href="https://shop.example/dashboard/payment/b1">');
  });
  it('names each line’s core deposit, refundable, with its amount (decision 0088)', () => {
    const lines = orderLinesOf(b).map((l) => ({ ...l, coreDepositCents: 8000 }));
    expect(orderEmail('booked', { ...b, lines }, ctx).text).toContain(`Core deposit, refundable (${lines[0].name}): $80.00`);
    expect(orderEmail('booked', b, ctx).text).not.toContain('Core deposit');
  });

  it('names the shipping chosen with the items, free as free (CONTRACT §14)', () => {
    const shipped = { ...b, totalCents: 8397, shipping: { methodId: 'parcel-ground', name: 'UPS Ground', carrier: 'ups' as const, amountCents: 2400 } };
    for (const kind of ['booked', 'paid'] as const) {
      const m = orderEmail(kind, shipped, ctx);
      expect(m.text).toContain('Shipping: UPS Ground: $24.00');
      expect(m.text).toContain('Total: $83.97');
    }
    expect(orderEmail('booked', { ...shipped, shipping: { ...shipped.shipping, amountCents: 0 } }, ctx).text).toContain('Shipping: UPS Ground: free');
    expect(orderEmail('booked', b, ctx).text).not.toContain('Shipping');
  });
  it("shipped: the whole order 'has shipped'; an order shipped in part says so, with what shipped and what waits (issue 45)", () => {
    const line = (l: Partial<NonNullable<BookingDoc['lines']>[number]>) => ({
      toolId: 't1',
      partNumber: 'FP-DG-1',
      name: 'Door Gasket',
      quantity: 10,
      unitPriceCents: 1999,
      lineTotalCents: 19990,
      ...l,
    });
    const whole = orderEmail('shipped', { ...b, lines: [line({ shippedQuantity: 10 })] }, ctx);
    expect(whole.subject).toBe('Order FP-2026-000042 has shipped');
    expect(whole.text).toContain('Your order FP-2026-000042 is on its way.');
    // An order from before shipments counted anything shipped: whole, as before.
    expect(orderEmail('shipped', b, ctx).subject).toBe('Order FP-2026-000042 has shipped');

    const part = orderEmail(
      'shipped',
      {
        ...b,
        lines: [
          line({ shippedQuantity: 4, backorderedQuantity: 6, expectedOn: '2026-12-09' }),
          line({ toolId: 't2', partNumber: 'FP-FM-2', name: 'Fan Motor', quantity: 3, shippedQuantity: 1, backorderedQuantity: 1, expectedOn: '2026-12-15' }),
          line({ toolId: 't3', partNumber: null, name: 'Relay', quantity: 2, shippedQuantity: 0, backorderedQuantity: 2, expectedOn: null }),
          line({ toolId: 't4', partNumber: 'FP-TH-4', name: 'Thermostat', quantity: 1, shippedQuantity: 1 }),
        ],
      },
      ctx,
    );
    expect(part.subject).toBe('Part of order FP-2026-000042 has shipped');
    expect(part.text).not.toContain('Your order FP-2026-000042 is on its way.');
    expect(part.text).toContain('Part of your order FP-2026-000042 has shipped');
    const shippedNow = part.text.slice(part.text.indexOf('Shipped now:'), part.text.indexOf('Still to come:'));
    expect(shippedNow).toContain('4 x Door Gasket (FP-DG-1)');
    expect(shippedNow).toContain('1 x Fan Motor (FP-FM-2)');
    expect(shippedNow).toContain('1 x Thermostat (FP-TH-4)');
    expect(shippedNow).not.toContain('Relay');
    const toCome = part.text.slice(part.text.indexOf('Still to come:'));
    expect(toCome).toContain('6 x Door Gasket (FP-DG-1): backordered, expected 2026-12-09');
    // Two of the fan motors wait: one backordered, one in stock not yet shipped.
    expect(toCome).toContain('2 x Fan Motor (FP-FM-2): 1 of them backordered, expected 2026-12-15');
    expect(toCome).toContain('2 x Relay: backordered');
    expect(toCome).not.toContain('Thermostat');
    expect(part.text).toContain('JOB-9');
  });
  it('paid and refunded name the transaction id', () => {
    expect(orderEmail('paid', b, ctx).text).toContain('Transaction id: pi_123');
    expect(orderEmail('refunded', b, ctx).text).toContain('pi_123');
  });
  it('escapes what the buyer typed in the HTML part', () => {
    for (const kind of MAIL_KINDS) {
      const m = orderEmail(kind, b, ctx);
      expect(m.html).not.toContain('<Repairs>');
      expect(m.html).toContain('Casey &#60;Repairs&#62;');
    }
  });
  it('an order of one line names its item as before; an order of many lines lists every line', () => {
    expect(orderEmail('booked', b, ctx).text).toContain('Item: 3 x Door Gasket (FP-DG-1)');
    const order: BookingDoc = {
      ...b,
      totalCents: 5997 + 120000,
      lines: [
        { toolId: 't1', partNumber: 'FP-DG-1', name: 'Door Gasket', quantity: 3, unitPriceCents: 1999, lineTotalCents: 5997 },
        { toolId: 't2', partNumber: 'FP-RLY-2', name: 'Start <Relay>', quantity: 100, unitPriceCents: 1200, lineTotalCents: 120000 },
      ],
    };
    for (const kind of MAIL_KINDS) {
      const m = orderEmail(kind, order, ctx);
      expect(m.text).toContain('Items (2 lines):');
      expect(m.text).toContain('3 x Door Gasket (FP-DG-1) at $19.99: $59.97');
      expect(m.text).toContain('100 x Start <Relay> (FP-RLY-2) at $12.00: $1,200.00');
      expect(m.html).toContain('Start &#60;Relay&#62;');
    }
    expect(orderEmail('booked', order, ctx).subject).toBe('Order FP-2026-000042 received: $1,259.97 to pay');
  });
  it('a line ordered by a number not its own says which (CONTRACT §11)', () => {
    const line = { toolId: 't1', partNumber: 'FP-DFT-8H25', name: 'Defrost Timer', quantity: 20, unitPriceCents: 2290, lineTotalCents: 45800 };
    const order: BookingDoc = { ...b, lines: [{ ...line, resolvedFrom: { number: 'FP-DFT-6H21', kind: 'discontinued' } }] };
    expect(orderEmail('booked', order, ctx).text).toContain('Item: 20 x Defrost Timer (FP-DFT-8H25), ordered as FP-DFT-6H21 (replaced by this part)');
    expect(orderEmail('booked', { ...b, lines: [line] }, ctx).text).not.toContain('ordered as');
  });
  it('a late payment refunded because the stock was gone says so', () => {
    const m = orderEmail('refunded', { ...b, state: 'refunded', lateRefund: true }, ctx);
    expect(m.subject).toBe('Order FP-2026-000042: payment refunded, the items are no longer available');
    expect(m.text).toMatch(/arrived after its reservation had been released/);
    expect(m.text).toContain('Refunded: $59.97');
    expect(orderEmail('refunded', b, ctx).subject).toBe('Order FP-2026-000042 refunded');
  });
  it('encodes the booking id in the Pay link', () => {
    expect(payLink('https://shop.example', 'a/b')).toBe('https://shop.example/dashboard/payment/a%2Fb');
  });
});

describe('withSiteUrl', () => {
  it('puts the shop origin in place of the placeholder, escaped in the HTML', () => {
    const content = orderEmail('booked', b, { bookingId: 'b 1', siteUrl: UNSET_SITE_URL, holdHours: 48 });
    const filled = withSiteUrl(content, 'https://shop.example.com/?a=1&b=2/');
    expect(filled.text).toContain('https://shop.example.com/?a=1&b=2/dashboard/payment/b%201');
    expect(filled.html).toContain('href="https://shop.example.com/?a=1&#38;b=2/dashboard/payment/b%201"');
    expect(JSON.stringify(filled)).not.toContain(UNSET_SITE_URL);
  });
});

describe('companyInvitationEmail', () => {
  const facts = {
    companyName: 'Arctic <Repair> Co.',
    email: 'tech@example.test',
    role: 'buyer' as const,
    spendingLimitCents: 50_000,
    siteUrl: 'https://shop.example.com/',
  };

  it('names the company, the role, the limit and how to join: sign in or sign up with this verified address', () => {
    const mail = companyInvitationEmail(facts);
    expect(mail.subject).toBe('You are invited to buy for Arctic <Repair> Co. on FridgeParts');
    expect(mail.text).toContain('as a buyer');
    expect(mail.text).toContain('Spending limit per order: $500.00');
    expect(mail.text).toContain('sign in with this email address (tech@example.test), or sign up with it');
    expect(mail.text).toContain('Sign in: https://shop.example.com/login');
    expect(mail.text).toContain('Sign up: https://shop.example.com/signup');
    expect(mail.html).toContain('Arctic &#60;Repair&#62; Co.');
    expect(mail.html).not.toContain('<Repair>');
  });

  it('says nothing of a limit when there is none, and describes a company admin', () => {
    const mail = companyInvitationEmail({ ...facts, role: 'company-admin', spendingLimitCents: null });
    expect(mail.text).not.toContain('Spending limit');
    expect(mail.text).toContain('as a company admin');
  });

  it('takes the shop’s origin later when it was not known (withSiteUrl)', () => {
    const filled = withSiteUrl(companyInvitationEmail({ ...facts, siteUrl: UNSET_SITE_URL }), 'https://shop.example.com');
    expect(filled.text).toContain('https://shop.example.com/login');
    expect(JSON.stringify(filled)).not.toContain(UNSET_SITE_URL);
  });
});

describe('approval emails (CONTRACT §10, decision 0056)', () => {
  const waiting: BookingDoc = {
    ...b,
    paid: false,
    transactionId: null,
    paymentIntentId: null,
    state: 'awaiting-approval',
    companyId: 'c1',
    approval: { spendingLimitCents: 5000, decision: null, decidedBy: null, decidedAt: null, note: null },
  };
  const decided = (decision: 'approved' | 'declined'): BookingDoc => ({
    ...waiting,
    state: decision === 'approved' ? 'reserved' : 'declined',
    approval: {
      spendingLimitCents: 5000,
      decision,
      decidedBy: { uid: 'a1', email: 'boss@example.test' },
      decidedAt: Timestamp.fromMillis(0),
      note: 'Henderson <job>',
    },
  });

  it('waiting: the buyer learns the limit and that there is nothing to pay yet; each admin who ordered what', () => {
    const buyer = orderEmail('awaiting-approval', waiting, ctx);
    expect(buyer.subject).toBe('Order FP-2026-000042 is waiting for approval');
    expect(buyer.text).toContain('over your spending limit of $50.00');
    expect(buyer.text).not.toContain('/dashboard/payment/');
    const admin = approvalEmail('awaiting-approval', waiting, ctx, 'admin');
    expect(admin.subject).toBe('Order FP-2026-000042 by casey@example.test needs your approval');
    expect(admin.text).toContain('Buyer: Casey <Repairs> (casey@example.test)');
    expect(admin.html).toContain('Casey &#60;Repairs&#62;');
  });
  it('approved: the Pay link and a new hold; declined: who and why, escaped', () => {
    const approved = orderEmail('approved', decided('approved'), ctx);
    expect(approved.subject).toBe('Order FP-2026-000042 approved: $59.97 to pay');
    expect(approved.text).toContain('https://shop.example/dashboard/payment/b1');
    expect(approved.text).toContain('for 48 hours from now');
    const declined = approvalEmail('declined', decided('declined'), ctx, 'buyer');
    expect(declined.text).toContain('boss@example.test declined your order FP-2026-000042');
    expect(declined.text).toContain('Note: Henderson <job>');
    expect(declined.html).toContain('Henderson &#60;job&#62;');
  });
  it('an order that expired waiting says it was not approved in time', () => {
    expect(orderEmail('released', { ...waiting, state: 'expired' }, ctx).subject).toBe('Order FP-2026-000042 expired: not approved in time');
  });
});

describe('backorder ready email (decision 0080)', () => {
  it('lists what arrived and what still waits, with the order number and the shipping choice', () => {
    const m = backorderReadyEmail(
      { ...b, shipComplete: true },
      [
        { name: 'Door Gasket', partNumber: 'FP-DG-1', quantity: 2, stillBackordered: 0, expectedOn: null },
        { name: 'Fan <Motor>', partNumber: null, quantity: 1, stillBackordered: 3, expectedOn: '2026-12-14' },
      ],
      ctx,
    );
    expect(m.subject).toBe('Order FP-2026-000042: backordered parts are ready');
    expect(m.text).toContain('2 x Door Gasket (FP-DG-1)');
    expect(m.text).toContain('1 x Fan <Motor>; 3 still backordered, expected 2026-12-14');
    expect(m.text).toContain('ships once every line is ready');
    expect(m.html).toContain('Fan &#60;Motor&#62;');
    expect(backorderReadyEmail(b, [], ctx).text).toContain('We ship what is ready.');
  });
});

describe('core deposit kept (decision 0088)', () => {
  it('names the order, each line with its cores, the day they were due and the deposit kept, and the sum', () => {
    const m = coresKeptEmail(
      b,
      [
        { name: 'Compressor', partNumber: 'FP-CMP-1', units: 2, depositCents: 15_000, dueOn: new Date('2026-11-03T12:00:00Z') },
        { name: 'Condensing <Unit>', partNumber: null, units: 1, depositCents: 25_000, dueOn: new Date('2026-11-05T12:00:00Z') },
      ],
      ctx,
    );
    expect(m.subject).toBe('Core deposit kept: order FP-2026-000042');
    expect(m.text).toContain('2 cores of Compressor (FP-CMP-1), due back by Nov 3, 2026: $150.00 kept');
    expect(m.text).toContain('1 core of Condensing <Unit>, due back by Nov 5, 2026: $250.00 kept');
    expect(m.text).toContain('Core deposit kept: $400.00');
    expect(m.html).toContain('Condensing &#60;Unit&#62;');
  });
});
