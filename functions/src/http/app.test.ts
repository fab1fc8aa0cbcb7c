import type { RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { requireAdmin, requireUser, requireVerifiedUser } from './middleware/auth';
import { publicCache } from './middleware/security';

interface Layer {
  handle: RequestHandler & { stack?: Layer[] };
  route?: { path: string; methods: Record<string, boolean>; stack: Layer[] };
}

/** Every route of the app, with the first handler of its chain, through nested routers. */
function routesOf(stack: Layer[]): { route: string; first: RequestHandler }[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods)
        .map((m) => m.toUpperCase())
        .join(',');
      return [{ route: `${methods} ${layer.route.path}`, first: layer.route.stack[0].handle }];
    }
    return layer.handle.stack ? routesOf(layer.handle.stack) : [];
  });
}

describe('the app', () => {
  // The rate-limit count of a call with an Authorization header waits for the route to say who
  // called (rate-limits.ts): a route that started with neither would leave such calls uncounted.
  it('starts every route with authenticate() or publicCache, except the two that verify no one', () => {
    const app = createApp() as unknown as { router: { stack: Layer[] } };
    const routes = routesOf(app.router.stack);
    expect(routes.length).toBeGreaterThan(20);
    const counted = new Set<RequestHandler>([requireUser, requireVerifiedUser, requireAdmin, publicCache]);
    const uncounted = routes.filter((r) => !counted.has(r.first)).map((r) => r.route);
    // The webhook is signed by Stripe and /healthz answers nothing: both are counted by address
    // before any route (rate-limits.ts NEVER_VERIFIED).
    expect(uncounted.sort()).toEqual(['GET /healthz', 'POST /stripe/webhook']);
  });
});
