/**
 * Times in documents. Common imports neither Firebase SDK: a document type takes the caller's
 * Timestamp as its `Time` parameter (the Admin SDK's in the functions, the seed and the tests; the
 * web SDK's in the live reads), and both offer what the mappers use.
 */
export interface StoredTime {
  toDate(): Date;
}

/** A stored time as ISO text (CONTRACT §3); a missing one (very old documents) as the epoch. */
export function isoTime(t: StoredTime | undefined | null): string {
  return (t?.toDate() ?? new Date(0)).toISOString();
}
