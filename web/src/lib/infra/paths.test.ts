import { describe, expect, it } from 'vitest';
import { fill, paths, ROUTES } from './paths';

describe('paths', () => {
  it('builds the SPEC addresses, each id encoded as one segment', () => {
    expect(paths.tool('condenser-fan-motor')).toBe('/purchaseorder/condenser-fan-motor');
    expect(paths.order('a/b?c#d')).toBe('/dashboard/order/a%2Fb%3Fc%23d');
    expect(paths.payment('x y')).toBe('/dashboard/payment/x%20y');
    expect(paths.legal('terms')).toBe('/legal/terms');
    expect(paths.cart).toBe('/dashboard/cart');
  });

  it('fills a pattern and refuses one with a parameter missing', () => {
    expect(fill(ROUTES.order, { id: '7' })).toBe('/dashboard/order/7');
    expect(() => fill(ROUTES.order, {})).toThrow(':id');
  });

  it("gives every pattern a link, and every builder's address matches its pattern", () => {
    for (const name of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      if (name === 'notFound') continue;
      const link = paths[name];
      const address = typeof link === 'function' ? link('p') : link;
      expect(address, name).toBe(ROUTES[name].replace(/:\w+/g, 'p'));
    }
  });
});

// Every source file of the app but the tests (which name the visible URLs on purpose) and this module.
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!./paths.ts', '!../../test-support/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('route strings', () => {
  it('are written nowhere in web/src but lib/paths.ts', () => {
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // A quoted address that starts with one of the app's routes: '/login', `/purchaseorder/${id}` ...
    const prefixes = Object.values(ROUTES)
      .map((p) => p.replace(/\/:.*$/, ''))
      .filter((p) => p !== '/' && p !== '*');
    const literal = new RegExp(`['"\`](${prefixes.map(escape).join('|')})(['"\`/?#]|\\$\\{)`);
    // The home page's '/' is too common a string to look for everywhere; where a link or a redirect takes it.
    const home = /(to=\{?|navigate\()['"]\/['"]/;
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const offenders = Object.entries(sources).flatMap(([file, text]) =>
      text.split('\n').flatMap((line, i) => {
        // Comments may name an address; code may not.
        if (/^\s*(\/\/|\/?\*)/.test(line)) return [];
        return literal.test(line) || home.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [];
      }),
    );
    expect(offenders).toEqual([]);
  });
});
