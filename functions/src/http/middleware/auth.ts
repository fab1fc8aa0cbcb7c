import type { Request, RequestHandler } from 'express';
import type { DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import { ADMIN_CLAIM } from '@fridgeparts/common/constants';
import { displayNameOf, normalizeEmail } from '@fridgeparts/common/user';
import { auth } from '../../data/firestore';
import { emailUnverified, forbidden, unauthenticated } from '../../errors';
import { logs } from '../../logs';
import { countCaller } from './rate-limits';
import type { Caller } from '../../services/caller';
import { isNoSuchAuthUser } from '../../services/users/auth-users';
import { isAuthOutage } from '../../errors';

export type { Caller } from '../../services/caller';

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._-]+)$/;

/**
 * Verifies the Firebase ID token, then reads the caller's Auth record once (CONTRACT §2, issue 8):
 * - a disabled account, or a token signed in before the account's sessions were revoked, is 401
 *   on every signed-in call, customer routes included;
 * - `admin` is the role as it is NOW (the record's custom claims), never the token's copy, so a
 *   demoted admin's still-valid token is refused at once, even within the same second as the
 *   demotion (revocation alone compares whole seconds).
 * One lookup per request does both (verifyIdToken(token, true) would make the same lookup and
 * then a second one for the claims): docs/decisions/0011-live-authority.md.
 */
export async function verifyCaller(req: Request): Promise<Caller> {
  const match = BEARER.exec(req.get('authorization') ?? '');
  if (!match || match[1].length > 4096) throw unauthenticated();
  let decoded: DecodedIdToken;
  try {
    decoded = await auth.verifyIdToken(match[1]);
  } catch (err) {
    // Auth (or its signing keys) out of reach says nothing about the token: 503, not "sign in again".
    if (isAuthOutage(err)) throw err;
    logs.tokenRejected((err as { code?: string }).code ?? 'invalid');
    throw unauthenticated('Your session is not valid or has expired. Sign in again.');
  }
  let record: UserRecord;
  try {
    record = await auth.getUser(decoded.uid);
  } catch (err) {
    // Only Auth's "no such user" means the account is gone; an outage is a 503 (CONTRACT §13).
    if (!isNoSuchAuthUser(err)) throw err;
    logs.tokenRejected('user-not-found');
    throw unauthenticated('This account no longer exists. Sign in again.');
  }
  if (record.disabled) {
    logs.tokenRejected('user-disabled');
    throw unauthenticated('This account has been disabled. Contact the shop if you think this is a mistake.');
  }
  const validSince = record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : 0;
  if (decoded.auth_time * 1000 < validSince) {
    logs.tokenRejected('revoked');
    throw unauthenticated('Your session has ended. Sign in again.');
  }
  if (!decoded.email) throw unauthenticated('This account has no email address. Sign in with email or Google.');
  return {
    uid: decoded.uid,
    email: normalizeEmail(decoded.email),
    name: displayNameOf(decoded.name),
    admin: record.customClaims?.[ADMIN_CLAIM] === true,
    // The record, not the token's email_verified claim: that copy is stale until the next refresh.
    emailVerified: record.emailVerified,
    token: match[1],
  };
}

/**
 * Who may call a route: any signed-in account; an account with a verified email address (calls
 * that order, pay or review, CONTRACT §9: an unverified address is no proof of who is buying); or
 * an admin as the Auth record says now.
 */
export type Access = 'signed-in' | 'verified' | 'admin';

/** The refusal of a verified caller who lacks what `access` asks for, else undefined. */
function refusal(access: Access, caller: Caller): Error | undefined {
  if (access === 'admin' && !caller.admin) return forbidden('This needs an admin account.');
  if (access === 'verified' && !caller.emailVerified) return emailUnverified(caller.email);
  return undefined;
}

/**
 * The one way a route authenticates its caller: the token and the Auth record (verifyCaller), then
 * the rule of `access`, then the call's rate-limit count (countCaller), which always runs, so a
 * route behind this cannot leave a call uncounted (app.test.ts checks that every route starts with
 * this or publicCache). Refusals come in the order 401, then 403 (not an admin, email unverified),
 * then whatever the route answers, so the body is never read for a refused call (400 comes last).
 * Counting: under the account once verified; under the address for a call whose token fails, and
 * for a verified customer refused an admin route (decision 0036).
 */
export function authenticate(access: Access): RequestHandler {
  return (req, res, next) => {
    verifyCaller(req).then(
      (caller) => {
        const refused = refusal(access, caller);
        if (!(access === 'admin' && refused)) req.caller = caller;
        countCaller(req, res, (limited?: unknown) => next(limited ?? refused));
      },
      (err: unknown) => countCaller(req, res, (limited?: unknown) => next(limited ?? err)),
    );
  };
}

export const requireUser = authenticate('signed-in');
export const requireVerifiedUser = authenticate('verified');
export const requireAdmin = authenticate('admin');

/** The verified caller of a route behind authenticate(). */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw unauthenticated();
  return req.caller;
}
