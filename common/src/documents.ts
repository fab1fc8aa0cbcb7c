/**
 * The Firestore document model: one type per collection and the mappers from a stored document to
 * the API's JSON shape, used by the functions, the web app's live reads, the seed and the test
 * factories (issue 9: one document model). Money is stored in integer cents, times as Timestamps.
 *
 * Neither Firebase SDK is imported here: `Time` is whatever Timestamp the caller's SDK has (the
 * Admin SDK's or the web SDK's); both have toDate(). Type-only imports keep zod out of the web
 * bundles that read documents.
 */
import type { Booking, BookingState } from './booking';
import { centsToDollars } from './money';
import type { PriceBreakCents } from './pricing';
import type { Profile } from './profile';
import type { Review } from './review';
import type { Tool } from './tool';
import type { ShopUser } from './user';

/** What both SDKs' Timestamp offer. */
export interface StoredTime {
  toDate(): Date;
}

/** tools/{slug}: world-readable (firestore.rules), public fields only. */
export interface ToolDoc<Time extends StoredTime = StoredTime> {
  name: string;
  description: string;
  image: string;
  priceCents: number;
  minimumQuantity: number;
  availableQuantity: number;
  /** CONTRACT §7. Older documents have none: toolFromDoc gives the defaults. */
  partNumber?: string;
  packSize?: number;
  priceBreaks?: PriceBreakCents[];
  /** Lower-case word prefixes of name, description and part number (common/tool.ts searchTermsFor). */
  searchTerms: string[];
  createdAt: Time;
}

/** partNumbers/{PN}: claimed in the tool's transaction, so part numbers are unique. */
export interface PartNumberDoc {
  toolId: string;
}

/** reviews/{id}: world-readable, public fields only; the author's uid is in reviewAuthors. */
export interface ReviewDoc<Time extends StoredTime = StoredTime> {
  userName: string;
  image: string;
  review: number;
  description: string;
  /** CONTRACT §7; absent on older reviews. */
  toolId?: string | null;
  verifiedBuyer?: boolean;
  createdAt: Time;
}

/** reviewAuthors/{reviewId}: who wrote a review. No client may read it. */
export interface ReviewAuthorDoc<Time extends StoredTime = StoredTime> {
  uid: string;
  createdAt: Time;
}

/** users/{uid}: the shop's record of a Firebase Auth user; `role` is written by the server only. */
export interface UserDoc<Time extends StoredTime = StoredTime> {
  email: string;
  displayName: string;
  role: 'admin' | 'customer';
  createdAt: Time;
  updatedAt: Time;
}

/** profiles/{uid}: one profile per user. */
export interface ProfileDoc<Time extends StoredTime = StoredTime> {
  uid: string;
  name: string;
  email: string;
  education: string;
  location: string;
  phone: string;
  linkedlnProfile: string;
  updatedAt: Time;
}

/** bookings/{id}: written only by the functions. */
export interface BookingDoc<Time extends StoredTime = StoredTime> {
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
  /** The booking's life. Older documents have none: bookingStateOf derives it from paid/status. */
  state?: BookingState;
  /** The one PaymentIntent of this booking (reused while payable; CONTRACT §5). */
  paymentIntentId: string | null;
  paidAt?: Time | null;
  refundedAt?: Time | null;
  /** The provider's refund id (re_...), once refunded. */
  refundId?: string | null;
  status: 'shipped' | null;
  /** CONTRACT §7: FP-2026-000123, from counters/orders in the booking's transaction. */
  orderNumber?: string;
  /** The buyer's purchase-order or job reference. */
  poNumber?: string | null;
  /** The tool's part number when booked. */
  partNumber?: string | null;
  createdAt: Time;
}

/** counters/orders: the year and last sequence number of order numbers. */
export interface CounterDoc {
  year: number;
  seq: number;
}

/** stripeEvents/{eventId}: a processed webhook event (deduplication, CONTRACT §5). */
export interface StripeEventDoc<Time extends StoredTime = StoredTime> {
  type: string;
  bookingId: string | null;
  processedAt: Time;
}

export type MailKind = 'booked' | 'paid' | 'shipped' | 'refunded' | 'released';
export type MailState = 'pending' | 'sending' | 'sent' | 'failed';

/** mail/{bookingId}-{kind}: the order-email outbox (decision 0017). */
export interface MailDoc<Time extends StoredTime = StoredTime> {
  bookingId: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  state: MailState;
  /** Failed delivery attempts so far. */
  attempts: number;
  /**
   * When a sender may (next) take this mail: now for a new one, after a back-off for a failed one,
   * the lease's end while one is sending; null once sent or given up. The sweep's one range query.
   */
  retryAt: Time | null;
  /** The sender holding the mail while `sending`. */
  claimId: string | null;
  createdAt: Time;
  sentAt: Time | null;
  messageId: string | null;
  lastError: string | null;
}

/** A stored time as ISO text; a missing one (very old documents) as the epoch. */
export function isoTime(t: StoredTime | undefined | null): string {
  return (t?.toDate() ?? new Date(0)).toISOString();
}

/** A stored tool to the API shape; documents from before CONTRACT §7 get its defaults. */
export function toolFromDoc(id: string, t: Omit<ToolDoc, 'searchTerms' | 'createdAt'> & { createdAt?: StoredTime | null }): Tool {
  return {
    _id: id,
    name: t.name,
    description: t.description,
    image: t.image,
    price: centsToDollars(t.priceCents),
    minimumQuantity: t.minimumQuantity,
    availableQuantity: t.availableQuantity,
    partNumber: t.partNumber ?? '',
    packSize: t.packSize ?? 1,
    priceBreaks: (t.priceBreaks ?? []).map((b) => ({ minQuantity: b.minQuantity, price: centsToDollars(b.priceCents) })),
    createdAt: isoTime(t.createdAt),
  };
}

export function reviewFromDoc(id: string, r: Omit<ReviewDoc, 'createdAt'> & { createdAt?: StoredTime | null }): Review {
  return {
    _id: id,
    image: r.image,
    review: r.review,
    description: r.description,
    userName: r.userName,
    toolId: r.toolId ?? null,
    verifiedBuyer: r.verifiedBuyer === true,
    createdAt: isoTime(r.createdAt),
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

/** A stored booking to the API shape: money in dollars, times as ISO text (CONTRACT §3). `current` is the tool's stock now. */
export function bookingFromDoc(id: string, b: BookingDoc, current?: { minimumQuantity: number; availableQuantity: number }): Booking {
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

export function profileFromDoc(id: string, p: ProfileDoc): Profile {
  return { _id: id, name: p.name, email: p.email, education: p.education, location: p.location, phone: p.phone, linkedlnProfile: p.linkedlnProfile };
}

export function shopUserFromDoc(id: string, u: UserDoc): ShopUser {
  return { _id: id, email: u.email, displayName: u.displayName, role: u.role };
}
