import type { DocumentReference } from 'firebase-admin/firestore';
import type { Booking, BookingState } from '@fridgeparts/common/booking';
import { isDocumentId as isDocId } from '@fridgeparts/common/ids';
import { centsToDollars } from '@fridgeparts/common/money';
import { collections, isoTime, type BookingDoc } from '../data/firestore';
import { notFound } from '../errors';

/**
 * A stored booking and its API shape, shared by the booking and payment services.
 */
/** Stored booking to the API shape: money in dollars, times as ISO text (CONTRACT §3). */
export function toBooking(id: string, b: BookingDoc, current?: { minimumQuantity: number; availableQuantity: number }): Booking {
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

/**
 * The stored state, or for documents written before `state` existed the one their paid/status
 * fields imply (they could only be reserved, paid or shipped then).
 */
export function bookingStateOf(b: Pick<BookingDoc, 'state' | 'paid' | 'transactionId' | 'status'>): BookingState {
  if (b.state) return b.state;
  if (b.status === 'shipped') return 'shipped';
  return b.paid === true || !!b.transactionId ? 'paid' : 'reserved';
}

/** A paid booking, or one with a recorded payment, is an order the shop must honour. */
export function isSettled(b: Pick<BookingDoc, 'paid' | 'transactionId'>): boolean {
  return b.paid === true || !!b.transactionId;
}

export const NO_SUCH_BOOKING = (id: string) => notFound(`There is no booking with id "${id}". It may have been cancelled already.`);

export function bookingRef(id: string): DocumentReference<BookingDoc> {
  if (!isDocId(id)) throw NO_SUCH_BOOKING(id);
  return collections.bookings().doc(id);
}

