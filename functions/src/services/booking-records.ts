import type { DocumentReference } from 'firebase-admin/firestore';
import { isDocumentId as isDocId } from '@fridgeparts/common/ids';
import { collections, type BookingDoc } from '../data/firestore';
import { notFound } from '../errors';

/** Booking lookups shared by the booking and payment services (the mappers are in common/src/documents/bookings.ts). */
export const NO_SUCH_BOOKING = (id: string) => notFound(`There is no booking with id "${id}". It may have been cancelled already.`);

export function bookingRef(id: string): DocumentReference<BookingDoc> {
  if (!isDocId(id)) throw NO_SUCH_BOOKING(id);
  return collections.bookings().doc(id);
}
