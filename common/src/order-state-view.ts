import type { BookingState } from './constants';

/** How a state reads in a chip: done, take note, in the shop's colour, or plain (the web's ChipTone). */
export type StateTone = 'success' | 'warning' | 'primary' | 'plain';

export interface StateView {
  label: string;
  tone: StateTone;
}

/**
 * The one name and look of each order state (decision 0070), for every screen that shows one: My
 * Orders, Manage All Orders and its state filter, the order page, the company's orders and the
 * approvals. The words are the order page's, which the browser tests pin ("Released" for an
 * expired order, CONTRACT §8's "reservation released"). Zod-free.
 */
const VIEWS: Record<BookingState, StateView> = {
  reserved: { label: 'Reserved, not paid', tone: 'plain' },
  paid: { label: 'Paid', tone: 'success' },
  shipped: { label: 'Shipped', tone: 'primary' },
  refunded: { label: 'Refunded', tone: 'warning' },
  expired: { label: 'Released', tone: 'plain' },
  'awaiting-approval': { label: 'Waiting for approval', tone: 'warning' },
  declined: { label: 'Declined', tone: 'plain' },
  confirmed: { label: 'Confirmed, on account', tone: 'primary' },
  'partially-shipped': { label: 'Partially shipped', tone: 'primary' },
  delivered: { label: 'Delivered', tone: 'success' },
  returned: { label: 'Returned', tone: 'warning' },
};

export function stateView(state: BookingState): StateView {
  return VIEWS[state];
}
