import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '@fridgeparts/common/errors';
import { AppError } from '../../errors';
import { logs } from '../../logs';

/** Body-parser errors carry `type` and `status`; they are the client's fault, never a 5xx. */
function fromBodyParser(err: unknown): AppError | null {
  const type = (err as { type?: unknown }).type;
  if (type === 'entity.parse.failed') return new AppError('invalid-argument', 'The request body is not valid JSON.');
  if (type === 'entity.too.large') return new AppError('payload-too-large', 'The request body is too large.');
  if (typeof type === 'string') return new AppError('invalid-argument', 'The request body could not be read.');
  return null;
}

/**
 * Firestore answers with gRPC codes. Contention that outlived the Admin SDK's retries (ABORTED)
 * and values Firestore refuses are not outages: they get a 4xx the caller can act on.
 */
function fromFirestore(err: unknown): AppError | null {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'number') return null;
  if (code === 10) return new AppError('conflict', 'Many people are ordering this right now. Please try again in a moment.');
  if (code === 3) return new AppError('invalid-argument', 'The request has a value the shop can not store.');
  if (code === 6) return new AppError('conflict', 'This record already exists.');
  return null;
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
 * The one error path (STYLE habit 7): AppError and parser errors become the error body; anything
 * unexpected is logged and answered 503 with a retry hint, never a stack trace.
 */
export function errorMiddleware(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  const known = err instanceof AppError ? err : (fromBodyParser(err) ?? fromFirestore(err) ?? fromHttpError(err));
  if (known) {
    const body: ErrorBody = { error: { code: known.code, message: known.message, ...(known.fields ? { fields: known.fields } : {}) } };
    res.status(known.status).json(body);
    return;
  }
  logs.unexpectedError(err, req.path);
  const body: ErrorBody = { error: { code: 'unavailable', message: 'The shop could not complete this request. Please try again in a moment.' } };
  res.status(503).set('Retry-After', '5').json(body);
}

export function notFoundMiddleware(req: Request, res: Response): void {
  const body: ErrorBody = { error: { code: 'not-found', message: `There is no API at ${req.method} ${req.path}.` } };
  res.status(404).json(body);
}
