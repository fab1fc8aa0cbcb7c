import type { BookingState } from './constants';

/**
 * One order lifecycle (decision 0070): the table of state x event -> next state, the fields the
 * move sets and who may cause it. Every service that moves an order asks `transition` whether the
 * move is allowed and what it writes; each keeps its own transaction, reads and exactly-once
 * marks. Zod-free, so the web's action predicates (order-actions.ts) derive from it at no cost.
 *
 * `cancelled` is no stored state: a cancelled order's document is deleted (CONTRACT §3), so the
 * table says so (`removes`) and the caller deletes it.
 */

/** What happens to an order. `place*` are its birth (from no state); `place-replacement` is a warranty claim's $0 replacement (decision 0087). */
export const ORDER_EVENTS = [
  'place',
  'place-for-approval',
  'place-on-account',
  'place-replacement',
  'approve',
  'approve-on-account',
  'decline',
  'pay',
  'late-pay-refunded',
  'invoice-paid',
  'invoice-voided',
  'cancel',
  'expire',
  'ship',
  'refund',
  'ship-part',
  'deliver',
  'return',
  'charge-on-account',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/**
 * Who causes an event: the buyer (their own order), a company admin of the order's company, a shop
 * admin, or the system (Stripe's verified webhook, the reservation sweep, a payment found while
 * cancelling).
 */
export const ORDER_ACTORS = ['buyer', 'company-admin', 'shop-admin', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** How the order's stock moves with the event: held at placing, given back once, taken again by a late payment. */
export type StockMove = 'reserve' | 'return' | 'take' | null;

/** The timestamps a move stamps (with the move's time). */
export type Stamp = 'paidAt' | 'shippedAt' | 'expiredAt' | 'refundedAt' | 'deliveredAt' | 'returnedAt';

interface Row {
  to: BookingState | 'cancelled';
  who: readonly OrderActor[];
  stock: StockMove;
  /** The seed's legacy fields the move sets (CONTRACT §3: `paid`, `status`); `paid: false` only for a charge that makes a paid order owe. */
  paid?: boolean;
  status?: 'shipped';
  /** Stamped with the move's time. */
  stamps?: readonly Stamp[];
  /** Stamped only when the order has none yet (a refund of an order whose payment was never recorded). */
  keeps?: readonly Stamp[];
  /** Cleared (null): the payment time of an order that owes again. */
  clears?: readonly 'paidAt'[];
}

type From = BookingState | 'new';

const BUYER_OR_SHOP = ['buyer', 'shop-admin'] as const;
const PAYERS = ['buyer', 'system'] as const;
const SYSTEM = ['system'] as const;
const SHOP = ['shop-admin'] as const;
const COMPANY_ADMIN = ['company-admin'] as const;

const shipAll: Row = { to: 'shipped', who: SHOP, stock: null, status: 'shipped', stamps: ['shippedAt'] };

const pay = (stock: StockMove): Row => ({ to: 'paid', who: PAYERS, stock, paid: true, stamps: ['paidAt'] });
const refund = (stock: StockMove, who: readonly OrderActor[] = SYSTEM): Row => ({
  to: 'refunded',
  who,
  stock,
  paid: true,
  stamps: ['refundedAt'],
  keeps: ['paidAt'],
});

const owes = (to: BookingState): Row => ({ to, who: SYSTEM, stock: null, paid: false, clears: ['paidAt'] });

/**
 * The table. A missing cell is a refusal; `ALREADY` lists, per event, the states where the event
 * has already taken effect (a repeat or a late arrival: the caller answers as before and writes
 * nothing).
 */
export const LIFECYCLE: Record<OrderEvent, Partial<Record<From, Row>>> = {
  place: { new: { to: 'reserved', who: ['buyer'], stock: 'reserve' } },
  'place-for-approval': { new: { to: 'awaiting-approval', who: ['buyer'], stock: 'reserve' } },
  'place-on-account': { new: { to: 'confirmed', who: ['buyer'], stock: 'reserve' } },
  // The shop admin's approval of a warranty claim makes its replacement, owing nothing, so paid at birth.
  'place-replacement': { new: { to: 'paid', who: SHOP, stock: 'reserve', paid: true, stamps: ['paidAt'] } },
  // A company admin of the order's company decides (decision 0056); the stock stays held when approved.
  approve: { 'awaiting-approval': { to: 'reserved', who: COMPANY_ADMIN, stock: null } },
  'approve-on-account': { 'awaiting-approval': { to: 'confirmed', who: COMPANY_ADMIN, stock: null } },
  decline: { 'awaiting-approval': { to: 'declined', who: COMPANY_ADMIN, stock: 'return' } },
  // A verified card payment (CONTRACT §5). States only move forward; a payment after a release
  // takes the stock again (CONTRACT §8), or, when it is gone, `late-pay-refunded` instead.
  pay: {
    reserved: pay(null),
    'awaiting-approval': pay(null),
    confirmed: pay(null),
    expired: pay('take'),
    declined: pay('take'),
  },
  'late-pay-refunded': {
    expired: { to: 'refunded', who: PAYERS, stock: null, paid: true, stamps: ['paidAt', 'refundedAt'] },
    declined: { to: 'refunded', who: PAYERS, stock: null, paid: true, stamps: ['paidAt', 'refundedAt'] },
  },
  // Stripe's invoice.paid (decision 0058): a shipped order on account stays shipped, now paid.
  'invoice-paid': {
    confirmed: { to: 'paid', who: SYSTEM, stock: null, paid: true, stamps: ['paidAt'] },
    shipped: { to: 'shipped', who: SYSTEM, stock: null, paid: true, stamps: ['paidAt'] },
    'partially-shipped': { to: 'partially-shipped', who: SYSTEM, stock: null, paid: true, stamps: ['paidAt'] },
    delivered: { to: 'delivered', who: SYSTEM, stock: null, paid: true, stamps: ['paidAt'] },
    returned: { to: 'returned', who: SYSTEM, stock: null, paid: true, stamps: ['paidAt'] },
  },
  // invoice.voided, or the shop admin's void (decision 0066): an order not shipped is released; a
  // shipped one keeps its state (the goods are gone), and only Stripe can void its invoice.
  'invoice-voided': {
    confirmed: { to: 'expired', who: ['system', 'shop-admin'], stock: 'return', stamps: ['expiredAt'] },
    shipped: { to: 'shipped', who: SYSTEM, stock: null },
    'partially-shipped': { to: 'partially-shipped', who: SYSTEM, stock: null },
    delivered: { to: 'delivered', who: SYSTEM, stock: null },
    returned: { to: 'returned', who: SYSTEM, stock: null },
  },
  cancel: {
    reserved: { to: 'cancelled', who: BUYER_OR_SHOP, stock: 'return' },
    'awaiting-approval': { to: 'cancelled', who: BUYER_OR_SHOP, stock: 'return' },
  },
  expire: {
    reserved: { to: 'expired', who: SYSTEM, stock: 'return', stamps: ['expiredAt'] },
    'awaiting-approval': { to: 'expired', who: SYSTEM, stock: 'return', stamps: ['expiredAt'] },
  },
  // CONTRACT §10: an order on account ships before its invoice is paid. CONTRACT §14 (decision
  // 0079): a shipment that leaves lines unshipped is `ship-part`, the one that ships the last is
  // `ship` (the seed's `status: 'shipped'` then); `deliver` when every shipment has arrived. A
  // cancelled shipment moves the order back by its lines (shipments.ts shipmentState), not by a row.
  ship: {
    paid: shipAll,
    confirmed: shipAll,
    'partially-shipped': shipAll,
  },
  'ship-part': {
    paid: { to: 'partially-shipped', who: SHOP, stock: null },
    confirmed: { to: 'partially-shipped', who: SHOP, stock: null },
    'partially-shipped': { to: 'partially-shipped', who: SHOP, stock: null },
  },
  deliver: { shipped: { to: 'delivered', who: SHOP, stock: null, stamps: ['deliveredAt'] } },
  // CONTRACT §16 (decision 0086): the receipt that brings back the last unit of every line (each
  // line's returnedQuantity = quantity); its stock moves by the receipt's lines, not by the row.
  return: {
    shipped: { to: 'returned', who: SHOP, stock: null, stamps: ['returnedAt'] },
    delivered: { to: 'returned', who: SHOP, stock: null, stamps: ['returnedAt'] },
  },
  // The shop admin refunds a paid order not shipped (payments.ts refundOrder); Stripe's
  // charge.refunded records a refund in any earlier state. Stock comes back wherever the order
  // still holds it: a shipped order's goods are gone, a released or declined one gave it back.
  refund: {
    paid: refund('return', ['shop-admin', 'system']),
    reserved: refund('return'),
    'awaiting-approval': refund('return'),
    confirmed: refund('return'),
    shipped: refund(null),
    // The unshipped part of a partially shipped order stays held: the shop sorts it out by hand
    // (returns, CONTRACT §16), never by giving stock back that may already be in a box.
    'partially-shipped': refund(null),
    delivered: refund(null),
    expired: refund(null),
    declined: refund(null),
  },
  // A warranty replacement (made paid at 0) charged on the company's account because the failed
  // part came back late (decision 0087): it now owes its invoice as any order on account. Not
  // shipped, it is `confirmed` (invoice-paid then moves it to paid); shipped, it keeps its state,
  // unpaid until invoice-paid marks it paid where it stands.
  'charge-on-account': {
    paid: owes('confirmed'),
    'partially-shipped': owes('partially-shipped'),
    shipped: owes('shipped'),
    delivered: owes('delivered'),
    returned: owes('returned'),
  },
};

const ALREADY: Partial<Record<OrderEvent, readonly BookingState[]>> = {
  pay: ['paid', 'shipped', 'refunded', 'partially-shipped', 'delivered', 'returned'],
  'late-pay-refunded': ['paid', 'shipped', 'refunded', 'partially-shipped', 'delivered', 'returned'],
  ship: ['shipped', 'delivered', 'returned'],
  deliver: ['delivered'],
  return: ['returned'],
  refund: ['refunded'],
  'invoice-paid': ['paid'],
  'invoice-voided': ['expired'],
  'charge-on-account': ['confirmed'],
};

/** An order as the table reads it: its state (stored, or derived for old documents by the caller). */
export interface LifecycleOrder<Time> {
  state: BookingState | null;
  paidAt?: Time | null;
}

/** The fields a move writes onto the order. */
export interface LifecycleSet<Time> {
  state: BookingState;
  paid?: boolean;
  status?: 'shipped';
  paidAt?: Time | null;
  shippedAt?: Time;
  expiredAt?: Time;
  refundedAt?: Time;
  deliveredAt?: Time;
  returnedAt?: Time;
}

export type Transition<Time> =
  | { ok: true; from: BookingState | null; to: BookingState | 'cancelled'; set: LifecycleSet<Time> | null; stock: StockMove; removes: boolean }
  | { ok: false; from: BookingState | null; reason: 'already' | 'not-allowed' | 'not-yours' };

/**
 * Whether `actor` may move `order` by `event`, and what the move writes (`set`: null when the
 * order's document is deleted). A refusal says why: `already` (the event has taken effect: a
 * repeat changes nothing), `not-allowed` (not from this state) or `not-yours` (not this actor's).
 */
export function transition<Time>(order: LifecycleOrder<Time>, event: OrderEvent, actor: OrderActor, at: Time): Transition<Time> {
  const from = order.state;
  const row = LIFECYCLE[event][from ?? 'new'];
  if (!row) return { ok: false, from, reason: from && ALREADY[event]?.includes(from) ? 'already' : 'not-allowed' };
  if (!row.who.includes(actor)) return { ok: false, from, reason: 'not-yours' };
  if (row.to === 'cancelled') return { ok: true, from, to: 'cancelled', set: null, stock: row.stock, removes: true };
  const set: LifecycleSet<Time> = { state: row.to };
  if (row.paid !== undefined) set.paid = row.paid;
  if (row.status) set.status = row.status;
  for (const s of row.stamps ?? []) set[s] = at;
  for (const s of row.keeps ?? []) set[s] = (s === 'paidAt' ? order.paidAt : null) ?? at;
  for (const s of row.clears ?? []) set[s] = null;
  return { ok: true, from, to: row.to, set, stock: row.stock, removes: false };
}

/** Where `event` moves an order in `from` (null: no such move). */
export function nextState(from: BookingState | null, event: OrderEvent): BookingState | 'cancelled' | null {
  return LIFECYCLE[event][from ?? 'new']?.to ?? null;
}

/** Whether the table has a move for `event` from `state` (for anyone, or for `actor`). */
export function allows(state: BookingState, event: OrderEvent, actor?: OrderActor): boolean {
  const row = LIFECYCLE[event][state];
  return !!row && (!actor || row.who.includes(actor));
}

/** The states an event moves an order from (for `actor`, when given). */
export function statesFor(event: OrderEvent, actor?: OrderActor): BookingState[] {
  return (Object.keys(LIFECYCLE[event]) as From[]).filter((s): s is BookingState => s !== 'new' && allows(s, event, actor));
}

/** Where a new order starts: waiting for its company's approval, confirmed on account, or reserved. */
export function placeEvent(o: { waits: boolean; onAccount: boolean }): OrderEvent {
  return o.waits ? 'place-for-approval' : o.onAccount ? 'place-on-account' : 'place';
}

/** The state a new order is stored in (the table's `place*` row). */
export function placedState(o: { waits: boolean; onAccount: boolean }): BookingState {
  const placed = transition({ state: null }, placeEvent(o), 'buyer', null);
  if (!placed.ok || !placed.set) throw new Error('Every new order has a place to start');
  return placed.set.state;
}

/** One line's running quantities (CONTRACT §14, §16), as the lifecycle reads them. */
export interface LineQuantities {
  quantity: number;
  shippedQuantity: number;
  returnedQuantity: number;
  /** Units in returns requested or approved, not yet received or declined (CONTRACT §16). */
  returnOpenQuantity: number;
  backorderedQuantity: number;
}

/** Where the goods of an order stand, from its lines' running quantities (never set by hand). */
export type Fulfilment = 'unshipped' | 'partially-shipped' | 'shipped' | 'partially-returned' | 'returned';

export function fulfilmentOf(lines: readonly Pick<LineQuantities, 'quantity' | 'shippedQuantity' | 'returnedQuantity'>[]): Fulfilment {
  const ordered = lines.reduce((n, l) => n + l.quantity, 0);
  const shipped = lines.reduce((n, l) => n + Math.min(l.shippedQuantity, l.quantity), 0);
  const returned = lines.reduce((n, l) => n + Math.min(l.returnedQuantity, l.shippedQuantity), 0);
  if (ordered > 0 && returned >= ordered) return 'returned';
  if (returned > 0) return 'partially-returned';
  if (shipped === 0) return 'unshipped';
  return shipped >= ordered ? 'shipped' : 'partially-shipped';
}

/**
 * A stored line's running quantities, defaulted when a document predates them: an order shipped
 * before lines counted shipments shipped every line (the admin's one Shipped action), else 0.
 */
export function lineQuantitiesOf(
  l: { quantity: number; shippedQuantity?: number; returnedQuantity?: number; returnOpenQuantity?: number; backorderedQuantity?: number },
  state: BookingState | null,
): LineQuantities {
  const shippedBefore = state === 'shipped' ? l.quantity : 0;
  return {
    quantity: l.quantity,
    shippedQuantity: l.shippedQuantity ?? shippedBefore,
    returnedQuantity: l.returnedQuantity ?? 0,
    returnOpenQuantity: l.returnOpenQuantity ?? 0,
    backorderedQuantity: l.backorderedQuantity ?? 0,
  };
}

/** Whether every unit of every line has come back (CONTRACT §16): the order is then `returned`. */
export const everyLineReturned = (lines: readonly Pick<LineQuantities, 'quantity' | 'returnedQuantity'>[]): boolean =>
  lines.length > 0 && lines.every((l) => l.returnedQuantity >= l.quantity);

/** Whether every unit of every line has shipped (returns aside). */
export const everyLineShipped = (lines: readonly Pick<LineQuantities, 'quantity' | 'shippedQuantity'>[]): boolean =>
  lines.length > 0 && lines.every((l) => l.shippedQuantity >= l.quantity);

/** The event a shipment is (decision 0079): `ship` when it ships the last unit, else `ship-part`. */
export const shipmentEvent = (linesAfter: readonly Pick<LineQuantities, 'quantity' | 'shippedQuantity'>[]): OrderEvent =>
  everyLineShipped(linesAfter) ? 'ship' : 'ship-part';

/**
 * Where an order stands by its shipments (CONTRACT §14, decision 0079), derived, never set by
 * hand: `before` (paid or confirmed) while nothing has shipped, `partially-shipped` while some
 * has, `shipped` when every line has, `delivered` when besides every (not cancelled) shipment has
 * arrived.
 */
export function shipmentState(
  before: 'paid' | 'confirmed',
  lines: readonly Pick<LineQuantities, 'quantity' | 'shippedQuantity'>[],
  shipments: readonly { deliveredAt: unknown }[],
): BookingState {
  if (everyLineShipped(lines)) return shipments.length > 0 && shipments.every((s) => !!s.deliveredAt) ? 'delivered' : 'shipped';
  return lines.some((l) => l.shippedQuantity > 0) ? 'partially-shipped' : before;
}
