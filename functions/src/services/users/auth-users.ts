import type { UserRecord } from 'firebase-admin/auth';
import { auth } from '../../data/firestore';

/**
 * Auth's own answer that no account has this address (or that it is no address at all): a fact
 * about the address, answered as "nobody". Anything else (Auth unreachable, its internal errors)
 * is not an answer and is thrown on, so the caller gets 503, never "no bookings" or "not an admin"
 * (CONTRACT §13; the error middleware maps outages to `unavailable`).
 */
export function isNoSuchAuthUser(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'auth/user-not-found' || code === 'auth/invalid-email';
}

/** The Auth account of an address, or null when Auth says there is none; an outage throws. */
export async function authUserByEmail(email: string): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (err) {
    if (isNoSuchAuthUser(err)) return null;
    throw err;
  }
}
