/**
 * Firestore throws (a 5xx) on ids with a slash, "." / "..", "__x__" or over 1500 bytes. An id from
 * a URL that can not be a document id names nothing, so callers answer 404 for it instead.
 */
export function isDocId(id: string): boolean {
  return id.length > 0 && Buffer.byteLength(id) <= 1500 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}
