import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { ROUTES, expressPathOf } from '@fridgeparts/common/openapi/routes';
import { buildOpenApiDocument } from '@fridgeparts/common/openapi/document';
import { createApp } from './app';
import { requireAdmin, requireUser, requireVerifiedUser } from './middleware/auth';
import { PUBLIC_CACHE } from './middleware/security';

interface Layer {
  handle: { stack?: Layer[] };
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: unknown }[] };
}

/** The access a route's chain starts with, in the route table's words. */
function accessOf(first: unknown): string {
  if (first === requireAdmin) return 'admin';
  if (first === requireVerifiedUser) return 'verified';
  if (first === requireUser) return 'signed-in';
  return 'public';
}

/** `METHOD /path` -> access of every route the app serves. */
function servedAccess(stack: Layer[]): [string, string][] {
  return stack.flatMap((layer): [string, string][] => {
    if (layer.route) {
      const route = layer.route;
      return Object.keys(route.methods).map((m) => [`${m.toUpperCase()} ${String(route.path)}`, accessOf(route.stack[0]?.handle)]);
    }
    return layer.handle.stack ? servedAccess(layer.handle.stack) : [];
  });
}

/** `METHOD /path` of every route the Express app serves, through nested routers. */
function servedRoutes(stack: Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return Object.keys(layer.route.methods)
        .filter((m) => m !== '_all')
        .flatMap((m) => paths.map((p) => `${m.toUpperCase()} ${p}`));
    }
    return layer.handle.stack ? servedRoutes(layer.handle.stack) : [];
  });
}

describe('the OpenAPI document (CONTRACT §10)', () => {
  it('names every route the app serves, and only those', () => {
    const app = createApp() as unknown as { router: { stack: Layer[] } };
    const served = servedRoutes(app.router.stack).sort();
    const documented = ROUTES.map((r) => `${r.method.toUpperCase()} ${expressPathOf(r.path)}`).sort();
    expect(served.length).toBeGreaterThan(40);
    expect(
      served.filter((r) => !documented.includes(r)),
      'served by the app but missing from common/src/openapi/routes.ts',
    ).toEqual([]);
    expect(
      documented.filter((r) => !served.includes(r)),
      'in common/src/openapi/routes.ts but not served by the app',
    ).toEqual([]);
  });

  it('says who may call each route as the route itself checks it', () => {
    const app = createApp() as unknown as { router: { stack: Layer[] } };
    const served = Object.fromEntries(servedAccess(app.router.stack));
    const documented = Object.fromEntries(ROUTES.map((r) => [`${r.method.toUpperCase()} ${expressPathOf(r.path)}`, r.access]));
    expect(documented).toEqual(served);
  });

  it('has every documented path and method once, each with a success answer', () => {
    const doc = buildOpenApiDocument();
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`));
    expect(operations).toHaveLength(ROUTES.length);
    for (const route of ROUTES) {
      const op = doc.paths[route.path]?.[route.method] as { responses: Record<string, unknown> };
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('2')),
        `${route.method} ${route.path}`,
      ).toBe(true);
    }
    expect(() => buildOpenApiDocument([...ROUTES, ROUTES[0]!])).toThrow(/twice/);
  });

  it('is served at GET /openapi.json, public and cacheable like the catalogue', async () => {
    const res = await supertest(createApp()).get('/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });
});
