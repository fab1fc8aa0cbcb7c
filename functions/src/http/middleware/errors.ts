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
 * The one error path (STYLE habit 7): AppError and parser errors become the error body; anything
 * unexpected is logged and answered 503 with a retry hint, never a stack trace.
 */
export function errorMiddleware(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  const known = err instanceof AppError ? err : fromBodyParser(err);
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
