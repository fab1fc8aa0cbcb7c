import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../../errors';
import { countUnverified } from './rate-limits';

/**
 * Headers on every API answer (issue 8). The API is same-origin behind Hosting, so it sends no
 * CORS headers at all: a browser on another origin can not read its answers. JSON is never a
 * document: a CSP that allows nothing, and no framing.
 */
export function apiHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.set({
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // Per-user or often-changing by default; the public catalogue opts in to caching below.
    'Cache-Control': 'no-store',
  });
  next();
}

/**
 * Public catalogue reads (GET /tools, /tool/{id}, /reviewsget) are the same for every caller, so
 * Hosting's CDN may keep them for a minute. Browsers revalidate every time (max-age=0): a buyer
 * who has just booked, or an admin who has just removed a product, sees the change at once.
 * Signed-in calls (the admin's product list) are never cached. Stock shown to anonymous visitors
 * may lag a minute; booking always checks live stock in a transaction (decision 0012).
 */
export const PUBLIC_CACHE = 'public, max-age=0, s-maxage=60';

export function publicCache(req: Request, res: Response, next: NextFunction): void {
  res.set('Cache-Control', req.headers.authorization ? 'private, no-store' : PUBLIC_CACHE);
  res.set('Vary', 'Authorization');
  // These routes verify no one: a call with an Authorization header is still counted by address.
  countUnverified(req, res, next);
}

/** Verifies an App Check token; resolves when valid. */
export type AppCheckVerifier = (token: string) => Promise<unknown>;

/**
 * App Check (issue 8): when enforced, every API call must carry a valid X-Firebase-AppCheck
 * token from the shop's own web app. Not enforced on the local stack: App Check has no emulator
 * and its debug tokens are exchanged with Google's backend, which this machine can not reach
 * (docs/decisions/0013-app-check.md). The Stripe webhook is exempt: Stripe signs it instead.
 */
export function appCheck(enforce: () => boolean, verify: AppCheckVerifier): RequestHandler {
  return (req, _res, next) => {
    if (!enforce() || req.path === '/stripe/webhook' || req.path === '/healthz') {
      next();
      return;
    }
    const token = req.get('x-firebase-appcheck');
    if (!token || token.length > 4096) {
      next(new AppError('unauthenticated', 'This request did not come from the shop’s web app. Reload the page and try again.'));
      return;
    }
    verify(token).then(
      () => next(),
      () => next(new AppError('unauthenticated', 'This request did not come from the shop’s web app. Reload the page and try again.')),
    );
  };
}
