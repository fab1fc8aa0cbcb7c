import type { NextFunction, Request, Response } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { ADMIN_CLAIM } from '@fridgeparts/common/constants';
import { normalizeEmail } from '@fridgeparts/common/user';
import { auth } from '../../data/firestore';
import { forbidden, unauthenticated } from '../../errors';
import { logs } from '../../logs';

export interface Caller {
  uid: string;
  email: string;
  name: string;
  admin: boolean;
  token: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._-]+)$/;

/**
 * Verifies the Firebase ID token of the request. Revocation is checked when `checkRevoked`
 * (admin calls, CONTRACT §2): it costs an Auth lookup, so customer calls skip it.
 */
export async function verifyCaller(req: Request, checkRevoked: boolean): Promise<Caller> {
  const match = BEARER.exec(req.get('authorization') ?? '');
  if (!match) throw unauthenticated();
  let decoded: DecodedIdToken;
  try {
    decoded = await auth.verifyIdToken(match[1], checkRevoked);
  } catch (err) {
    logs.tokenRejected((err as { code?: string }).code ?? 'invalid');
    throw unauthenticated('Your session is not valid or has expired. Sign in again.');
  }
  if (!decoded.email) throw unauthenticated('This account has no email address. Sign in with email or Google.');
  return {
    uid: decoded.uid,
    email: normalizeEmail(decoded.email),
    name: typeof decoded.name === 'string' && decoded.name.trim() ? decoded.name.trim() : decoded.email.split('@')[0],
    admin: decoded[ADMIN_CLAIM] === true,
    token: match[1],
  };
}

export function requireUser(req: Request, _res: Response, next: NextFunction): void {
  verifyCaller(req, false).then((caller) => {
    req.caller = caller;
    next();
  }, next);
}

export function requireAdmin(req: Request, _res: Response, next: NextFunction): void {
  verifyCaller(req, true).then((caller) => {
    if (!caller.admin) throw forbidden('This needs an admin account.');
    req.caller = caller;
    next();
  }).catch(next);
}

/** The verified caller of a route behind requireUser/requireAdmin. */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw unauthenticated();
  return req.caller;
}

/** Owners may act on their own records; admins on anyone's (CONTRACT §2). */
export function assertSelfOrAdmin(caller: Caller, email: string): void {
  if (!caller.admin && normalizeEmail(email) !== caller.email) throw forbidden('You can only see or change your own records.');
}
