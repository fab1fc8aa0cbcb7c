import type { ChipTone } from '../../../components/chip';
import { dateFormat, SHOP_LOCALE } from '../../../lib/domain/date-format';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { RETURN_REASON_LABELS, RETURN_STATE_LABELS, type ReturnReason, type ReturnState } from '@fridgeparts/common/returns/returns';

/** Each state's chip: its words are common's (the emails' and the slip's), its tone the page's. */
const STATE_TONES: Record<ReturnState, ChipTone> = {
  requested: 'plain',
  approved: 'primary',
  declined: 'warning',
  received: 'primary',
  refunded: 'success',
  closed: 'success',
};
export const returnStateView = (state: ReturnState): { label: string; tone: ChipTone } => ({ label: RETURN_STATE_LABELS[state], tone: STATE_TONES[state] });

/** The sentence under a core return (decision 0088): the old units go back for their deposit. */
function coreStepText(r: Pick<Return, 'state' | 'refund'>): string | null {
  switch (r.state) {
    case 'requested':
      return 'We review your request and email you when it is approved, with the address to send the old units (cores) to.';
    case 'approved':
      return 'Approved: print the RMA slip, put it in the box with the old units and send them to the address below. The deposit comes back once they pass inspection.';
    case 'received':
      return 'The cores arrived and were inspected; the deposit refund is on its way.';
    case 'refunded':
      return r.refund?.method === 'credit-note'
        ? 'Deposit refunded as a credit note on the order’s invoice.'
        : 'Deposit refunded to the card the order was paid with.';
    default:
      return null;
  }
}

/** The sentence under a return on the order page: what happens next, from where it stands. */
export function nextStepText(r: Pick<Return, 'state' | 'declineReason' | 'refund'> & Partial<Pick<Return, 'lines'>>): string {
  const core = r.lines?.length && r.lines.every((l) => l.reason === 'core') ? coreStepText(r) : null;
  if (core) return core;
  switch (r.state) {
    case 'requested':
      return 'We review your request and email you when it is approved, with the address to send the parts to.';
    case 'approved':
      return 'Approved: print the RMA slip, put it in the box with the parts and send them to the address below. The refund follows once they arrive.';
    case 'declined':
      return r.declineReason ? `Declined: “${r.declineReason}”` : 'Declined.';
    case 'received':
      return 'The parts arrived and were checked; the refund is on its way.';
    case 'refunded':
      return r.refund?.method === 'credit-note' ? 'Refunded as a credit note on the order’s invoice.' : 'Refunded to the card the order was paid with.';
    case 'closed':
      return 'The failed part arrived: the warranty claim is closed, with nothing to pay.';
  }
}

const untilFormat = dateFormat(SHOP_LOCALE, { month: 'short', day: 'numeric' });

/** "Dec 3": the last day a reason's window is open, in the reader's time zone. */
export function untilText(iso: string): string {
  const d = new Date(iso);
  return Number.isFinite(d.getTime()) ? untilFormat.format(d) : iso;
}

/** "Wrong part (until Dec 3)": a reason as the Return dialog offers it. */
export function reasonOptionText(reason: ReturnReason, until: string): string {
  return `${RETURN_REASON_LABELS[reason]} (until ${untilText(until)})`;
}

/** The units of a return: 3 lines of 2, 1 and 4 are 7. */
export const unitsOf = (r: Pick<Return, 'lines'>): number => r.lines.reduce((n, l) => n + l.quantity, 0);
