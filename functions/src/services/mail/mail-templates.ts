import { taxLabel } from '@fridgeparts/common/tax/tax';
import { formatCents } from '@fridgeparts/common/money';
import { CORE_DEPOSIT_LABEL, returnDay } from '@fridgeparts/common/returns/returns';
import type { ApprovalMailKind, MailKind } from '@fridgeparts/common/documents/mail';
import { orderLinesOf } from '@fridgeparts/common/documents/bookings';
import type { BookingDoc } from '../../data/firestore';
import { orderedAsText } from '@fridgeparts/common/search/part-alias';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The order emails (CONTRACT §7): pure text from a booking, so the outbox can store the message
 * as it was when the state changed, and the wording is unit-tested without SMTP.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What every template needs besides the booking. */
export interface MailContext {
  bookingId: string;
  /** The shop's public origin without a trailing slash (config SITE_URL). */
  siteUrl: string;
  /** RESERVATION_HOLD_HOURS, for the booked email's "pay within" line. */
  holdHours: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The origin an email is rendered with when the shop's own is not known (a deployment without
 * SITE_URL; config siteUrl()). `.invalid` never resolves (RFC 2606). The sender puts the real
 * origin in its place once SITE_URL is set, and sends nothing before (decision 0038).
 */
export const UNSET_SITE_URL = 'https://site-url-not-set.invalid';

/** `content` with the placeholder origin replaced by `siteUrl` (escaped where it lands in HTML). */
export function withSiteUrl(content: MailContent, siteUrl: string): MailContent {
  const origin = siteUrl.replace(/\/+$/, '');
  const fill = (s: string, value: string) => s.split(UNSET_SITE_URL).join(value);
  return { subject: fill(content.subject, origin), text: fill(content.text, origin), html: fill(content.html, escapeHtml(origin)) };
}

/** The Pay link of a booking (the Payment page, SPEC §2). */
export const payLink = (siteUrl: string, bookingId: string) => `${siteUrl.replace(/\/+$/, '')}/dashboard/payment/${encodeURIComponent(bookingId)}`;

export type Line = string | { label: string; value: string } | { link: string; text: string };

export function render(subject: string, greeting: string, lines: Line[]): MailContent {
  const text = [
    greeting,
    '',
    ...lines.map((l) => (typeof l === 'string' ? l : 'label' in l ? `${l.label}: ${l.value}` : `${l.text}: ${l.link}`)),
    '',
    'FridgeParts',
  ].join('\n');
  const htmlLines = lines.map((l) => {
    if (typeof l === 'string') return `<p>${escapeHtml(l)}</p>`;
    if ('label' in l) return `<p><strong>${escapeHtml(l.label)}:</strong> ${escapeHtml(l.value)}</p>`;
    return `<p><a href="${escapeHtml(l.link)}">${escapeHtml(l.text)}</a></p>`;
  });
  const html = `<!doctype html><html><body style="font-family:sans-serif"><p>${escapeHtml(greeting)}</p>${htmlLines.join('')}<p>FridgeParts</p></body></html>`;
  return { subject, text, html };
}

/**
 * The order's lines: a one-line order as it always read ("Item: 3 x Door Gasket (FP-...)"), an
 * order of many lines with a heading and a line each, unit price and line total included.
 */
function itemLines(b: BookingDoc): Line[] {
  const lines = orderLinesOf(b);
  const describe = (l: (typeof lines)[number]) =>
    `${l.quantity} x ${l.name}${l.partNumber ? ` (${l.partNumber})` : ''}${l.resolvedFrom ? `, ${lowerFirst(orderedAsText(l.resolvedFrom))}` : ''}`;
  // CONTRACT §14: the shipping chosen, part of the total (none on orders placed before it).
  const shipping: Line[] = [
    // CONTRACT §16 (decision 0088): each line's core deposit, part of the total.
    ...lines.flatMap((l) =>
      (l.coreDepositCents ?? 0) > 0 ? [{ label: `${CORE_DEPOSIT_LABEL} (${l.name})`, value: formatCents(l.coreDepositCents ?? 0) }] : [],
    ),
    ...(b.shipping ? [{ label: 'Shipping', value: shippingText(b.shipping.name, b.shipping.amountCents) }] : []),
    // CONTRACT §15: the sales tax, part of the total ("No sales tax collected for OR" where none is).
    ...(b.tax ? [{ label: taxLabel(b.tax), value: formatCents(b.tax.amountCents) }] : []),
  ];
  if (lines.length === 1) return [{ label: 'Item', value: describe(lines[0]) }, ...shipping];
  return [
    `Items (${lines.length} lines):`,
    ...lines.map((l) => `${describe(l)} at ${formatCents(l.unitPriceCents)}: ${formatCents(l.lineTotalCents)}`),
    ...shipping,
  ];
}

/** "UPS Ground: $24.00", or "UPS Ground: free". */
export const shippingText = (name: string, amountCents: number): string => `${name}: ${amountCents === 0 ? 'free' : formatCents(amountCents)}`;

/** The due date as a day (YYYY-MM-DD, UTC): the day the hosted invoice shows too. */
const dueDay = (b: BookingDoc) => (b.payment?.dueDate ? b.payment.dueDate.toDate().toISOString().slice(0, 10) : 'in 30 days');

/** The confirmation of an order on account: no card to pay, an invoice due in 30 days and its link. */
function onAccountConfirmation(b: BookingDoc, order: string, greeting: string, details: Line[]): MailContent {
  const link = b.payment?.hostedInvoiceUrl;
  return render(`Order ${order} confirmed on account: invoice due ${dueDay(b)}`, greeting, [
    `Thank you for your order ${order}. It is confirmed on your company's account, so there is nothing to pay by card.`,
    { label: 'Order number', value: order },
    ...details,
    { label: 'Invoice due', value: dueDay(b) },
    ...(link ? ['View and pay the invoice here:', { link, text: 'Open the invoice' }] : []),
    'We will let you know when the order ships.',
  ]);
}

/**
 * Whether the old Shipped action's shipment left part of the order to come (a backordered rest,
 * CONTRACT §14): some line has shipped less than its quantity. An order from before shipments
 * (no line counts what shipped) shipped whole.
 */
function shipsInPart(b: BookingDoc): boolean {
  const lines = orderLinesOf(b);
  return lines.some((l) => l.shippedQuantity !== undefined) && lines.some((l) => (l.shippedQuantity ?? 0) < l.quantity);
}

/** "Part of order FP-... has shipped": what shipped, and what waits (the backordered part with its day). */
function partShippedEmail(b: BookingDoc, order: string, greeting: string, po: Line[]): MailContent {
  const lines = orderLinesOf(b);
  const named = (l: (typeof lines)[number]) => `${l.name}${l.partNumber ? ` (${l.partNumber})` : ''}`;
  const shipped = lines.filter((l) => (l.shippedQuantity ?? 0) > 0);
  const waiting = lines.filter((l) => (l.shippedQuantity ?? 0) < l.quantity);
  const waits = (l: (typeof lines)[number]) => {
    const rest = l.quantity - (l.shippedQuantity ?? 0);
    const backordered = Math.min(rest, l.backorderedQuantity ?? 0);
    if (backordered === 0) return `${rest} x ${named(l)}`;
    const when = l.expectedOn ? `, expected ${l.expectedOn}` : '';
    return backordered === rest ? `${rest} x ${named(l)}: backordered${when}` : `${rest} x ${named(l)}: ${backordered} of them backordered${when}`;
  };
  return render(`Part of order ${order} has shipped`, greeting, [
    `Part of your order ${order} has shipped and is on its way; we will write again when the rest ships.`,
    { label: 'Order number', value: order },
    ...po,
    'Shipped now:',
    ...shipped.map((l) => `${l.shippedQuantity} x ${named(l)}`),
    'Still to come:',
    ...waiting.map(waits),
  ]);
}

/** The subject and body of `kind` for this booking. */
export function orderEmail(kind: MailKind, b: BookingDoc, ctx: MailContext): MailContent {
  const order = b.orderNumber || ctx.bookingId;
  const greeting = `Hello ${b.userName || b.email},`;
  const item = itemLines(b);
  const total = { label: 'Total', value: formatCents(b.totalCents) };
  const po = b.poNumber ? [{ label: 'Your PO number', value: b.poNumber }] : [];
  switch (kind) {
    case 'booked':
      // On account (decision 0058): queued once the invoice is finalized, so it carries its link.
      if (b.payment) return onAccountConfirmation(b, order, greeting, [...item, total, ...po]);
      return render(`Order ${order} received: ${formatCents(b.totalCents)} to pay`, greeting, [
        `Thank you for your order ${order}. We have reserved the items for you for ${ctx.holdHours} hours.`,
        { label: 'Order number', value: order },
        ...item,
        total,
        ...po,
        'Pay by card here:',
        { link: payLink(ctx.siteUrl, ctx.bookingId), text: 'Pay now' },
        `If the order is not paid within ${ctx.holdHours} hours, the reservation is released.`,
      ]);
    case 'paid':
      return render(`Payment received for order ${order}`, greeting, [
        `We have received your payment for order ${order}. We will let you know when it ships.`,
        { label: 'Order number', value: order },
        ...item,
        total,
        ...po,
        { label: 'Transaction id', value: b.transactionId ?? b.paymentIntentId ?? '' },
      ]);
    case 'shipped':
      if (shipsInPart(b)) return partShippedEmail(b, order, greeting, po);
      return render(`Order ${order} has shipped`, greeting, [`Your order ${order} is on its way.`, { label: 'Order number', value: order }, ...item, ...po]);
    case 'refunded':
      if (b.lateRefund) {
        return render(`Order ${order}: payment refunded, the items are no longer available`, greeting, [
          `Your payment for order ${order} arrived after its reservation had been released, and the items are no longer in stock, so we could not reserve them again. We have refunded the payment in full to the card you paid with; banks usually show it within 5 to 10 business days.`,
          { label: 'Order number', value: order },
          ...item,
          { label: 'Refunded', value: formatCents(b.totalCents) },
          ...po,
          { label: 'Transaction id', value: b.transactionId ?? b.paymentIntentId ?? '' },
          'You are welcome to order again from the shop.',
        ]);
      }
      return render(`Order ${order} refunded`, greeting, [
        `Order ${order} has been refunded in full to the card you paid with. Banks usually show it within 5 to 10 business days.`,
        { label: 'Order number', value: order },
        ...item,
        { label: 'Refunded', value: formatCents(b.totalCents) },
        ...po,
        { label: 'Transaction id', value: b.transactionId ?? b.paymentIntentId ?? '' },
      ]);
    case 'awaiting-approval':
    case 'approved':
    case 'declined':
      return approvalEmail(kind, b, ctx, 'buyer');
    case 'released':
      if (b.approval && b.approval.decision === null) {
        // It expired while waiting for a company admin (decision 0056), not while waiting for a card.
        return render(`Order ${order} expired: not approved in time`, greeting, [
          `Order ${order} was not approved by your company within ${ctx.holdHours} hours, so its reservation has been released and the items went back on sale. Nothing was charged.`,
          { label: 'Order number', value: order },
          ...item,
          total,
          ...po,
          'You are welcome to order again from the shop.',
        ]);
      }
      return render(`Order ${order} expired: reservation released`, greeting, [
        `Order ${order} was not paid within ${ctx.holdHours} hours, so its reservation has been released and the items went back on sale. Nothing was charged.`,
        { label: 'Order number', value: order },
        ...item,
        total,
        ...po,
        'You are welcome to order again from the shop.',
      ]);
  }
}

/**
 * The approval emails (CONTRACT §10, decision 0056), one per event, to the buyer (`buyer`) and to
 * each company admin (`admin`), naming the order number. The waiting email replaces the buyer's
 * 'booked' email (an order waiting for approval can not be paid yet, so it has no Pay link); the
 * approved one carries the Pay link and the restarted hold, or, for an order confirmed on account
 * (decision 0058), says its invoice follows: the on-account confirmation with the invoice's link is
 * the 'booked' email, queued once the invoice is issued.
 */
export function approvalEmail(kind: ApprovalMailKind, b: BookingDoc, ctx: MailContext, audience: 'buyer' | 'admin'): MailContent {
  const order = b.orderNumber || ctx.bookingId;
  const buyer = b.userName ? `${b.userName} (${b.email})` : b.email;
  const greeting = audience === 'buyer' ? `Hello ${b.userName || b.email},` : 'Hello,';
  const limit = b.approval ? formatCents(b.approval.spendingLimitCents) : '';
  const facts: Line[] = [
    { label: 'Order number', value: order },
    ...(audience === 'admin' ? [{ label: 'Buyer', value: buyer }] : []),
    ...itemLines(b),
    { label: 'Total', value: formatCents(b.totalCents) },
    ...(b.poNumber ? [{ label: 'PO number', value: b.poNumber }] : []),
  ];
  const decidedBy = b.approval?.decidedBy?.email ?? 'a company admin';
  const note = b.approval?.note ? [{ label: 'Note', value: b.approval.note }] : [];
  switch (kind) {
    case 'awaiting-approval':
      return audience === 'buyer'
        ? render(`Order ${order} is waiting for approval`, greeting, [
            `Thank you for your order ${order}. Its total is over your spending limit of ${limit}, so a company admin of yours approves it before it can be paid. We have reserved the items for ${ctx.holdHours} hours meanwhile, and we email you when they decide.`,
            ...facts,
          ])
        : render(`Order ${order} by ${b.email} needs your approval`, greeting, [
            `${buyer} placed order ${order}, which is over their spending limit of ${limit}. Approve or decline it in the shop within ${ctx.holdHours} hours, or its reservation is released.`,
            ...facts,
          ]);
    case 'approved':
      if (audience === 'buyer' && b.payment)
        return render(`Order ${order} approved: confirmed on account`, greeting, [
          `${decidedBy} approved your order ${order}. It is confirmed on your company's account, so there is nothing to pay by card; the invoice, with its link and due date, follows in a separate email.`,
          ...facts,
          ...note,
        ]);
      return audience === 'buyer'
        ? render(`Order ${order} approved: ${formatCents(b.totalCents)} to pay`, greeting, [
            `${decidedBy} approved your order ${order}. We have reserved the items for you for ${ctx.holdHours} hours from now.`,
            ...facts,
            ...note,
            'Pay by card here:',
            { link: payLink(ctx.siteUrl, ctx.bookingId), text: 'Pay now' },
            `If the order is not paid within ${ctx.holdHours} hours, the reservation is released.`,
          ])
        : render(`Order ${order} by ${b.email} approved`, greeting, [`${decidedBy} approved order ${order} of ${buyer}.`, ...facts, ...note]);
    case 'declined':
      return audience === 'buyer'
        ? render(`Order ${order} declined`, greeting, [
            `${decidedBy} declined your order ${order}, so it will not be charged or shipped and its items went back on sale.`,
            ...facts,
            ...note,
          ])
        : render(`Order ${order} by ${b.email} declined`, greeting, [`${decidedBy} declined order ${order} of ${buyer}.`, ...facts, ...note]);
  }
}

/** What a company invitation email says (CONTRACT §10): the company, the role, and how to join. */
export interface InvitationMailFacts {
  companyName: string;
  email: string;
  role: 'company-admin' | 'buyer';
  /** Cents per order, or null for none. */
  spendingLimitCents: number | null;
  siteUrl: string;
}

/**
 * The invitation to join a company: who invites, as what, and that signing in (or signing up) with
 * this very address, verified, is what joins (services/companies/companies.ts joinInvitedCompany).
 */
export function companyInvitationEmail(f: InvitationMailFacts): MailContent {
  const origin = f.siteUrl.replace(/\/+$/, '');
  const role = f.role === 'company-admin' ? 'a company admin (you manage its people and approve orders)' : 'a buyer (you order for the company)';
  const lines: Line[] = [
    `You have been invited to buy for ${f.companyName} on FridgeParts as ${role}.`,
    ...(f.spendingLimitCents === null ? [] : [{ label: 'Spending limit per order', value: formatCents(f.spendingLimitCents) }]),
    `To join, sign in with this email address (${f.email}), or sign up with it if you have no account yet, and verify the address with the link we send you. You join ${f.companyName} when you sign in with the verified address.`,
    { link: `${origin}/login`, text: 'Sign in' },
    { link: `${origin}/signup`, text: 'Sign up' },
  ];
  return render(`You are invited to buy for ${f.companyName} on FridgeParts`, 'Hello,', lines);
}

/** The parts of a backordered order that stock has now reached (decision 0080), and what still waits. */
export function backorderReadyEmail(
  b: BookingDoc,
  ready: readonly { name: string; partNumber: string | null; quantity: number; stillBackordered: number; expectedOn: string | null }[],
  ctx: MailContext,
): MailContent {
  const order = b.orderNumber || ctx.bookingId;
  const named = (l: (typeof ready)[number]) => `${l.name}${l.partNumber ? ` (${l.partNumber})` : ''}`;
  return render(`Order ${order}: backordered parts are ready`, `Hello ${b.userName || b.email},`, [
    `Stock has arrived for your order ${order}. These backordered parts are now ready:`,
    ...ready.map(
      (l) =>
        `${l.quantity} x ${named(l)}${l.stillBackordered > 0 ? `; ${l.stillBackordered} still backordered${l.expectedOn ? `, expected ${l.expectedOn}` : ''}` : ''}`,
    ),
    { label: 'Order number', value: order },
    b.shipComplete ? 'You asked us to ship the order complete: it ships once every line is ready.' : 'We ship what is ready.',
  ]);
}

/**
 * Core deposits kept (decision 0088): the cores of these lines were not returned by their day, so
 * their deposit is kept; each line with its cores, the day they were due and the deposit kept.
 */
export function coresKeptEmail(
  b: BookingDoc,
  kept: readonly { name: string; partNumber: string | null; units: number; depositCents: number; dueOn: Date }[],
  ctx: MailContext,
): MailContent {
  const order = b.orderNumber || ctx.bookingId;
  const total = kept.reduce((sum, l) => sum + l.depositCents, 0);
  const named = (l: (typeof kept)[number]) => `${l.name}${l.partNumber ? ` (${l.partNumber})` : ''}`;
  return render(`Core deposit kept: order ${order}`, `Hello ${b.userName || b.email},`, [
    `The cores of your order ${order} listed below were not returned by the day they were due, so their refundable core deposit is kept and they can no longer be returned for it.`,
    ...kept.map((l) => `${l.units} ${l.units === 1 ? 'core' : 'cores'} of ${named(l)}, due back by ${returnDay(l.dueOn)}: ${formatCents(l.depositCents)} kept`),
    { label: 'Order number', value: order },
    { label: 'Core deposit kept', value: formatCents(total) },
  ]);
}

/** The facts of a certificate's expiry reminder (decision 0084). */
export interface ExemptionExpiryFacts {
  companyName: string;
  shipToLabel: string;
  /** "Resale certificate 12-345 (TX)". */
  words: string;
  /** "Nov 1, 2026". */
  expiresOnWords: string;
  siteUrl: string;
}

/** A ship-to's tax exemption certificate expires within 30 days: upload the renewed one. */
export function exemptionExpiryEmail(f: ExemptionExpiryFacts): MailContent {
  const origin = f.siteUrl.replace(/\/+$/, '');
  return render(`Your tax certificate for ${f.shipToLabel} expires on ${f.expiresOnWords}`, 'Hello,', [
    `${f.words} of ${f.companyName}, for the ship-to ${f.shipToLabel}, expires on ${f.expiresOnWords}.`,
    'After that day, orders to that ship-to are charged sales tax again. Upload the renewed certificate on your company page so the shop can approve it in time.',
    { link: `${origin}/dashboard/company`, text: 'My company' },
  ]);
}

/** The same reminder to the shop's admins, who approve the renewal (CONTRACT §15). */
export function exemptionExpiryShopEmail(f: ExemptionExpiryFacts): MailContent {
  const origin = f.siteUrl.replace(/\/+$/, '');
  return render(`A tax certificate of ${f.companyName} expires on ${f.expiresOnWords}`, 'Hello,', [
    `${f.words} of ${f.companyName}, for the ship-to ${f.shipToLabel}, expires on ${f.expiresOnWords}. The company's admins have been reminded to upload a renewal.`,
    'After that day, orders to that ship-to are charged sales tax again until a renewed certificate is approved.',
    { link: `${origin}/dashboard/exemptions`, text: 'Tax exemptions' },
  ]);
}
