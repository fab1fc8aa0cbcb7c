import type { Booking, BookingState } from '../booking';
import { centsToDollars } from '../money';
import { isoTime, type StoredTime } from './time';
import type { ToolDoc } from './tools';

/**
 * bookings/{id}: written only by the functions. The API's Booking fields as they are stored
 * (money in integer cents), plus the owner's uid and the payment's bookkeeping.
 * Added over time, so older documents may lack them: `state` (bookingStateOf derives it from
 * paid/status), `orderNumber` (CONTRACT §7: FP-2026-000123, from counters/orders in the booking's
 * transaction), the buyer's `poNumber` and the tool's `partNumber` when booked.
 */
export interface BookingDoc<Time extends StoredTime = StoredTime>
  extends Pick<Booking, 'toolId' | 'userName' | 'email' | 'name' | 'phone' | 'address' | 'quantity' | 'itemMinimumQuantity' | 'itemAvailableQuantity' | 'paid' | 'transactionId' | 'status'>,
    Partial<Pick<Booking, 'state' | 'orderNumber' | 'poNumber' | 'partNumber'>> {
  uid: string;
  unitPriceCents: number;
  totalCents: number;
  /** The one PaymentIntent of this booking (reused while payable; CONTRACT §5). */
  paymentIntentId: string | null;
  paidAt?: Time | null;
  refundedAt?: Time | null;
  /** The provider's refund id (re_...), once refunded. */
  refundId?: string | null;
  createdAt: Time;
}

/** counters/orders: the year and last sequence number of order numbers. */
export interface CounterDoc {
  year: number;
  seq: number;
}

/** A new reservation: who books, the tool as read in the booking's transaction, and the priced line. */
export interface NewReservation<Time extends StoredTime> {
  buyer: { uid: string; email: string; name: string };
  toolId: string;
  tool: Pick<ToolDoc, 'name' | 'partNumber' | 'minimumQuantity'>;
  quantity: number;
  plan: Pick<BookingDoc, 'unitPriceCents' | 'totalCents'>;
  /** The tool's stock after this line. */
  remaining: number;
  contact: Pick<BookingDoc, 'phone' | 'address'>;
  poNumber: string | null;
  orderNumber: string;
  createdAt: Time;
}

/** The stored booking of a reserved line (POST /booking, each line of POST /booking/quick). */
export function reservedBookingDoc<Time extends StoredTime>(r: NewReservation<Time>): BookingDoc<Time> {
  return {
    uid: r.buyer.uid,
    email: r.buyer.email,
    userName: r.buyer.name,
    toolId: r.toolId,
    name: r.tool.name,
    partNumber: r.tool.partNumber ?? null,
    unitPriceCents: r.plan.unitPriceCents,
    quantity: r.quantity,
    totalCents: r.plan.totalCents,
    itemMinimumQuantity: r.tool.minimumQuantity,
    itemAvailableQuantity: r.remaining,
    phone: r.contact.phone,
    address: r.contact.address,
    poNumber: r.poNumber,
    orderNumber: r.orderNumber,
    paid: false,
    transactionId: null,
    state: 'reserved',
    paymentIntentId: null,
    paidAt: null,
    refundedAt: null,
    refundId: null,
    status: null,
    createdAt: r.createdAt,
  };
}

/**
 * The stored state, or for documents written before `state` existed the one their paid/status
 * fields imply (they could only be reserved, paid or shipped then).
 */
export function bookingStateOf(b: Pick<BookingDoc, 'state' | 'paid' | 'transactionId' | 'status'>): BookingState {
  if (b.state) return b.state;
  if (b.status === 'shipped') return 'shipped';
  return isSettled(b) ? 'paid' : 'reserved';
}

/** A paid booking, or one with a recorded payment, is an order the shop must honour. */
export function isSettled(b: Pick<BookingDoc, 'paid' | 'transactionId'>): boolean {
  return b.paid === true || !!b.transactionId;
}

/**
 * A stored booking to the API shape: money in dollars, times as ISO text (CONTRACT §3). `current`
 * is the tool's stock now (Manage All Orders); without it, the booking's snapshot.
 */
export function bookingFromDoc(id: string, b: BookingDoc, current?: Pick<ToolDoc, 'minimumQuantity' | 'availableQuantity'>): Booking {
  return {
    _id: id,
    toolId: b.toolId,
    userName: b.userName,
    email: b.email,
    name: b.name,
    phone: b.phone,
    address: b.address,
    price: centsToDollars(b.unitPriceCents),
    quantity: b.quantity,
    total: centsToDollars(b.totalCents),
    itemMinimumQuantity: current?.minimumQuantity ?? b.itemMinimumQuantity,
    itemAvailableQuantity: current?.availableQuantity ?? b.itemAvailableQuantity,
    paid: b.paid === true,
    transactionId: b.transactionId ?? null,
    status: b.status === 'shipped' ? 'shipped' : null,
    orderNumber: b.orderNumber ?? '',
    poNumber: b.poNumber ?? null,
    partNumber: b.partNumber ?? null,
    state: bookingStateOf(b),
    createdAt: isoTime(b.createdAt),
  };
}
