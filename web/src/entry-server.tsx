/**
 * Build-time prerender of the public pages (web/prerender.mjs): the HTML that the browser paints
 * before any JavaScript arrives, then hydrates. Signed-in and admin pages are not prerendered:
 * they get the empty shell (dist/app.html) through the Hosting rewrite.
 *
 * The lazy pages render as themselves, not as their loading fallback (see renderPage). Their styles
 * are static CSS files (CSS modules), linked in <head> by prerender.mjs.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import { DEFAULT_PAGE_SIZE, HOME_TOOL_COUNT, MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import { AppShell } from './app/app-shell';
import { catalogueSearchPath } from './features/catalog/api/use-catalogue-search';
import { newestToolsPath } from './features/catalog/api/use-tools';
import { reviewsPath } from './features/reviews/api/use-reviews';
import { config } from './lib/config';
import { paths } from './lib/paths';
import { routes } from './app/routes';

/** The app's addresses, for prerender.mjs's list of pages (it cannot import TypeScript itself). */
export { paths };

export async function renderPage(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`Prerender of ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <AppShell onSessionEnded={() => undefined}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </StrictMode>
  );
  // First pass: load every lazy page module the path needs. Second pass: with nothing left to
  // wait for, plain markup (a streamed boundary would need an inline script to reveal it, which the
  // Content-Security-Policy forbids).
  const { prelude } = await prerenderToNodeStream(page);
  for await (const _chunk of prelude);
  return renderToString(page);
}

/** An API read a prerendered page makes as soon as it runs, and how many of its items' pictures it shows first. */
export interface DataPreload {
  href: string;
  /** The first `pictures` items' `image`: fetched as soon as the answer is in (web/prerender.mjs). */
  pictures: number;
}

/**
 * API reads a prerendered page makes as soon as it runs: the HTML preloads them, so the answer is
 * on its way while the scripts download, and the boot script fetches the first pictures it names
 * (the catalogue's first cards are its largest paint; three is the first row at desktop widths).
 */
export const dataPreloads: Record<string, DataPreload[]> = {
  [paths.catalog]: [{ href: config.apiBase + catalogueSearchPath({ q: '', category: [], specs: {}, sort: 'newest' }, DEFAULT_PAGE_SIZE, null), pictures: 3 }],
  // Find by model lists the first page of models under its search (GET /models, no pictures).
  [paths.applianceModels]: [{ href: config.apiBase + API.models(), pictures: 0 }],
  // The home page's newest tools and reviews are below the banner (its largest paint), so their
  // pictures wait; asked at once, their answers are in before the scripts have run. Where the
  // build reads them live from Firestore instead (CONTRACT §1), there is nothing to preload.
  [paths.home]:
    config.catalogSource === 'firestore'
      ? []
      : [
          { href: config.apiBase + newestToolsPath(HOME_TOOL_COUNT), pictures: 0 },
          { href: config.apiBase + reviewsPath(MAX_PAGE_SIZE, null), pictures: 0 },
        ],
};
