/**
 * A record's version as a strong entity tag (RFC 9110 §8.8.3): the version in double quotes. The
 * cart and the tool send their versions this way and take them back in If-Match (CONTRACT §13;
 * http/if-match.ts reads them). The app's own weak ETag on res.json is off (app.ts `etag: false`),
 * so the tag sent is always this one.
 */
export const etagOf = (version: string): string => `"${version}"`;
