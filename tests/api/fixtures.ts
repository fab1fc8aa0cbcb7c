import type { BookingState } from '@fridgeparts/common/booking';
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
  for (const name of ['tools', 'reviews', 'reviewAuthors', 'users', 'bookings', 'profiles', 'stripeEvents', 'counters', 'mail']) {
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

/** Writes a booking straight into Firestore (for paid or shipped states only a payment could set). */
export async function makeBooking(
  owner: TestUser,
  toolId: string,
  over: Partial<{ paid: boolean; transactionId: string | null; status: 'shipped' | null; state: BookingState | null; quantity: number; unitPriceCents: number }> = {},
): Promise<string> {
  seq++;
  const quantity = over.quantity ?? 2;
  const unitPriceCents = over.unitPriceCents ?? 1999;
  const ref = db.collection('bookings').doc();
  await ref.set({
    uid: owner.uid,
    email: owner.email,
    userName: owner.name,
    toolId,
    name: 'Test Part',
    unitPriceCents,
    quantity,
    totalCents: unitPriceCents * quantity,
    itemMinimumQuantity: 2,
    itemAvailableQuantity: 50,
    ...GOOD_CONTACT,
    paid: over.paid ?? false,
    transactionId: over.transactionId ?? null,
    paymentIntentId: over.transactionId ?? null,
    status: over.status ?? null,
    // state null writes a document without the field, as older data has (derived from paid/status).
    ...(over.state === null ? {} : { state: over.state ?? impliedState(over) }),
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 5, 1) + seq * 1000),
  });
  return ref.id;
}

function impliedState(over: { paid?: boolean; transactionId?: string | null; status?: 'shipped' | null }): BookingState {
  if (over.status === 'shipped') return 'shipped';
  return over.paid || over.transactionId ? 'paid' : 'reserved';
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
