import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import Stripe from 'stripe';
import type { ErrorBody } from '@fridgeparts/common/errors';
import { AppError, isAuthOutage } from '../../errors';
import { logs } from '../../logs';

/**
 * Firestore answers with gRPC codes, Auth with strings. Contention that outlived the Admin SDK's retries (ABORTED)
 * and values Firestore refuses are not outages: they get a 4xx the caller can act on.
 */
function fromFirestore(err: unknown): AppError | null {
  const code = (err as { code?: unknown }).code;
  // The Admin SDK's Auth calls (claims, revocation) failing on Google's side or the network.
  if (isAuthOutage(err)) {
    return new AppError('unavailable', 'The shop could not reach its sign-in service. Please try again in a moment.');
  }
  if (typeof code !== 'number') return null;
  if (code === 10) return new AppError('conflict', 'Many people are ordering this right now. Please try again in a moment.');
  if (code === 3) return new AppError('invalid-argument', 'The request has a value the shop can not store.');
  if (code === 6) return new AppError('conflict', 'This record already exists.');
  // UNAVAILABLE, DEADLINE_EXCEEDED: Firestore itself is down or slow, a real outage.
  if (code === 14 || code === 4) return new AppError('unavailable', 'The shop could not reach its database. Please try again in a moment.');
  return null;
}

/**
 * The card provider refused the request itself (an amount it will not charge, a parameter it does
 * not take, a card it declined) and no service had a better answer: its own words reach the
 * buyer as it wrote them, as a 4xx (CONTRACT §13), never "the address or request could not be
 * read" (the SDK's errors carry statusCode 400, which fromHttpError would otherwise take).
 * Its outages are 503 already (stripe-client.ts atProvider).
 */
function fromProvider(err: unknown): AppError | null {
  if (!(err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError)) return null;
  return new AppError(err.statusCode === 404 ? 'not-found' : 'invalid-argument', err.message || 'The card payment provider refused the request.');
}

/** Router and parser errors that carry a 4xx status (e.g. a path parameter it could not decode). */
function fromHttpError(err: unknown): AppError | null {
  const status = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
  if (err instanceof URIError || status === 400) return new AppError('invalid-argument', 'The address or request could not be read.');
  if (status === 413) return new AppError('payload-too-large', 'The request body is too large.');
  if (status === 415) return new AppError('unsupported-media-type', 'Send the request body as JSON with the header Content-Type: application/json.');
  return null;
}

/**
 * The id a person can quote and an engineer can find in the log: Google's trace id where the
 * request came through Google's front end (it also groups the request's log lines), else a new one.
 */
function requestIdOf(req: Request): string {
  const trace = /^([0-9a-f]{32})\//i.exec(req.get('x-cloud-trace-context') ?? '');
  return trace ? trace[1].toLowerCase() : randomUUID();
}

/**
 * The one error path (STYLE habit 7): AppError and parser errors become the error body. Anything
 * unexpected is a bug, not an outage: it is logged with a request id and answered 500 `internal`
 * with that id, never a stack trace (503 is kept for real unavailability, which a retry may fix).
 */
export function errorMiddleware(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  const known = err instanceof AppError ? err : (fromFirestore(err) ?? fromProvider(err) ?? fromHttpError(err));
  if (known) {
    const body: ErrorBody = { ...known.extra, error: { code: known.code, message: known.message, ...(known.fields ? { fields: known.fields } : {}) } };
    if (known.code === 'unavailable') res.set('Retry-After', '5');
    if (known.headers) res.set(known.headers);
    res.status(known.status).json(body);
    return;
  }
  const requestId = requestIdOf(req);
  logs.unexpectedError(err, req.path, requestId);
  const body: ErrorBody = {
    error: {
      code: 'internal',
      message: `Something went wrong on our side, and it has been logged. If it happens again, contact us and quote ${requestId}.`,
      requestId,
    },
  };
  res.status(500).set('X-Request-Id', requestId).json(body);
}

export function notFoundMiddleware(req: Request, res: Response): void {
  const body: ErrorBody = { error: { code: 'not-found', message: `There is no API at ${req.method} ${req.path}.` } };
  res.status(404).json(body);
}
