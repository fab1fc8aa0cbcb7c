import { type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../lib/infra/paths';
import { routes } from './routes';

/** Every `path` in the route table, in table order. */
function patternsOf(table: RouteObject[]): string[] {
  return table.flatMap((route) => [...(route.path === undefined ? [] : [route.path]), ...patternsOf(route.children ?? [])]);
}

describe('the route table', () => {
  it('takes every path from lib/paths.ts, and routes every pattern there', () => {
    const table = patternsOf(routes);
    const patterns: string[] = Object.values(ROUTES);
    // A literal typed into routes.tsx would be a path the links' builders do not know.
    expect(table.filter((p) => !patterns.includes(p))).toEqual([]);
    // '/' is the layout's index route, which has no path of its own.
    expect(patterns.filter((p) => p !== ROUTES.home && !table.includes(p))).toEqual([]);
    expect(routes[0]?.children?.[0]?.children?.[0]).toMatchObject({ index: true });
    expect(new Set(table).size).toBe(table.length);
  });
});
