/**
 * The functions' deploy package (decision 0040): scripts/deploy/functions-package.mjs writes the
 * bundle, a package.json of runtime dependencies only and a lockfile pruned from the root one, so
 * Cloud Build installs the versions the tests ran against. Checked here on the function's build: what the
 * files say, and that npm itself installs from them and the function loads from that install
 * alone (a directory outside the repo, so nothing resolves from the workspace's node_modules).
 */
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS helper shared with npm start
import { ROOT } from '../../scripts/lib/stack.mjs';
// @ts-expect-error plain JS script, run by the functions' build
import { prune } from '../../scripts/deploy/functions-package.mjs';

type LockEntry = {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optional?: boolean;
  peer?: boolean;
};
type Lock = { packages: Record<string, LockEntry> };
type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; main: string };

const NODE_22 = path.join(ROOT as string, 'node_modules', '.bin', 'node');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

let out: string;
let pkg: Manifest;
let lock: Lock;
const rootLock = readJson<Lock>(path.join(ROOT as string, 'package-lock.json'));

beforeAll(() => {
  out = mkdtempSync(path.join(os.tmpdir(), 'functions-package-'));
  // `npm test` built the function once before its tiers (FRIDGEPARTS_PREBUILT) and may be serving
  // that build in the stack lane meanwhile: it is read, not written again under the running stack.
  if (process.env.FRIDGEPARTS_PREBUILT !== '1') execFileSync('node', ['functions/build.mjs'], { cwd: ROOT as string, stdio: 'pipe' });
  execFileSync('node', ['scripts/deploy/functions-package.mjs', out], { cwd: ROOT as string, stdio: 'pipe' });
  pkg = readJson<Manifest>(path.join(out, 'package.json'));
  lock = readJson<Lock>(path.join(out, 'package-lock.json'));
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the functions deploy package', () => {
  it('depends on registry packages only, at exact versions, with no devDependencies', () => {
    expect(pkg.devDependencies).toBeUndefined();
    const deps = Object.entries(pkg.dependencies ?? {});
    expect(deps.length).toBeGreaterThan(5);
    for (const [name, spec] of deps) {
      expect(spec, name).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/); // not '*', 'workspace:', 'file:' or a range
      expect(name).not.toMatch(/^@fridgeparts\//);
    }
  });

  it('lists every package the bundle requires, and only what the bundle needs', () => {
    const bundle = readFileSync(path.join(out, pkg.main), 'utf8');
    const builtins = new Set(builtinModules);
    const required = new Set(
      [...bundle.matchAll(/require\("([^"]+)"\)/g)]
        .map(([, spec]) => spec!)
        .filter((spec) => !spec.startsWith('node:') && !builtins.has(spec) && !spec.startsWith('.'))
        .map((spec) =>
          spec
            .split('/')
            .slice(0, spec.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    );
    expect(required.size).toBeGreaterThan(5);
    const listed = Object.keys(pkg.dependencies ?? {});
    expect([...required].filter((name) => !listed.includes(name))).toEqual([]);
    // Beyond those, only an optional dependency of one of them that the function needs installed:
    // @google-cloud/firestore, which firebase-admin/firestore loads but firebase-admin lists as optional.
    const optionalOfRequired = new Set([...required].flatMap((name) => Object.keys(rootLock.packages[`node_modules/${name}`]?.optionalDependencies ?? {})));
    expect(listed.filter((name) => !required.has(name) && !optionalOfRequired.has(name))).toEqual([]);
  });

  it("locks each dependency at the root lockfile's version, resolved and integrity", () => {
    const functionsDeps = rootLock.packages['functions']!.dependencies!;
    const resolvedFromFunctions = (name: string) => rootLock.packages[`functions/node_modules/${name}`] ?? rootLock.packages[`node_modules/${name}`];
    for (const name of Object.keys(functionsDeps)) expect(pkg.dependencies?.[name], name).toBe(resolvedFromFunctions(name)?.version);
    expect(lock.packages['']?.dependencies).toEqual(pkg.dependencies);

    const rootEntries = new Map(
      Object.entries(rootLock.packages)
        .filter(([key]) => key.includes('node_modules/'))
        .map(([key, e]) => [`${nameOf(key)}@${e.version}`, e]),
    );
    const entries = Object.entries(lock.packages).filter(([key]) => key !== '');
    expect(entries.length).toBeGreaterThan(50);
    for (const [key, entry] of entries) {
      const same = rootEntries.get(`${nameOf(key)}@${entry.version}`);
      expect(same, key).toBeDefined();
      expect(entry.link, key).toBeUndefined();
      expect({ resolved: entry.resolved, integrity: entry.integrity }, key).toEqual({ resolved: same!.resolved, integrity: same!.integrity });
    }
  });

  it('installs with npm ci from its own lockfile, and the function loads from that install alone', () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'functions-ci-'));
    try {
      cpSync(out, copy, { recursive: true });
      // npm ci refuses a lockfile out of step with package.json; from the cache when it has the tarballs.
      execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: copy, stdio: 'pipe' });
      const exported = execFileSync(NODE_22, ['-e', `console.log(Object.keys(require(${JSON.stringify(path.join(copy, pkg.main))})).join(','))`], {
        cwd: copy,
        encoding: 'utf8',
      });
      expect(exported.trim().split(',')).toContain('api');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 240_000);
});

describe('prune', () => {
  // A workspace `fn` with its own express 5 beside the tools' express 4 at the top level.
  const workspaceLock: Lock = {
    packages: {
      fn: { dependencies: { express: '^5', limiter: '^1' } },
      'fn/node_modules/express': { version: '5.0.0', resolved: 'e5', dependencies: { qs: '^2' } },
      'node_modules/express': { version: '4.0.0', resolved: 'e4', dependencies: { qs: '^1' } },
      'node_modules/qs': { version: '1.0.0', resolved: 'q1' },
      'fn/node_modules/express/node_modules/qs': { version: '2.0.0', resolved: 'q2' },
      'node_modules/limiter': { version: '1.0.0', resolved: 'l1', peerDependencies: { express: '>=4' }, optionalDependencies: { 'only-on-mac': '1' } },
      'node_modules/tool': { version: '1.0.0', resolved: 't1', dependencies: { express: '^4' } },
    },
  };

  it("lays the workspace's packages out at its own top level, nesting only where two versions meet", () => {
    const { dependencies, packages } = prune(workspaceLock, 'fn') as { dependencies: Record<string, string>; packages: Record<string, LockEntry> };
    expect(dependencies).toEqual({ express: '5.0.0', limiter: '1.0.0' });
    // The limiter's peer is the express 5 already beside it (npm's own choice); qs 2 goes to the top
    // level, where nothing else needs qs; the tools' express 4 and the absent optional package are left out.
    expect(Object.fromEntries(Object.entries(packages).map(([k, e]) => [k, e.resolved]))).toEqual({
      'node_modules/express': 'e5',
      'node_modules/limiter': 'l1',
      'node_modules/qs': 'q2',
    });
  });

  it('refuses a runtime dependency on a workspace link', () => {
    const linked: Lock = { packages: { fn: { dependencies: { common: '*' } }, 'node_modules/common': { resolved: 'common', link: true } } };
    expect(() => prune(linked, 'fn')).toThrow(/workspace link/);
  });
});
