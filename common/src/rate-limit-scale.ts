/**
 * FRIDGEPARTS_RATE_LIMIT_SCALE: on the local stack only, multiplies every rate limit of the
 * function, for load and acceptance runs that send every call from one machine (decision 0036).
 * `npm start` refuses a value that is not a number from 1 to 1000 (scripts/lib/stack.mjs) and
 * hands a good one to the function (functions/src/config.ts rateLimitScale), which ignores it
 * when deployed. Both read it with parseRateLimitScale, so they can not disagree.
 * Plain TypeScript with no imports: scripts/lib/stack.mjs loads it under plain Node.
 */
export const RATE_LIMIT_SCALE_ENV = 'FRIDGEPARTS_RATE_LIMIT_SCALE';

export const RATE_LIMIT_SCALE_MAX = 1000;

/** The scale written in `raw`: `undefined` when unset or blank, `null` when it is not a number from 1 to 1000. */
export function parseRateLimitScale(raw: string | undefined): number | null | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  const scale = Number(text);
  return Number.isFinite(scale) && scale >= 1 && scale <= RATE_LIMIT_SCALE_MAX ? scale : null;
}
