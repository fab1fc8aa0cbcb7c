import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { BookingState } from '@fridgeparts/common/booking';
import type { PriceBreakCents } from '@fridgeparts/common/pricing';
import { getFirestore, type CollectionReference, type DocumentData, type Timestamp } from 'firebase-admin/firestore';

/**
 * Typed Firestore references (STYLE: data/). Documents store money in integer cents and times as
 * Timestamps; the services turn them into the API's JSON shapes.
 */
if (getApps().length === 0) initializeApp();

export const db = getFirestore();
export const auth = getAuth();

export interface ToolDoc {
  name: string;
  description: string;
  image: string;
  priceCents: number;
  minimumQuantity: number;
  availableQuantity: number;
  /** CONTRACT §7. Older documents have none: read through toolFromStored/pricedTool defaults. */
  partNumber?: string;
  packSize?: number;
  priceBreaks?: PriceBreakCents[];
  /** Lower-case word prefixes of name, description and part number (common/tool.ts searchTermsFor). */
  searchTerms: string[];
  createdAt: Timestamp;
}

/** World-readable (firestore.rules): public fields only; the author's uid is in reviewAuthors. */
export interface ReviewDoc {
  userName: string;
  image: string;
  review: number;
  description: string;
  /** CONTRACT §7; absent on older reviews. */
  toolId?: string | null;
  verifiedBuyer?: boolean;
  createdAt: Timestamp;
}

export interface UserDoc {
  email: string;
  displayName: string;
  role: 'admin' | 'customer';
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface BookingDoc {
  uid: string;
  email: string;
  userName: string;
  toolId: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  totalCents: number;
  itemMinimumQuantity: number;
  itemAvailableQuantity: number;
  phone: string;
  address: string;
  paid: boolean;
  transactionId: string | null;
  /**
   * The booking's life (common/booking BookingState). Older documents have none: read them
   * through bookingStateOf (services/bookings), which derives it from paid/status.
   */
  state?: BookingState;
  /** The one PaymentIntent of this booking (reused while payable; CONTRACT §5). */
  paymentIntentId: string | null;
  paidAt?: Timestamp | null;
  refundedAt?: Timestamp | null;
  /** The provider's refund id (re_...), once refunded. */
  refundId?: string | null;
  status: 'shipped' | null;
  /** CONTRACT §7: FP-2026-000123, from counters/orders in the booking's transaction. */
  orderNumber?: string;
  /** The buyer's purchase-order or job reference. */
  poNumber?: string | null;
  /** The tool's part number when booked. */
  partNumber?: string | null;
  createdAt: Timestamp;
}

export interface ProfileDoc {
  uid: string;
  name: string;
  email: string;
  education: string;
  location: string;
  phone: string;
  linkedlnProfile: string;
  updatedAt: Timestamp;
}

const typed = <T extends DocumentData>(name: string) => db.collection(name) as CollectionReference<T>;

export const collections = {
  tools: () => typed<ToolDoc>('tools'),
  reviews: () => typed<ReviewDoc>('reviews'),
  /** Keyed by review id: who wrote it. No client may read it (the review itself is public). */
  reviewAuthors: () => typed<{ uid: string; createdAt: Timestamp }>('reviewAuthors'),
  /** Keyed by part number: { toolId }. Created with the tool in one transaction, so part numbers are unique. */
  partNumbers: () => typed<{ toolId: string }>('partNumbers'),
  /** counters/orders: { year, seq } for order numbers. */
  counters: () => typed<{ year: number; seq: number }>('counters'),
  /** Keyed by Firebase Auth uid. */
  users: () => typed<UserDoc>('users'),
  bookings: () => typed<BookingDoc>('bookings'),
  /** Keyed by Firebase Auth uid: one profile per user. */
  profiles: () => typed<ProfileDoc>('profiles'),
  /** Processed Stripe webhook event ids (deduplication). */
  stripeEvents: () => typed<{ type: string; bookingId: string | null; processedAt: Timestamp }>('stripeEvents'),
};

export function isoTime(t: Timestamp | undefined | null): string {
  return t ? t.toDate().toISOString() : new Date(0).toISOString();
}
