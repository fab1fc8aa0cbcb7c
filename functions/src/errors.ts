import { ERROR_STATUS, type ErrorCode } from '@fridgeparts/common/errors';
import { etagOf } from './etag';

/**
 * The one error services throw (STYLE habit 7). The error middleware turns it into
 * `{ error: { code, message } }` with the status of its code.
 */
export class AppError extends Error {
  readonly status: number;
  /** Members the answer carries beside `error`: a 412's current record (CONTRACT §13). */
  readonly extra?: Record<string, unknown>;
  /** Headers of the error answer (a 412's ETag of the current record). */
  readonly headers?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    more: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.extra = more.extra;
    this.headers = more.headers;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError('invalid-argument', message, fields);
export const unauthenticated = (message = 'Sign in to continue: send a valid Firebase ID token as "Authorization: Bearer <token>".') =>
  new AppError('unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError('permission-denied', message);
/** The caller may sign in, browse and fill a cart, but not order, pay or review (CONTRACT §9). */
export const emailUnverified = (email: string) =>
  new AppError('email-unverified', `Verify your email address first: open the link we sent to ${email}, or send it again from your dashboard.`);
export const notFound = (message: string) => new AppError('not-found', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);
/**
 * A conditional write (If-Match, or a body `version`) met a record that changed since the caller
 * read it (CONTRACT §13): 412 with the current record beside `error` and its ETag, so the caller
 * shows it and can send again. Nothing changed.
 */
export const preconditionFailed = (message: string, current: Record<string, unknown>, version: string) =>
  new AppError('precondition-failed', message, undefined, { extra: current, headers: { ETag: etagOf(version) } });

/**
 * The Admin SDK's Auth calls failing on Google's side or on the way there (claims, users, the
 * token's signing keys): an outage, answered 503 `unavailable` by the error middleware
 * (CONTRACT §13), never read as "no such user" or "not an admin".
 */
export function isAuthOutage(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'auth/internal-error' || code === 'app/network-error' || code === 'app/network-timeout' || code === 'auth/quota-exceeded';
}
