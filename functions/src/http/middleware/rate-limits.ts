import { isIP } from 'node:net';
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { AppError } from '../../errors';
import { isDeployed, rateLimitScale } from '../../config';

/**
 * Rate limits (CONTRACT §9, decision 0036): a signed-in call is counted under its account (the
 * uid of a verified token, never one read from an unverified token), every other call under the
 * client's address. Every request is counted exactly once, under one of the two.
 *
 * Where the count happens:
 * - no Authorization header, or a path that never verifies one (the webhook, /healthz): by
 *   address, before anything else runs (rateLimits);
 * - an Authorization header: deferred until the route's authenticate() has verified it, then by
 *   account (countCaller); if verification fails, by address;
 * - a deferred call that reaches a public route (publicCache), ends in an error before any route
 *   (a bad body, App Check) or matches no route: by address (countUnverified, countFailed).
 * Every route starts with authenticate() or publicCache (functions/src/http/app.test.ts).
 */
export interface RateLimits {
  /** Requests per minute per account or address on every path. */
  overall: number;
  /** Requests per minute per account or address on sign-in sync, bookings, reviews, payments and search. */
  sensitive: number;
}

/** Sized so a busy buyer, a whole office behind one address and the test suites stay well inside. */
export const DEFAULT_RATE_LIMITS: RateLimits = { overall: 1200, sensitive: 120 };

/**
 * The defaults, multiplied on the local stack by FRIDGEPARTS_RATE_LIMIT_SCALE (config.ts; ignored
 * when deployed) for load and acceptance runs that send every call from one machine.
 */
export function configuredRateLimits(): RateLimits {
  const scale = rateLimitScale();
  return { overall: Math.round(DEFAULT_RATE_LIMITS.overall * scale), sensitive: Math.round(DEFAULT_RATE_LIMITS.sensitive * scale) };
}

/**
 * How many X-Forwarded-For entries Google's front end appends in front of a deployed function:
 * the address of the peer it accepted the connection from, then the address that peer connected
 * to. Everything to their left is whatever the caller (or Hosting, for the caller) wrote.
 */
export const GOOGLE_FRONT_END_ENTRIES = 2;

/**
 * The address a call is counted under. `proxyEntries` is how many X-Forwarded-For entries, counted
 * from the right, were written by proxies this function trusts (GOOGLE_FRONT_END_ENTRIES when
 * deployed, 0 on the local stack and in tests, where nothing trusted stands in front). The
 * leftmost of those is the peer the trusted proxy saw: a caller can prepend entries but never
 * change it. With fewer entries than that (or none), every entry present was written by the
 * trusted proxy, so the leftmost is taken; with 0 trusted entries the header is ignored and the
 * socket's peer is the address. Never the leftmost entry of a longer list: that one is the
 * caller's to choose. Decision 0036 says what this can not tell apart.
 */
export function clientAddress(req: Pick<Request, 'headers' | 'socket'>, proxyEntries: number): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (proxyEntries <= 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return socket;
  const peer = entries[Math.max(0, entries.length - proxyEntries)];
  if (isIP(peer)) return peer;
  // Not an address: the front end did not write it. Its own last entry is the next best key.
  const last = entries[entries.length - 1];
  return isIP(last) ? last : socket;
}

const SENSITIVE = [
  { method: 'PUT', path: /^\/user\// },
  { method: 'POST', path: /^\/(booking|reviews|create-payment-intent|addItem)(\/|$)/ },
  { method: 'PATCH', path: /^\/cardBooking\// },
];

const isSensitive = (req: Request) =>
  SENSITIVE.some((s) => s.method === req.method && s.path.test(req.path)) || (req.method === 'GET' && req.path === '/tools' && typeof req.query.q === 'string');

/** Paths that never verify a caller: a call to them is anonymous whatever headers it carries. */
const NEVER_VERIFIED = new Set(['/stripe/webhook', '/healthz']);

type Counter = (req: Request, res: Response, next: NextFunction) => void;

function limiter(limit: number, key: (req: Request) => string, message: string): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    // RateLimit-* headers and, when over the limit, Retry-After: the seconds until this window ends.
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: key,
    validate: { trustProxy: false, xForwardedForHeader: false },
    handler: (_req, _res, next) => next(new AppError('rate-limited', message)),
  });
}

/** One budget: every path, plus the smaller one of the sensitive paths. */
function budget(limits: RateLimits, key: (req: Request) => string, from: string): Counter {
  const overall = limiter(limits.overall, key, `Too many requests from ${from}. Please wait a minute and try again.`);
  const sensitive = limiter(limits.sensitive, key, `Too many requests of this kind from ${from}. Please wait a minute and try again.`);
  return (req, res, next) => {
    void overall(req, res, (err?: unknown) => {
      if (err !== undefined || !isSensitive(req)) next(err);
      else void sensitive(req, res, next);
    });
  };
}

interface Budgets {
  byAddress: Counter;
  byAccount: Counter;
}

/** Calls whose count waits for their caller to be verified, with the budgets of their app. */
const deferred = new WeakMap<Request, Budgets>();

export interface RateLimitOptions {
  limits?: RateLimits;
  /** Trusted X-Forwarded-For entries (clientAddress); default: GOOGLE_FRONT_END_ENTRIES when deployed, else 0. */
  proxyEntries?: number;
}

/**
 * The first counting step, before App Check and the body parser. In memory per function instance:
 * each instance counts its own callers (with maxInstances 10 the ceiling is at most ten times
 * higher); decision 0012 says why no shared store.
 */
export function rateLimits(options: RateLimitOptions = {}): RequestHandler {
  const limits = options.limits ?? configuredRateLimits();
  const proxyEntries = options.proxyEntries ?? (isDeployed() ? GOOGLE_FRONT_END_ENTRIES : 0);
  const budgets: Budgets = {
    byAddress: budget(limits, (req) => `address:${ipKeyGenerator(clientAddress(req, proxyEntries))}`, 'your network'),
    byAccount: budget(
      limits,
      (req) => {
        // Only ever called with a verified caller (countCaller).
        if (!req.caller) throw new Error('counted by account without a verified caller');
        return `account:${req.caller.uid}`;
      },
      'your account',
    ),
  };
  return (req, res, next) => {
    if (req.headers.authorization !== undefined && !NEVER_VERIFIED.has(req.path)) {
      deferred.set(req, budgets);
      next();
      return;
    }
    budgets.byAddress(req, res, next);
  };
}

function countOnce(req: Request, res: Response, next: NextFunction, byAccount: boolean): void {
  const budgets = deferred.get(req);
  if (!budgets) {
    next();
    return;
  }
  deferred.delete(req);
  (byAccount ? budgets.byAccount : budgets.byAddress)(req, res, next);
}

/**
 * For authenticate() once it is done: a verified caller (req.caller set) is counted
 * under their account, a refused one under their address. `next` is called with the 429 when over
 * the limit, else as it would have been.
 */
export function countCaller(req: Request, res: Response, next: NextFunction): void {
  countOnce(req, res, next, req.caller !== undefined);
}

/** A deferred call that reached a route which verifies no one (the public catalogue): by address. */
export function countUnverified(req: Request, res: Response, next: NextFunction): void {
  countOnce(req, res, next, false);
}

/**
 * Last in line before the error handler: a deferred call that failed before any route counted it
 * (a bad body, App Check, an unknown path) is counted by address; over the limit, the answer is
 * the 429.
 */
export const countFailed: ErrorRequestHandler = (err, req, res, next) => {
  countOnce(req, res, (limited?: unknown) => next(limited ?? err), false);
};
