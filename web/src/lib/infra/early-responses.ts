/**
 * API reads started before the app's scripts have run (web/src/early.ts, decision 0053), kept for
 * the app's API client, which takes each once. Both sides use this module, so what is kept and
 * what is asked are compared the same way: the URL, and the Accept header the request was made with.
 */

/** The Accept of every JSON read (the API client's default). */
export const ACCEPT_JSON = 'application/json';

/**
 * How long an early answer waits for the app. The app's first render asks within seconds even on
 * a slow phone; an answer still unclaimed later belongs to a page the visitor did not open, and a
 * later visit to that page in the app must read the current data, not this one.
 */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

export interface EarlyResponse {
  answer: Promise<Response>;
  accept: string;
  /** performance.now() when the read started. */
  at: number;
}

declare global {
  interface Window {
    /** Reads started by the early script, by URL (web/src/early.ts). */
    __fpEarlyResponses?: Map<string, EarlyResponse>;
    /** Set when every read the early script started has its answer (or failed), and what it paints is painted. */
    __fpEarlySettled?: boolean;
  }
}

/**
 * The event the early script sends when its reads are settled (and `__fpEarlySettled` is set).
 * A page whose largest paint is the early script's (a model's page) starts downloading the app
 * only then, or after EARLY_FIRST_WAIT_MS (web/prerender.mjs's boot loader), so that on a slow
 * connection the app's 150 KB do not share the line with the few KB the first paint needs.
 */
export const EARLY_SETTLED_EVENT = 'fp-early-settled';
/** How long such a page's boot loader waits for the early reads before it downloads the app anyway. */
export const EARLY_FIRST_WAIT_MS = 1000;

/** Keeps a read the early script started, for the app's first read of the same URL. */
export function putEarlyResponse(url: string, accept: string, answer: Promise<Response>): void {
  const early = (window.__fpEarlyResponses ??= new Map());
  early.set(url, { answer, accept, at: performance.now() });
}

/**
 * The answer the early script already asked for this URL with this Accept, if any, and only once:
 * the app's first read of the page uses it instead of asking again, and every later read (a
 * refetch, a Retry, the next visit to the page) goes to the network. A read made any other way (another
 * Accept) or too late is not given it.
 */
export function takeEarlyResponse(url: string, accept: string): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__fpEarlyResponses;
  const kept = early?.get(url);
  if (!early || !kept) return null;
  early.delete(url);
  if (kept.accept !== accept || performance.now() - kept.at > EARLY_ANSWER_MAX_AGE_MS) return null;
  return kept.answer;
}
