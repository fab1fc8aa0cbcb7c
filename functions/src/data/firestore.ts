import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type * as Docs from '@fridgeparts/common/documents';
import { getFirestore, type CollectionReference, type DocumentData, type Timestamp } from 'firebase-admin/firestore';

/**
 * Typed Firestore references (STYLE: data/). Documents store money in integer cents and times as
 * Timestamps; the common mappers (common/src/documents.ts) turn them into the API's JSON shapes.
 */
if (getApps().length === 0) initializeApp();

export const db = getFirestore();
export const auth = getAuth();

// The document model is common/src/documents.ts (functions, web, seed and tests share it); here
// with the Admin SDK's Timestamp.
export type ToolDoc = Docs.ToolDoc<Timestamp>;
export type ReviewDoc = Docs.ReviewDoc<Timestamp>;
export type UserDoc = Docs.UserDoc<Timestamp>;
export type BookingDoc = Docs.BookingDoc<Timestamp>;
export type ProfileDoc = Docs.ProfileDoc<Timestamp>;
export type MailDoc = Docs.MailDoc<Timestamp>;

const typed = <T extends DocumentData>(name: string) => db.collection(name) as CollectionReference<T>;

export const collections = {
  tools: () => typed<ToolDoc>('tools'),
  reviews: () => typed<ReviewDoc>('reviews'),
  /** Keyed by review id: who wrote it. No client may read it (the review itself is public). */
  reviewAuthors: () => typed<Docs.ReviewAuthorDoc<Timestamp>>('reviewAuthors'),
  /** Keyed by part number: { toolId }. Created with the tool in one transaction, so part numbers are unique. */
  partNumbers: () => typed<Docs.PartNumberDoc>('partNumbers'),
  /** counters/orders: { year, seq } for order numbers. */
  counters: () => typed<Docs.CounterDoc>('counters'),
  /** Keyed by Firebase Auth uid. */
  users: () => typed<UserDoc>('users'),
  bookings: () => typed<BookingDoc>('bookings'),
  /** Keyed by Firebase Auth uid: one profile per user. */
  profiles: () => typed<ProfileDoc>('profiles'),
  /** Processed Stripe webhook event ids (deduplication). */
  stripeEvents: () => typed<Docs.StripeEventDoc<Timestamp>>('stripeEvents'),
};

export { isoTime } from '@fridgeparts/common/documents';
