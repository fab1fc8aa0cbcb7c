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
import { AppShell } from './app/app-shell';
import { config } from './lib/infra/config';
import { paths, ROUTES } from './lib/infra/paths';
import { routes } from './app/routes';

/**
 * For prerender.mjs, which cannot import TypeScript itself: the app's addresses and route patterns,
 * where the API is (config.apiBase), and the early reads of each page (decision 0053).
 */
export { paths, ROUTES };
export const apiBase = config.apiBase;
export { EARLY_READ_PATTERNS, htmlPreloadsFor } from './app/early-reads';
export { EARLY_FIRST_WAIT_MS, EARLY_SETTLED_EVENT } from './lib/infra/early-responses';

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
