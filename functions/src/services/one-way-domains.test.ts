import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The services' domain folders import each other one way only (docs/architecture.md, "Services by
 * domain"): a piece two domains share goes below both (a folder of its own, or services/ itself
 * for what every domain uses), never into one of them for the other to import back. Tests may
 * reach across (an order test prices a contract price), so only the code is held to it.
 */

const SERVICES = path.dirname(fileURLToPath(import.meta.url));

/** A domain's import of another: `from` imports `to` in `file`, `target`, paths from services/. */
interface DomainImport {
  from: string;
  to: string;
  file: string;
  target: string;
}

const IMPORT = /(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Every import of one domain folder's code by another's, and of a domain by a file at services/ itself (from ''). */
function domainImports(root: string): DomainImport[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(p);
    }
  };
  walk(root);
  return files.flatMap((file) => {
    const rel = path.relative(root, file).split(path.sep);
    const from = rel.length > 1 ? rel[0]! : '';
    return [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((m) => {
      const target = path.relative(root, path.resolve(path.dirname(file), m[1] ?? m[2]!)).split(path.sep);
      if (target[0] === '..' || target.length < 2 || target[0] === from) return [];
      return [{ from, to: target[0]!, file: rel.join('/'), target: target.join('/') }];
    });
  });
}

/** The pairs of domains that import each other, each as "a <-> b" with the imports both ways. */
function bothWaysPairs(imports: readonly DomainImport[]): { pair: string; imports: string[] }[] {
  const said = (i: DomainImport) => `${i.file} imports ${i.target}`;
  const edges = new Map<string, DomainImport[]>();
  for (const i of imports) if (i.from) edges.set(`${i.from}>${i.to}`, [...(edges.get(`${i.from}>${i.to}`) ?? []), i]);
  const pairs: { pair: string; imports: string[] }[] = [];
  for (const [key, there] of edges) {
    const [a, b] = key.split('>') as [string, string];
    const back = edges.get(`${b}>${a}`);
    if (a < b && back) pairs.push({ pair: `${a} <-> ${b}`, imports: [...there, ...back].map(said) });
  }
  return pairs;
}

/** A cycle of domains importing one another (a -> b -> ... -> a), or null when they form layers. */
function domainCycle(imports: readonly DomainImport[]): string[] | null {
  const next = new Map<string, Set<string>>();
  for (const i of imports) if (i.from) next.set(i.from, (next.get(i.from) ?? new Set()).add(i.to));
  const done = new Set<string>();
  const visit = (d: string, path: string[]): string[] | null => {
    if (path.includes(d)) return [...path.slice(path.indexOf(d)), d];
    if (done.has(d)) return null;
    for (const n of next.get(d) ?? []) {
      const found = visit(n, [...path, d]);
      if (found) return found;
    }
    done.add(d);
    return null;
  };
  for (const d of next.keys()) {
    const found = visit(d, []);
    if (found) return found;
  }
  return null;
}

describe('the services import one way', () => {
  const imports = domainImports(SERVICES);

  it('finds the domains’ imports', () => {
    // orders prices through companies and places through payments: the check reads real imports.
    expect(imports.some((i) => i.from === 'orders' && i.to === 'companies')).toBe(true);
    expect(imports.some((i) => i.from === 'orders' && i.to === 'payments')).toBe(true);
  });

  it('names a pair of domains that import each other, with the imports each way', () => {
    const found = bothWaysPairs([
      { from: 'orders', to: 'payments', file: 'orders/bookings.ts', target: 'payments/payments' },
      { from: 'payments', to: 'orders', file: 'payments/payments.ts', target: 'orders/order-lines' },
      { from: 'orders', to: 'mail', file: 'orders/make-order.ts', target: 'mail/mail-outbox' },
    ]);
    expect(found).toEqual([
      { pair: 'orders <-> payments', imports: ['orders/bookings.ts imports payments/payments', 'payments/payments.ts imports orders/order-lines'] },
    ]);
  });

  it('no two domain folders import each other', () => {
    expect(bothWaysPairs(imports)).toEqual([]);
  });

  it('nor do three or more in a ring: the folders are layers', () => {
    const edge = (from: string, to: string): DomainImport => ({ from, to, file: `${from}/x.ts`, target: `${to}/y` });
    expect(domainCycle([edge('companies', 'payments'), edge('payments', 'tax'), edge('tax', 'companies')])).toEqual([
      'companies',
      'payments',
      'tax',
      'companies',
    ]);
    expect(domainCycle([edge('orders', 'payments'), edge('payments', 'tax'), edge('orders', 'tax')])).toBeNull();
    expect(domainCycle(imports)).toBeNull();
  });

  it('the files at services/ itself, below every domain, import none', () => {
    expect(imports.filter((i) => i.from === '').map((i) => `${i.file} imports ${i.target}`)).toEqual([]);
  });
});
