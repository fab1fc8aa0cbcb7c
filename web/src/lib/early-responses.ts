declare global {
  interface Window {
    /** API answers a prerendered page's boot script fetched before the app loaded (web/prerender.mjs). */
    __fpEarlyResponses?: Map<string, Promise<Response>>;
  }
}

/**
 * The answer the boot script already fetched for this URL, if any, and only once: the app's first
 * read of a prerendered page uses it instead of asking again, and every later read (a refetch, a
 * Retry, the next visit to the page) goes to the network.
 */
export function takeEarlyResponse(url: string): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__fpEarlyResponses;
  const answer = early?.get(url);
  if (!early || !answer) return null;
  early.delete(url);
  return answer;
}
