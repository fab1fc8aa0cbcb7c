import './env';
import supertest from 'supertest';
import { createApp } from '../../functions/src/http/app';

/**
 * Limits no test's calls reach. Each call used to get an app of its own, whose rate limiter had
 * counted nothing yet, so no call through api() was ever limited; one app for every call keeps it
 * so. The limits themselves are tested with apps of their own (rate-limits.test.ts, security.test.ts).
 */
const NEVER_REACHED = { overall: Number.MAX_SAFE_INTEGER, sensitive: Number.MAX_SAFE_INTEGER };

let app: ReturnType<typeof createApp> | undefined;

/**
 * The function's Express app, driven over HTTP by supertest. Made once for the module graph (a
 * file, or the API tier's files together: isolate false) rather than once a call: building the
 * app and its first request took 20-25 ms of each of the API and fuzz tiers' thousands of calls.
 * The app holds no state of its own between calls but the rate limiter's counts (above); what it
 * reads from the environment (the search index's interval, the SMTP address) it reads per call.
 */
export const api = () => supertest((app ??= createApp({ rateLimits: NEVER_REACHED })));
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
