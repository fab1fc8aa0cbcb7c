import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { bookingStateOf } from '@fridgeparts/common/documents/bookings';
import { transition, type OrderActor, type OrderEvent, type Transition } from '@fridgeparts/common/order-lifecycle';
import { isDocumentId as isDocId } from '@fridgeparts/common/ids';
import { collections, type BookingDoc } from '../data/firestore';
import { notFound } from '../errors';

/** Booking lookups shared by the booking and payment services (the mappers are in common/src/documents/bookings.ts). */
export const NO_SUCH_BOOKING = (id: string) => notFound(`There is no booking with id "${id}". It may have been cancelled already.`);

export function bookingRef(id: string): DocumentReference<BookingDoc> {
  if (!isDocId(id)) throw NO_SUCH_BOOKING(id);
  return collections.bookings().doc(id);
}

/**
 * The lifecycle's answer for a stored order (decision 0070): whether `actor` may move it by `event`
 * and the fields the move writes, stamped `at`. Every service moves an order's state only through
 * this; its reads, transaction and exactly-once marks stay its own.
 */
export function orderMove(b: BookingDoc | null, event: OrderEvent, actor: OrderActor, at: Timestamp = Timestamp.now()): Transition<Timestamp> {
  return transition({ state: b ? bookingStateOf(b) : null, paidAt: b?.paidAt ?? null }, event, actor, at);
}
