import type { ErrorBody } from './answer-fields.schema';

/** The one error body of the API (CONTRACT §4): `{ error: { code, message } }`. */

export const ERROR_STATUS = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  /** Signed in, but the account's email address is not verified yet (CONTRACT §9). */
  'email-unverified': 403,
  'not-found': 404,
  conflict: 409,
  /**
   * The caller's If-Match (or `version`) names a version of the record that is no longer current
   * (CONTRACT §13): nothing changed; the body also carries the record as it is now.
   */
  'precondition-failed': 412,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
  /** A bug: the server failed in a way nobody planned for. The body carries a request id. */
  internal: 500,
  /** Real unavailability: contention past retries, Firestore or the card provider down. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

// The body's type is its schema's z.infer (answer-fields.schema.ts, decision 0073), said here too,
// erased: this module stays zod-free for the web's first load.
export type { ErrorBody };

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
