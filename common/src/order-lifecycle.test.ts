import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BOOKING_STATES, type BookingState } from './constants';
import {
  everyLineShipped,
  fulfilmentOf,
  shipmentEvent,
  shipmentState,
  lineQuantitiesOf,
  ORDER_ACTORS,
  ORDER_EVENTS,
  placeEvent,
  transition,
  type OrderActor,
  type OrderEvent,
  type Transition,
} from './order-lifecycle';

const AT = 'now';
const EARLIER = 'earlier';

/** Every cell of the table, written out: [event, from, to, who, stock]. A state not listed refuses. */
const EXPECTED: [OrderEvent, BookingState | null, BookingState | 'cancelled', OrderActor[], string | null][] = [
  ['place', null, 'reserved', ['buyer'], 'reserve'],
  ['place-for-approval', null, 'awaiting-approval', ['buyer'], 'reserve'],
  ['place-on-account', null, 'confirmed', ['buyer'], 'reserve'],
  ['place-replacement', null, 'paid', ['shop-admin'], 'reserve'],
  ['approve', 'awaiting-approval', 'reserved', ['company-admin'], null],
  ['approve-on-account', 'awaiting-approval', 'confirmed', ['company-admin'], null],
  ['decline', 'awaiting-approval', 'declined', ['company-admin'], 'return'],
  ['pay', 'reserved', 'paid', ['buyer', 'system'], null],
  ['pay', 'awaiting-approval', 'paid', ['buyer', 'system'], null],
  ['pay', 'confirmed', 'paid', ['buyer', 'system'], null],
  ['pay', 'expired', 'paid', ['buyer', 'system'], 'take'],
  ['pay', 'declined', 'paid', ['buyer', 'system'], 'take'],
  ['late-pay-refunded', 'expired', 'refunded', ['buyer', 'system'], null],
  ['late-pay-refunded', 'declined', 'refunded', ['buyer', 'system'], null],
  ['invoice-paid', 'confirmed', 'paid', ['system'], null],
  ['invoice-paid', 'shipped', 'shipped', ['system'], null],
  ['invoice-paid', 'partially-shipped', 'partially-shipped', ['system'], null],
  ['invoice-paid', 'delivered', 'delivered', ['system'], null],
  ['invoice-paid', 'returned', 'returned', ['system'], null],
  ['invoice-voided', 'confirmed', 'expired', ['shop-admin', 'system'], 'return'],
  ['invoice-voided', 'shipped', 'shipped', ['system'], null],
  ['invoice-voided', 'partially-shipped', 'partially-shipped', ['system'], null],
  ['invoice-voided', 'delivered', 'delivered', ['system'], null],
  ['invoice-voided', 'returned', 'returned', ['system'], null],
  ['cancel', 'reserved', 'cancelled', ['buyer', 'shop-admin'], 'return'],
  ['cancel', 'awaiting-approval', 'cancelled', ['buyer', 'shop-admin'], 'return'],
  ['expire', 'reserved', 'expired', ['system'], 'return'],
  ['expire', 'awaiting-approval', 'expired', ['system'], 'return'],
  ['ship', 'paid', 'shipped', ['shop-admin'], null],
  ['ship', 'confirmed', 'shipped', ['shop-admin'], null],
  ['ship', 'partially-shipped', 'shipped', ['shop-admin'], null],
  ['ship-part', 'paid', 'partially-shipped', ['shop-admin'], null],
  ['ship-part', 'confirmed', 'partially-shipped', ['shop-admin'], null],
  ['ship-part', 'partially-shipped', 'partially-shipped', ['shop-admin'], null],
  ['deliver', 'shipped', 'delivered', ['shop-admin'], null],
  ['return', 'shipped', 'returned', ['shop-admin'], null],
  ['return', 'delivered', 'returned', ['shop-admin'], null],
  ['refund', 'partially-shipped', 'refunded', ['system'], null],
  ['refund', 'delivered', 'refunded', ['system'], null],
  ['refund', 'paid', 'refunded', ['shop-admin', 'system'], 'return'],
  ['refund', 'reserved', 'refunded', ['system'], 'return'],
  ['refund', 'shipped', 'refunded', ['system'], null],
  ['refund', 'expired', 'refunded', ['system'], null],
  ['refund', 'awaiting-approval', 'refunded', ['system'], 'return'],
  ['refund', 'declined', 'refunded', ['system'], null],
  ['refund', 'confirmed', 'refunded', ['system'], 'return'],
  ['charge-on-account', 'paid', 'confirmed', ['system'], null],
  ['charge-on-account', 'partially-shipped', 'partially-shipped', ['system'], null],
  ['charge-on-account', 'shipped', 'shipped', ['system'], null],
  ['charge-on-account', 'delivered', 'delivered', ['system'], null],
  ['charge-on-account', 'returned', 'returned', ['system'], null],
];

/** Where an event has already taken effect: a repeat is `already`, not a refusal of a wrong move. */
const ALREADY: [OrderEvent, BookingState[]][] = [
  ['pay', ['paid', 'shipped', 'refunded', 'partially-shipped', 'delivered', 'returned']],
  ['late-pay-refunded', ['paid', 'shipped', 'refunded', 'partially-shipped', 'delivered', 'returned']],
  ['ship', ['shipped', 'delivered', 'returned']],
  ['deliver', ['delivered']],
  ['return', ['returned']],
  ['refund', ['refunded']],
  ['invoice-paid', ['paid']],
  ['invoice-voided', ['expired']],
  ['charge-on-account', ['confirmed']],
];

const FROM_STATES: (BookingState | null)[] = [null, ...BOOKING_STATES];

describe('the order lifecycle table, every state x event x actor', () => {
  for (const event of ORDER_EVENTS) {
    for (const from of FROM_STATES) {
      const cell = EXPECTED.find(([e, f]) => e === event && f === from);
      const already = ALREADY.find(([e]) => e === event)?.[1].includes(from as BookingState) ?? false;
      it(`${event} from ${from ?? 'nothing'}: ${cell ? `${cell[2]} by ${cell[3].join(', ')}` : already ? 'already done' : 'refused'}`, () => {
        for (const actor of ORDER_ACTORS) {
          const t = transition({ state: from }, event, actor, AT);
          if (!cell) {
            expect(t).toEqual({ ok: false, from, reason: already ? 'already' : 'not-allowed' });
          } else if (!cell[3].includes(actor)) {
            expect(t).toEqual({ ok: false, from, reason: 'not-yours' });
          } else {
            expect(t).toMatchObject({ ok: true, from, to: cell[2], stock: cell[4], removes: cell[2] === 'cancelled' });
          }
        }
      });
    }
  }
});

const moved = (t: Transition<string>) => {
  if (!t.ok) throw new Error(`refused: ${t.reason}`);
  return t.set;
};

describe('what each move sets', () => {
  it('places with the state only (the reserved document carries paid false, status null)', () => {
    expect(moved(transition({ state: null }, 'place', 'buyer', AT))).toEqual({ state: 'reserved' });
    expect(moved(transition({ state: null }, 'place-on-account', 'buyer', AT))).toEqual({ state: 'confirmed' });
  });
  it('a warranty replacement is born paid, owing nothing', () => {
    expect(moved(transition({ state: null }, 'place-replacement', 'shop-admin', AT))).toEqual({ state: 'paid', paid: true, paidAt: AT });
  });
  it('pay and invoice-paid set paid and paidAt; a shipped order on account stays shipped', () => {
    expect(moved(transition({ state: 'reserved' }, 'pay', 'buyer', AT))).toEqual({ state: 'paid', paid: true, paidAt: AT });
    expect(moved(transition({ state: 'shipped' }, 'invoice-paid', 'system', AT))).toEqual({ state: 'shipped', paid: true, paidAt: AT });
  });
  it('a warranty replacement charged on account owes again: unshipped it is confirmed, and invoice-paid then pays it', () => {
    const owed = moved(transition({ state: 'paid', paidAt: EARLIER }, 'charge-on-account', 'system', AT));
    expect(owed).toEqual({ state: 'confirmed', paid: false, paidAt: null });
    expect(moved(transition({ state: owed!.state }, 'invoice-paid', 'system', AT))).toEqual({ state: 'paid', paid: true, paidAt: AT });
    expect(moved(transition({ state: 'shipped', paidAt: EARLIER }, 'charge-on-account', 'system', AT))).toEqual({
      state: 'shipped',
      paid: false,
      paidAt: null,
    });
  });
  it('ship sets the legacy status and shippedAt', () => {
    expect(moved(transition({ state: 'confirmed' }, 'ship', 'shop-admin', AT))).toEqual({ state: 'shipped', status: 'shipped', shippedAt: AT });
  });
  it('expire and void stamp expiredAt', () => {
    expect(moved(transition({ state: 'reserved' }, 'expire', 'system', AT))).toEqual({ state: 'expired', expiredAt: AT });
    expect(moved(transition({ state: 'confirmed' }, 'invoice-voided', 'shop-admin', AT))).toEqual({ state: 'expired', expiredAt: AT });
  });
  it('refund keeps a recorded payment time, else stamps it', () => {
    expect(moved(transition({ state: 'paid', paidAt: EARLIER }, 'refund', 'shop-admin', AT))).toEqual({
      state: 'refunded',
      paid: true,
      refundedAt: AT,
      paidAt: EARLIER,
    });
    expect(moved(transition({ state: 'reserved' }, 'refund', 'system', AT))).toMatchObject({ paidAt: AT });
  });
  it('a late payment whose stock is gone is paid and refunded at once', () => {
    expect(moved(transition({ state: 'expired' }, 'late-pay-refunded', 'system', AT))).toEqual({
      state: 'refunded',
      paid: true,
      paidAt: AT,
      refundedAt: AT,
    });
  });
  it('cancel deletes the order', () => {
    expect(transition({ state: 'reserved' }, 'cancel', 'buyer', AT)).toEqual({
      ok: true,
      from: 'reserved',
      to: 'cancelled',
      set: null,
      stock: 'return',
      removes: true,
    });
  });
  it('a new order starts where its company puts it', () => {
    expect(placeEvent({ waits: true, onAccount: true })).toBe('place-for-approval');
    expect(placeEvent({ waits: false, onAccount: true })).toBe('place-on-account');
    expect(placeEvent({ waits: false, onAccount: false })).toBe('place');
  });
});

describe('fulfilment from the lines', () => {
  const line = (quantity: number, shippedQuantity = 0, returnedQuantity = 0) => ({ quantity, shippedQuantity, returnedQuantity });
  it('follows the running quantities', () => {
    expect(fulfilmentOf([line(2), line(3)])).toBe('unshipped');
    expect(fulfilmentOf([line(2, 2), line(3)])).toBe('partially-shipped');
    expect(fulfilmentOf([line(2, 2), line(3, 3)])).toBe('shipped');
    expect(fulfilmentOf([line(2, 2, 1), line(3, 3)])).toBe('partially-returned');
    expect(fulfilmentOf([line(2, 2, 2), line(3, 3, 3)])).toBe('returned');
  });
  it('defaults a stored line without them: 0, or all shipped for an order shipped before they were kept', () => {
    expect(lineQuantitiesOf({ quantity: 4 }, 'paid')).toEqual({
      quantity: 4,
      shippedQuantity: 0,
      returnedQuantity: 0,
      returnOpenQuantity: 0,
      backorderedQuantity: 0,
    });
    expect(lineQuantitiesOf({ quantity: 4 }, 'shipped')).toMatchObject({ shippedQuantity: 4 });
    expect(lineQuantitiesOf({ quantity: 4, shippedQuantity: 1 }, 'shipped')).toMatchObject({ shippedQuantity: 1 });
  });
});

/**
 * A model of one order of `QTY` units and `CENTS` money: whatever sequence of events and actors
 * arrives (refused ones change nothing), the stock is held from placing until it is returned once
 * or shipped, never returned after shipping, and money paid is either kept or refunded, never both.
 */
describe('any sequence of events keeps stock and money whole (property)', () => {
  const QTY = 5;
  it('holds for every sequence', () => {
    const step = fc.record({ event: fc.constantFrom(...ORDER_EVENTS), actor: fc.constantFrom(...ORDER_ACTORS) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let state: BookingState | null = null;
        let removed = false;
        let onShelf = 100;
        let held = 0;
        let shippedOut = 0;
        let returns = 0;
        let holds = 0;
        let moneyIn = false;
        let moneyBack = false;
        for (const { event, actor } of steps) {
          if (removed) break;
          const t = transition({ state }, event, actor, AT);
          if (!t.ok) continue;
          if (t.stock === 'reserve') {
            expect(held).toBe(0);
            onShelf -= QTY;
            held = QTY;
            holds++;
          } else if (t.stock === 'return') {
            expect(held).toBe(QTY);
            expect(shippedOut).toBe(0);
            onShelf += QTY;
            held = 0;
            returns++;
          } else if (t.stock === 'take') {
            expect(held).toBe(0);
            onShelf -= QTY;
            held = QTY;
            holds++;
          }
          // The model is coarse about partial shipments: the first box takes the order's units off
          // the shelf's books (packed or gone); the rest of the moves only follow.
          if ((t.to === 'shipped' || t.to === 'partially-shipped') && (state === 'paid' || state === 'confirmed')) {
            expect(held).toBe(QTY);
            held = 0;
            shippedOut = QTY;
          }
          // A warranty replacement is settled at birth: it owes $0, so it counts as paid in full.
          if (event === 'pay' || event === 'invoice-paid' || event === 'late-pay-refunded' || event === 'place-replacement') {
            expect(moneyBack).toBe(false);
            moneyIn = true;
          }
          if (t.to === 'refunded') {
            expect(moneyBack).toBe(false);
            moneyIn = true;
            moneyBack = true;
          }
          if (t.removes) removed = true;
          else state = t.to as BookingState;
          // Every unit is on the shelf, held by this order, or shipped: none made, none lost.
          expect(onShelf + held + shippedOut).toBe(100);
          // Held exactly while the order still claims it.
          const claims = ['reserved', 'awaiting-approval', 'confirmed', 'paid'].includes(state ?? '') && !removed;
          expect(held).toBe(claims ? QTY : 0);
          // Money paid is kept (paid, shipped) or refunded (refunded), never both.
          if (state === 'refunded') expect(moneyBack && moneyIn).toBe(true);
          if (state === 'paid') expect(moneyIn && !moneyBack).toBe(true);
        }
        // Stock comes back once per hold at most (a late payment takes it again), never after shipping.
        expect(returns).toBeLessThanOrEqual(holds);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('where shipments leave an order (decision 0079)', () => {
  const line = (quantity: number, shippedQuantity: number) => ({ quantity, shippedQuantity });
  it('is the state before while nothing has shipped', () => {
    expect(shipmentState('paid', [line(3, 0), line(2, 0)], [])).toBe('paid');
    expect(shipmentState('confirmed', [line(3, 0)], [])).toBe('confirmed');
  });
  it('is partially shipped while some line has units left', () => {
    expect(shipmentState('paid', [line(3, 3), line(2, 1)], [{ deliveredAt: null }])).toBe('partially-shipped');
    expect(shipmentState('paid', [line(3, 1)], [{ deliveredAt: 'then' }])).toBe('partially-shipped');
  });
  it('is shipped when every line is, delivered when besides every shipment arrived', () => {
    expect(shipmentState('paid', [line(3, 3), line(2, 2)], [{ deliveredAt: 'then' }, { deliveredAt: null }])).toBe('shipped');
    expect(shipmentState('confirmed', [line(3, 3), line(2, 2)], [{ deliveredAt: 'then' }, { deliveredAt: 'now' }])).toBe('delivered');
  });
  it('names the event: ship for the last units, ship-part before', () => {
    expect(shipmentEvent([line(3, 3), line(2, 1)])).toBe('ship-part');
    expect(shipmentEvent([line(3, 3), line(2, 2)])).toBe('ship');
    expect(everyLineShipped([])).toBe(false);
  });
  it('derives the same as fulfilmentOf for shipped quantities', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 9 })), { minLength: 1, maxLength: 6 }), (pairs) => {
        const lines = pairs.map(([q, s]) => ({ quantity: q, shippedQuantity: Math.min(q, s), returnedQuantity: 0 }));
        const f = fulfilmentOf(lines);
        const s = shipmentState('paid', lines, []);
        expect(s).toBe(f === 'unshipped' ? 'paid' : f);
      }),
    );
  });
});
