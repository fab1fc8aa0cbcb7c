import type { CATEGORY_FACET } from '@fridgeparts/common/search/catalogue-search';
import { CATALOGUE_VOCABULARY } from '@fridgeparts/common/search/vocabulary';
import type { CatalogOrder, CatalogueQuery } from '../api/use-catalogue-search';

/**
 * The catalogue's search in its URL (CONTRACT §11: "the filters in the URL so a search can be
 * shared"): `?q=&category=&spec.voltage=115&spec.voltage=230&sort=`, the API's own names, so a
 * link, a reload and Back all show the same search. Type-only imports of common's search: its
 * word index and schemas (zod) stay out of the catalogue's chunk.
 */

/** The category's filter (the API's `category`, CATEGORY_FACET), one name in the URL and the facets. */
export const CATEGORY: typeof CATEGORY_FACET = 'category';
const SPEC_PREFIX = 'spec.';
/** As the API allows (common/search/search-query.ts): more are dropped, not sent to a 400. */
const MAX_VALUES = 20;
const MAX_VALUE_LENGTH = 60;

export const SORTS: { value: CatalogOrder; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
];
const isSort = (v: string | null): v is CatalogOrder => SORTS.some((s) => s.value === v);

/** The order when none is chosen: best match for a search, newest first for the whole catalogue. */
export const defaultSort = (q: string): CatalogOrder => (q ? 'relevance' : 'newest');

const values = (params: URLSearchParams, name: string): string[] =>
  [...new Set(params.getAll(name).filter((v) => v.length > 0 && v.length <= MAX_VALUE_LENGTH))].sort().slice(0, MAX_VALUES);

/**
 * The search a URL holds. Only the catalogue's spec keys are read (a hand-edited key would make
 * the API answer 400); values are sorted, keys in the catalogue's order, so the same filters are
 * one request however they were ticked.
 */
export function queryFromUrl(params: URLSearchParams): CatalogueQuery {
  const q = (params.get('q') ?? '').trim();
  const sortParam = params.get('sort');
  const specs: Record<string, string[]> = {};
  for (const { key } of CATALOGUE_VOCABULARY.specs) {
    const chosen = values(params, SPEC_PREFIX + key);
    if (chosen.length > 0) specs[key] = chosen;
  }
  return {
    q,
    category: values(params, CATEGORY),
    specs,
    sort: isSort(sortParam) && (sortParam !== 'relevance' || q) ? sortParam : defaultSort(q),
  };
}

/** A filter key's URL name: `category`, or `spec.<key>`. */
const urlName = (key: string) => (key === CATEGORY ? CATEGORY : SPEC_PREFIX + key);

/** The chosen values of one filter key (`category` or a spec key). */
export const chosenOf = (query: CatalogueQuery, key: string): string[] => (key === CATEGORY ? query.category : (query.specs[key] ?? []));

/** How many filter values are chosen. */
export const filterCount = (query: CatalogueQuery): number => query.category.length + Object.values(query.specs).reduce((n, v) => n + v.length, 0);

/** The URL with one filter value ticked or unticked; the rest of the search as it was. */
export function toggleFilter(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = urlName(key);
  const current = next.getAll(name);
  next.delete(name);
  for (const v of current.includes(value) ? current.filter((c) => c !== value) : [...current, value]) next.append(name, v);
  return next;
}

/** The URL without any filter: the search text and the order stay. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...next.keys()]) if (name === CATEGORY || name.startsWith(SPEC_PREFIX)) next.delete(name);
  return next;
}
