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
> &
  Pick<ReturnDoc, 'warranty'>;

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
  closed: (r) => `Warranty claim ${r.rmaNumber}: failed part received`,
  charged: (r) => `Warranty claim ${r.rmaNumber}: the failed part did not arrive, the replacement is charged`,
};

/** A warranty claim's approval (decision 0087): the replacement's order number, the address and the day the failed part is due. */
function warrantyApproved(r: ReturnFacts, head: Line[], orderLink: Line): Line[] {
  const w = r.warranty!;
  return [
    `Your warranty claim ${r.rmaNumber} is approved. We are sending a replacement at no charge: order ${w.replacementOrderNumber ?? '-'}.`,
    `Please send the failed part, with the RMA number on the box or the RMA slip inside, by ${w.failedPartDueOn ?? '-'} to:`,
    RETURNS_ADDRESS,
    ...head,
    { label: 'Replacement order', value: w.replacementOrderNumber ?? '-' },
    { label: 'Failed part due by', value: w.failedPartDueOn ?? '-' },
    ...r.lines.map(lineText),
    `If the failed part has not arrived by then, the replacement is charged at the original prices.`,
    orderLink,
  ];
}

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
      if (r.warranty) return warrantyApproved(r, head, orderLink);
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
    case 'closed':
      return [
        `The failed part of your warranty claim ${r.rmaNumber} has arrived. Your claim is closed; nothing is charged.`,
        ...head,
        ...r.lines.map(receivedText),
        orderLink,
      ];
    case 'charged': {
      const c = r.warranty?.charged;
      return [
        c?.method === 'invoice'
          ? `The failed part of your warranty claim ${r.rmaNumber} did not arrive by ${r.warranty?.failedPartDueOn ?? '-'}, so the replacement order ${r.warranty?.replacementOrderNumber ?? '-'} is invoiced to your company's account.`
          : `The failed part of your warranty claim ${r.rmaNumber} did not arrive by ${r.warranty?.failedPartDueOn ?? '-'}, so the replacement order ${r.warranty?.replacementOrderNumber ?? '-'} is now to be paid: pay it from its order page.`,
        ...head,
        ...(c ? [{ label: 'Amount', value: formatCents(c.amountCents) }] : []),
        ...(r.warranty?.replacementBookingId
          ? [
              {
                link: `${siteUrl.replace(/\/+$/, '')}/dashboard/order/${encodeURIComponent(r.warranty.replacementBookingId)}`,
                text: 'See the replacement order',
              },
            ]
          : []),
      ];
    }
  }
}

/** The email of a return's `step`. */
export function returnEmail(step: ReturnMailStep, r: ReturnFacts, siteUrl: string): MailContent {
  return render(SUBJECTS[step](r), `Hello ${r.buyerName || r.buyerEmail},`, body(step, r, siteUrl));
}
