import type { BookingState } from '@fridgeparts/common/booking';
import { bookingStateOf, reservedBookingDoc, type BookingDoc } from '@fridgeparts/common/documents/bookings';
import { COLLECTION_NAMES } from '@fridgeparts/common/documents/collections';
import { lineTotalCents } from '@fridgeparts/common/money';
import { Timestamp } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { api, bearer } from '../support/api';
import { createUser, foreignToken, type TestUser } from '../support/auth';
import { db } from '../support/firestore';
import { settleMailDeliveries } from '../../functions/src/services/mail-sender';

/** Every collection the shop writes, as plain data, to prove a refused call changed nothing. */
export async function dumpFirestore(): Promise<Record<string, Record<string, unknown>>> {
  // Order emails go out after the API answered (mail-sender mailAfterCommit): let the ones already
  // started finish, so their pending -> sent does not look like a change made by the next call.
  await settleMailDeliveries();
  const out: Record<string, Record<string, unknown>> = {};
  for (const name of COLLECTION_NAMES) {
    const snap = await db.collection(name).get();
    out[name] = Object.fromEntries(snap.docs.map((d) => [d.id, d.data()]));
  }
  return out;
}

/** Callers that must be refused before anything happens: no token, a foreign one, garbage. */
export const ANONYMOUS_CALLERS: { label: string; headers: Record<string, string> }[] = [
  { label: 'no token', headers: {} },
  { label: 'a token from another project', headers: bearer(foreignToken()) },
  { label: 'a malformed token', headers: bearer('not.a.jwt') },
  { label: 'a non-Bearer scheme', headers: { Authorization: 'Basic dXNlcjpwYXNz' } },
];

/** A user that also has their users/{uid} record, as after signing in through the web app. */
export async function signedUpUser(opts: { admin?: boolean; name?: string } = {}): Promise<TestUser> {
  const user = await createUser(opts);
  await api().put(`/user/${encodeURIComponent(user.email)}`).set(bearer(user.token)).expect(200);
  return user;
}

export const GOOD_CONTACT = { phone: '+1 555 010 2030', address: '12 Frost Lane, Springfield' };

let seq = 0;

/**
 * Writes a booking straight into Firestore (for paid or shipped states only a payment could set):
 * a reservation as the API stores it (common reservedBookingDoc), then the payment fields asked for.
 */
export async function makeBooking(
  owner: TestUser,
  toolId: string,
  over: Partial<Pick<BookingDoc, 'paid' | 'transactionId' | 'status' | 'quantity' | 'unitPriceCents'> & { state: BookingState | null }> = {},
): Promise<string> {
  seq++;
  const quantity = over.quantity ?? 2;
  const unitPriceCents = over.unitPriceCents ?? 1999;
  const ref = db.collection('bookings').doc();
  const reserved = reservedBookingDoc({
    buyer: owner,
    toolId,
    tool: { name: 'Test Part', minimumQuantity: 2 },
    quantity,
    plan: { unitPriceCents, totalCents: lineTotalCents(unitPriceCents, quantity) },
    remaining: 50,
    contact: GOOD_CONTACT,
    poNumber: null,
    orderNumber: `FP-2026-${String(900_000 + seq)}`,
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 5, 1) + seq * 1000),
  });
  const payment = { paid: over.paid ?? false, transactionId: over.transactionId ?? null, paymentIntentId: over.transactionId ?? null, status: over.status ?? null };
  const { state: _reserved, ...withoutState } = { ...reserved, ...payment };
  // state null writes a document without the field, as older data has (derived from paid/status).
  const doc: BookingDoc<Timestamp> = over.state === null ? withoutState : { ...withoutState, state: over.state ?? bookingStateOf(withoutState) };
  await ref.set(doc);
  return ref.id;
}

export async function stockOf(toolId: string): Promise<number | undefined> {
  return (await db.collection('tools').doc(toolId).get()).get('availableQuantity') as number | undefined;
}

/** The error body of CONTRACT §4 with a message a person can act on. */
export function expectError(body: unknown, code: string, message?: RegExp | string): void {
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  const text = (body as { error: { message: string } }).error.message;
  expect(text.length).toBeGreaterThan(5);
  expect(text).not.toMatch(/at .+\.ts:\d+|stack/i);
  if (message) expect(text).toMatch(message);
}
