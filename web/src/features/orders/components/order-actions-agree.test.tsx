import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { BOOKING_STATES, type BookingState } from '@fridgeparts/common/constants';
import { canCancel, canPay, canRefund, canShip, canVoidInvoice } from '@fridgeparts/common/order-actions';
import { LIFECYCLE, statesFor } from '@fridgeparts/common/order-lifecycle';
import { fakeApi, page } from '../../../test-support/fake-api';
import { bookingFixture } from '../../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../../test-support/signed-in';

/**
 * Issue 44's "All Orders and My Orders agree on every order's actions": for every state of the
 * lifecycle (common/order-lifecycle.ts), paid by card, on account or neither, each table offers
 * exactly the actions common/order-actions.ts allows, and nothing the server would refuse.
 */

const api = fakeApi();
const { AllOrdersTable } = await import('./all-orders-table');
const { MyOrdersTable } = await import('./my-orders-table');

/** States whose order has been paid (the seed's legacy `paid` flag goes with them). */
const PAID: readonly BookingState[] = ['paid', 'shipped', 'partially-shipped', 'delivered', 'returned', 'refunded'];

type Payment = 'card' | 'account' | 'none';

/** One order in `state`: paid by card (a recorded transaction), on account (an open invoice), or with neither. */
function orderIn(state: BookingState, payment: Payment): Booking {
  return bookingFixture({
    _id: `${state}-${payment}`,
    orderNumber: `FP-${state}-${payment}`,
    state,
    paid: PAID.includes(state),
    status: state === 'shipped' || state === 'delivered' || state === 'returned' ? 'shipped' : null,
    transactionId: payment === 'card' ? `pi_${state}` : null,
    companyId: payment === 'account' ? 'c1' : null,
    payment:
      payment === 'account'
        ? { method: 'invoice', invoiceId: 'in_1', number: 'NW-0001', hostedInvoiceUrl: 'https://invoice.test/in_1', dueDate: null, status: 'open' }
        : null,
  });
}

const ORDERS = BOOKING_STATES.flatMap((state) => (['card', 'account', 'none'] as const).map((payment) => orderIn(state, payment)));

/** What a row offers, by each action's accessible name; any other button or link of the row is named in `other`. */
interface Offered {
  cancel: boolean;
  pay: boolean;
  ship: boolean;
  refund: boolean;
  voidInvoice: boolean;
  other: string[];
}

const ACTION_NAMES: [keyof Omit<Offered, 'other'>, RegExp][] = [
  ['cancel', /^Cancel (order|booking) of /],
  ['pay', /^Pay for /],
  ['ship', /^(UnPaid|Pending|Ship|Ship rest): mark /],
  ['refund', /^Refund /],
  ['voidInvoice', /^Void invoice of order /],
];

/** Not actions on the order's state: its PDF, its page, its invoice, and Reorder (which My Orders' page passes in). */
const NOT_ACTIONS = [/PDF/, /^Order .*: open its page$/, /^Invoice of order /];

function offeredBy(row: HTMLElement): Offered {
  const controls = [...within(row).queryAllByRole('button'), ...within(row).queryAllByRole('link')];
  const names = controls.map((c) => c.getAttribute('aria-label') ?? c.textContent ?? '');
  const offered: Offered = { cancel: false, pay: false, ship: false, refund: false, voidInvoice: false, other: [] };
  for (const name of names) {
    const action = ACTION_NAMES.find(([, pattern]) => pattern.test(name));
    if (action) offered[action[0]] = true;
    else if (!NOT_ACTIONS.some((pattern) => pattern.test(name))) offered.other.push(name);
  }
  return offered;
}

/** Each row of the table, by its order's id (the rows are in the order the API answered). */
async function offeredRows(testId: string): Promise<Map<string, Offered>> {
  const rows = await screen.findAllByTestId(testId);
  expect(rows).toHaveLength(ORDERS.length);
  return new Map(rows.map((row, i) => [ORDERS[i]!._id, offeredBy(row)]));
}

/** What each row of Manage All Orders offers (GET /bookingOrder answers every order). */
async function allOrdersOffer(): Promise<Map<string, Offered>> {
  api.on('GET', API.filteredOrders({}), page(ORDERS));
  await renderSignedIn(<AllOrdersTable />);
  return offeredRows('order-row');
}

/** What each row of My Orders offers (the buyer's GET /booking answers every order). */
async function myOrdersOffer(): Promise<Map<string, Offered>> {
  api.on('GET', API.myBookings(CASEY.email), page(ORDERS));
  await renderSignedIn(<MyOrdersTable />);
  return offeredRows('booking-row');
}

/** Every order's row offers exactly what `allowed` says of it, and no other action. */
function expectOffers(rows: Map<string, Offered>, allowed: (order: Booking) => Omit<Offered, 'other'>) {
  for (const order of ORDERS) expect({ order: order._id, ...rows.get(order._id) }).toEqual({ order: order._id, ...allowed(order), other: [] });
}

describe('All Orders and My Orders offer what common/order-actions.ts allows, in every state of the lifecycle', () => {
  afterEach(cleanup);

  it('the orders cover every state the lifecycle names, each paid by card, on account and neither', () => {
    const named = new Set(Object.values(LIFECYCLE).flatMap((row) => Object.keys(row)));
    named.delete('new');
    expect([...named].filter((s) => !(BOOKING_STATES as readonly string[]).includes(s))).toEqual([]);
    expect(new Set(ORDERS.map((o) => o.state))).toEqual(new Set(BOOKING_STATES));
  });

  it('All Orders: Cancel, Ship, Refund and Void invoice exactly where the predicates allow them, and no Pay', async () => {
    expectOffers(await allOrdersOffer(), (order) => ({
      cancel: canCancel(order),
      pay: false,
      ship: canShip(order),
      refund: canRefund(order),
      voidInvoice: canVoidInvoice(order),
    }));
  });

  it('My Orders: Pay and Cancel exactly where the predicates allow them, and none of the shop admin’s actions', async () => {
    expectOffers(await myOrdersOffer(), (order) => ({ cancel: canCancel(order), pay: canPay(order), ship: false, refund: false, voidInvoice: false }));
  });

  it('so the two tables agree on Cancel, the one action both offer, order by order', async () => {
    const all = await allOrdersOffer();
    cleanup();
    const mine = await myOrdersOffer();
    const cancelled = (rows: Map<string, Offered>) => ORDERS.filter((o) => rows.get(o._id)!.cancel).map((o) => o._id);
    expect(cancelled(mine)).toEqual(cancelled(all));
    // Not agreeing on nothing: every state the lifecycle lets be cancelled is offered it in both.
    expect(new Set(ORDERS.filter((o) => all.get(o._id)!.cancel).map((o) => o.state))).toEqual(new Set(statesFor('cancel')));
  });
});
