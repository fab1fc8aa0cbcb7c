/**
 * Build-time prerender of the home page (web/prerender.mjs): the HTML that the browser paints
 * before any JavaScript arrives, then hydrates. Only "/" is prerendered; every other path gets
 * the empty shell (dist/app.html) through the Hosting rewrite.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppShell } from './app/app-shell';
import { routes } from './app/routes';

export async function renderHome(url = 'http://localhost/'): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`Prerender of ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppShell onSessionEnded={() => undefined}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </StrictMode>,
  );
}
