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
   * A conditional write (If-Match) found the record changed since the caller read it (CONTRACT
   * §13): nothing changed, and the body carries the current record beside `error`.
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

export interface ErrorBody {
  /** `requestId` (on `internal` only) is also in the function's log line for that error. */
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; requestId?: string };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
