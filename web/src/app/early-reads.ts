import { DEFAULT_PAGE_SIZE, HOME_TOOL_COUNT, MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import type { ApplianceModel } from '@fridgeparts/common/models/appliance-model.answers';
import { isModelQuery, modelKeyOf } from '@fridgeparts/common/models/model-basics';
import { catalogueSearchPath, newestToolsPath } from '../features/catalog/api/catalogue-paths';
import { paintFirstPictures } from '../features/catalog/early-pictures';
import { queryFromUrl } from '../features/catalog/hooks/catalogue-url';
import { DRAWING_ACCEPT, modelBrowsePath, modelPath, modelSearchPath, sectionOf } from '../features/models/api/model-paths';
import { paintModelHeader } from '../features/models/early-model-header';
import { reviewsPath } from '../features/reviews/api/review-paths';
import { config } from '../lib/infra/config';
import { ACCEPT_JSON } from '../lib/infra/early-responses';
import { ROUTES } from '../lib/infra/paths';

/**
 * The public API reads a page makes as soon as it renders, worked out from its address alone, so
 * the early script (web/src/early.ts) can start them while the app's scripts download (decision
 * 0053). Each is the very request the page's hook makes (the same path builder, the same Accept);
 * the API client takes the answer once (lib/early-responses.ts), and a read that differs is simply
 * made again by the app.
 */
export interface EarlyRead {
  /** The API path, as the hook asks it (config.apiBase goes before it). */
  path: string;
  accept: string;
  /** The pictures of the answer the page shows first (its largest paint): fetched as soon as it is in. */
  pictures?: (body: unknown) => string[];
  /** The reads the answer leads to (a model's drawing). */
  next?: (body: unknown) => EarlyRead[];
  /**
   * Shows the answer's largest paint on the loading page before the app runs (a model's header, the
   * catalogue's first pictures): false when the page has no place for it (yet); otherwise true, or a
   * promise that settles once what it painted has loaded (pictures).
   */
  paint?: (body: unknown) => boolean | Promise<unknown>;
}

/** The first `count` pictures of a search's hits (GET /search). */
const hitPictures =
  (count: number) =>
  (body: unknown): string[] =>
    ((body as { hits?: { image?: unknown }[] } | null)?.hits ?? [])
      .slice(0, count)
      .map((hit) => hit?.image)
      .filter((image): image is string => typeof image === 'string' && image.length > 0);

const isModel = (body: unknown): body is ApplianceModel => Array.isArray((body as ApplianceModel | null)?.sections);

type ReadsOf = (params: Record<string, string>, search: URLSearchParams) => EarlyRead[];

const homeReads: ReadsOf = () =>
  // Where the build reads tools and reviews live from Firestore (CONTRACT §1) there is no API read.
  config.catalogSource === 'firestore'
    ? []
    : [
        { path: newestToolsPath(HOME_TOOL_COUNT), accept: ACCEPT_JSON },
        { path: reviewsPath(MAX_PAGE_SIZE, null), accept: ACCEPT_JSON },
      ];

/** By route pattern (lib/paths.ts), what each page reads first. */
const PAGE_READS: [pattern: string, reads: ReadsOf][] = [
  [ROUTES.home, homeReads],
  [ROUTES.homeAlias, homeReads],
  // The catalogue's first page of the search its address holds; its first card's picture is the
  // page's largest paint, and three cards are the first row at desktop widths.
  [
    ROUTES.catalog,
    (_, search) => [
      { path: catalogueSearchPath(queryFromUrl(search), DEFAULT_PAGE_SIZE, null), accept: ACCEPT_JSON, pictures: hitPictures(3), paint: paintFirstPictures },
    ],
  ],
  // Find by model: the browsing list under the search, and the search when the address has one.
  [
    ROUTES.applianceModels,
    (_, search) => {
      const typed = (search.get('q') ?? '').trim();
      return [
        { path: modelBrowsePath({ brand: search.get('brand') ?? '', applianceType: search.get('type') ?? '' }, null), accept: ACCEPT_JSON },
        ...(isModelQuery(typed) ? [{ path: modelSearchPath(modelKeyOf(typed)), accept: ACCEPT_JSON }] : []),
      ];
    },
  ],
  // A model's page: the model, then the drawing of the section it opens on (its largest paint).
  [
    ROUTES.applianceModel,
    ({ modelKey = '' }, search) =>
      modelKeyOf(modelKey)
        ? [
            {
              path: modelPath(modelKey),
              accept: ACCEPT_JSON,
              paint: paintModelHeader,
              next: (model) => {
                const section = isModel(model) ? sectionOf(model, search.get('section')) : undefined;
                return section?.diagram ? [{ path: section.diagram, accept: DRAWING_ACCEPT }] : [];
              },
            },
          ]
        : [],
  ],
];

/**
 * The parameters of `pattern` (`/appliance-models/:modelKey`) in `pathname`, or null when it does
 * not match; as the router matches: letter case aside, a trailing slash allowed, each parameter one
 * decoded segment.
 */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .replace(/\/$/, '')
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const match = new RegExp(`^${source}/?$`, 'i').exec(pathname);
  if (!match) return null;
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
  } catch {
    return null; // a malformed %-escape: the router shows its not-found page, nothing to read
  }
}

/**
 * The reads a prerendered page's HTML preloads (`<link rel="preload" as="fetch">`, web/prerender.mjs),
 * a round trip before the early script could start them: the reads of its address without a query
 * (the home page's, the catalogue's plain list, Find by model's browsing list: how those pages are
 * most often opened). None for a page whose address has parameters (a model's page), since the
 * one HTML file serves them all.
 */
export function htmlPreloadsFor(pattern: string): EarlyRead[] {
  const page = PAGE_READS.find(([p]) => p === pattern);
  if (!page || pattern.includes(':')) return [];
  return page[1]({}, new URLSearchParams()).map(({ path, accept }) => ({ path, accept }));
}

/**
 * The reads the page at `url` makes first, or none. An address with a query asks other reads than
 * its HTML preloaded; those preloads are read too (from the browser's preload cache, no second
 * request) and kept for the app like the others, rather than left unused, which would also have the
 * browser warn in the console.
 */
export function earlyReadsFor(url: URL): EarlyRead[] {
  for (const [pattern, reads] of PAGE_READS) {
    const params = matchRoute(pattern, url.pathname);
    if (!params) continue;
    const own = reads(params, url.searchParams);
    const preloaded = htmlPreloadsFor(pattern).filter((p) => !own.some((r) => r.path === p.path && r.accept === p.accept));
    return [...own, ...preloaded];
  }
  return [];
}

/** The route patterns that have early reads: the prerendered pages whose HTML loads the early script. */
export const EARLY_READ_PATTERNS: readonly string[] = PAGE_READS.map(([pattern]) => pattern);
