/**
 * Catalogue search (CONTRACT §7) without zod, so the tool document builder (common/documents/tools.ts)
 * can store the terms and the web's live reads stay free of the schemas.
 */

/**
 * Search terms stored with each tool: every prefix (2+ letters) of every word of its name,
 * description and part number, lower case, so "gask", "r-410a" and "FP-CMP" each find their tools
 * with one indexed array-contains query (CONTRACT §7).
 */
export function searchTermsFor(...texts: string[]): string[] {
  const terms = new Set<string>();
  for (const word of texts
    .join(' ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)) {
    for (let end = 2; end <= Math.min(word.length, 20); end++) terms.add(word.slice(0, end));
  }
  return [...terms];
}

/**
 * The single search term a query uses: its longest word, cut to the stored prefix length, with a
 * plural "s" dropped ("gaskets" finds "Gasket"; a prefix still matches "Gaskets").
 */
export function searchTermFor(q: string): string | null {
  const words = q
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);
  if (words.length === 0) return null;
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const singular = longest.length > 3 && longest.endsWith('s') && !longest.endsWith('ss') ? longest.slice(0, -1) : longest;
  return singular.slice(0, 20);
}

/** A looser term is tried only down to this length: shorter prefixes match too much to help. */
const MIN_LOOSE_LENGTH = 5;
/** How many trailing letters a typo may cost ("compresor" -> "compres" finds "Compressor"). */
const MAX_DROPPED = 3;

/**
 * The terms a search tries in order: the query's term, then the same with up to three letters
 * dropped from its end, never shorter than five. A misspelt word usually goes wrong near its end
 * ("compresor", "thermostate"), so a shorter prefix of it still finds the part; the server stops
 * at the first term that finds anything, so a good query costs one indexed read as before.
 */
export function searchTermsToTry(q: string): string[] {
  const term = searchTermFor(q);
  if (!term) return [];
  const terms = [term];
  for (let len = term.length - 1; len >= Math.max(MIN_LOOSE_LENGTH, term.length - MAX_DROPPED); len--) terms.push(term.slice(0, len));
  return terms;
}
