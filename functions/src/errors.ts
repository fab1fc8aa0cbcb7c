import { ERROR_STATUS, type ErrorCode } from '@fridgeparts/common/errors';

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
  new AppError(
    'email-unverified',
    `Verify your email address first: open the link we sent to ${email}, or send it again from your dashboard.`,
  );
export const notFound = (message: string) => new AppError('not-found', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);
/**
 * A conditional write (If-Match) met a record that changed since the caller read it: 412 with the
 * current record beside `error` and its ETag, so the caller shows it and can send again.
 */
export const preconditionFailed = (message: string, current: Record<string, unknown>, etag: string) =>
  new AppError('precondition-failed', message, undefined, { extra: current, headers: { ETag: etag } });
