import type { ReturnMailStep } from '@fridgeparts/common/documents/mail';
import type { ReturnDoc } from '@fridgeparts/common/documents/returns';
import { formatCents } from '@fridgeparts/common/money';
import { RETURN_REASON_LABELS, RETURNS_ADDRESS } from '@fridgeparts/common/returns/returns';
import { render, type Line, type MailContent } from './mail-templates';

/**
 * A return's emails to the order's buyer (CONTRACT §16, decision 0086): one per step (requested,
 * approved with the RMA number and the address, declined with the reason, received with the
 * counts, refunded with the amounts). Pure text, rendered when queued (mail-outbox.ts
 * queueReturnEmail), in the transaction that makes the step.
 */

type ReturnFacts = Pick<
  ReturnDoc,
  'rmaNumber' | 'orderNumber' | 'bookingId' | 'buyerName' | 'buyerEmail' | 'lines' | 'restockingFeePercent' | 'declineReason' | 'refund'
>;

const lineText = (l: ReturnDoc['lines'][number]) =>
  `${l.quantity} x ${l.name}${l.partNumber ? ` (${l.partNumber})` : ''}: ${RETURN_REASON_LABELS[l.reason]}${l.note ? ` ("${l.note}")` : ''}`;

const receivedText = (l: ReturnDoc['lines'][number]) =>
  `${l.name}${l.partNumber ? ` (${l.partNumber})` : ''}: ${l.resaleableQuantity + l.damagedQuantity} of ${l.quantity} received` +
  (l.damagedQuantity > 0 ? ` (${l.damagedQuantity} damaged)` : '');

const SUBJECTS: Record<ReturnMailStep, (r: ReturnFacts) => string> = {
  requested: (r) => `Return ${r.rmaNumber} requested for order ${r.orderNumber}`,
  approved: (r) => `Return ${r.rmaNumber} approved: send the parts back`,
  declined: (r) => `Return ${r.rmaNumber} declined`,
  received: (r) => `Return ${r.rmaNumber} received`,
  refunded: (r) => `Return ${r.rmaNumber} refunded`,
};

function body(step: ReturnMailStep, r: ReturnFacts, siteUrl: string): Line[] {
  const head: Line[] = [
    { label: 'RMA number', value: r.rmaNumber },
    { label: 'Order number', value: r.orderNumber },
  ];
  const orderLink: Line = { link: `${siteUrl.replace(/\/+$/, '')}/dashboard/order/${encodeURIComponent(r.bookingId)}`, text: 'See the order and its returns' };
  switch (step) {
    case 'requested':
      return [
        `We have your return request ${r.rmaNumber}. We will check it and write again once it is approved.`,
        ...head,
        ...r.lines.map(lineText),
        orderLink,
      ];
    case 'approved':
      return [
        `Your return ${r.rmaNumber} is approved. Please send the parts, with the RMA number on the box or the RMA slip inside, to:`,
        RETURNS_ADDRESS,
        ...head,
        ...r.lines.map(lineText),
        ...(r.restockingFeePercent ? [{ label: 'Restocking fee', value: `${r.restockingFeePercent}%` }] : []),
        orderLink,
      ];
    case 'declined':
      return [`We could not accept your return ${r.rmaNumber}.`, ...head, { label: 'Reason', value: r.declineReason ?? '-' }, orderLink];
    case 'received':
      return [`The parts of your return ${r.rmaNumber} have arrived. We will refund them shortly.`, ...head, ...r.lines.map(receivedText), orderLink];
    case 'refunded': {
      const f = r.refund;
      return [
        f?.method === 'credit-note'
          ? `Your return ${r.rmaNumber} is credited to your company's invoice.`
          : `Your return ${r.rmaNumber} is refunded to the card you paid with.`,
        ...head,
        ...(f
          ? [
              { label: 'Parts', value: formatCents(f.partsCents) },
              ...(f.feeCents > 0 ? [{ label: 'Restocking fee', value: `-${formatCents(f.feeCents)}` }] : []),
              ...(f.shippingCents > 0 ? [{ label: 'Shipping', value: formatCents(f.shippingCents) }] : []),
              ...(f.taxCents > 0 ? [{ label: 'Tax', value: formatCents(f.taxCents) }] : []),
              { label: 'Total', value: formatCents(f.totalCents) },
            ]
          : []),
        orderLink,
      ];
    }
  }
}

/** The email of a return's `step`. */
export function returnEmail(step: ReturnMailStep, r: ReturnFacts, siteUrl: string): MailContent {
  return render(SUBJECTS[step](r), `Hello ${r.buyerName || r.buyerEmail},`, body(step, r, siteUrl));
}
