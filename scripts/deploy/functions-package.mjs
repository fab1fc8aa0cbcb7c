// Writes functions/dist/: the package `firebase deploy` uploads and the Functions emulator runs
// (firebase.json functions.source), decision 0040.
//
//   lib/index.js(.map)   the esbuild bundle (functions/build.mjs; common is inlined)
//   package.json         only the runtime dependencies, at the versions the root lockfile holds
//   package-lock.json    the root lockfile pruned to those packages and everything they need
//
// functions/package.json is a workspace manifest: its devDependencies include the workspace
// package @fridgeparts/common ("*"), which no registry has, and the workspace has no lockfile of
// its own, so Cloud Build's install of functions/ as it stood resolved every range afresh. With
// this lockfile it runs `npm ci` and gets the versions the tests ran against.
//
// The pruning is done here, offline and in a few milliseconds, because every build runs it (the
// emulator loads this package too); tests/package/functions-package.test.ts checks the result with
// npm itself (`npm ci --offline` into a temporary copy).
//
// Usage: node scripts/deploy/functions-package.mjs [outDir]   (default functions/dist)
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WORKSPACE = 'functions';

/**
 * The lockfile key a dependency `name` of the package at lock key `from` resolves to: Node's own
 * lookup, from the package's node_modules up through each enclosing node_modules to the root.
 */
export function resolveKey(packages, from, name) {
  let dir = from;
  for (;;) {
    const key = (dir ? `${dir}/` : '') + `node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return null;
    // node_modules/a/node_modules/b -> node_modules/a; node_modules/a, functions -> the root.
    const up = dir.lastIndexOf('/node_modules/');
    dir = up >= 0 ? dir.slice(0, up) : '';
  }
}

/** The directory whose node_modules holds the package at `key`: node_modules/a/node_modules/b -> node_modules/a. */
const parentOf = (key) => {
  const at = key.lastIndexOf('node_modules/');
  return at > 0 ? key.slice(0, at - 1) : '';
};

/** The edges npm installs for a lock entry: dependencies, optional ones and (non-optional) peers. */
function edgesOf(entry) {
  const optionalPeers = new Set(
    Object.entries(entry.peerDependenciesMeta ?? {})
      .filter(([, m]) => m.optional)
      .map(([n]) => n),
  );
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false, peer: false })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true, peer: false })),
    ...Object.entries(entry.peerDependencies ?? {})
      .filter(([name]) => !optionalPeers.has(name))
      .map(([name, range]) => ({ name, optional: false, peer: true, range })),
  ];
}

/** The new key Node finds `name` at from the package directory `from` of the new layout, or null. */
function nearest(packages, from, name) {
  for (let dir = from; ;) {
    const key = (dir ? `${dir}/` : '') + `node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return null;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up >= 0 ? dir.slice(0, up) : '';
  }
}

/**
 * The runtime closure of the workspace `ws` in `lock`, laid out afresh as a standalone package's
 * node_modules: { dependencies: name -> locked version, packages: the new lockfile's entries }.
 * Each package keeps its locked entry (version, resolved, integrity); it goes to the top level
 * unless another version of its name is already there, and then under the package that needs it.
 */
export function prune(lock, ws = WORKSPACE) {
  const source = lock.packages;
  const root = source[ws];
  if (!root) throw new Error(`functions-package: ${ws} is not a workspace in package-lock.json`);
  const packages = {}; // new key -> { from: old key, optional, peer }
  const dependencies = {};
  // Breadth first, so the packages nearest the root take the top-level places, as npm would.
  const queue = Object.keys(root.dependencies ?? {}).map((name) => ({ name, fromOld: ws, fromNew: '', optional: false, peer: false, top: true }));
  const seen = new Set();
  while (queue.length) {
    const { name, fromOld, fromNew, optional, peer, top, range } = queue.shift();
    // A peer is the dependent's sibling (npm resolves it from the dependent's parent), and npm
    // takes whatever version is already there if it satisfies the range: express-rate-limit's
    // peer `express` is the function's express 5 here, where the workspace's top level has the
    // tools' express 4 (express-rate-limit only names it for its types).
    const present = range === undefined ? null : nearest(packages, fromNew, name);
    if (present && semver.satisfies(source[packages[present].from].version, range)) {
      packages[present].optional &&= optional;
      packages[present].peer &&= peer;
      continue;
    }
    const oldKey = resolveKey(source, fromOld, name);
    if (!oldKey) {
      if (optional) continue; // a platform's optional package this lockfile does not hold
      throw new Error(`functions-package: ${name} (needed by ${fromOld || 'the root'}) is not in package-lock.json`);
    }
    if (source[oldKey].link)
      throw new Error(`functions-package: ${name} is a workspace link (${source[oldKey].resolved}); a deployed function cannot depend on one`);
    if (top) dependencies[name] = source[oldKey].version;
    const newKey = place(packages, fromNew, name, oldKey);
    const node = packages[newKey];
    const state = `${newKey}|${optional}|${peer}`;
    node.optional &&= optional;
    node.peer &&= peer;
    if (seen.has(state)) continue;
    seen.add(state);
    for (const edge of edgesOf(source[oldKey])) {
      queue.push({
        name: edge.name,
        fromOld: edge.peer ? parentOf(oldKey) : oldKey,
        fromNew: edge.peer ? parentOf(newKey) : newKey,
        optional: optional || edge.optional,
        peer: peer || edge.peer,
        top: false,
        range: edge.range,
      });
    }
  }
  const entries = Object.fromEntries(
    Object.keys(packages)
      .sort()
      .map((key) => {
        const { from, optional, peer } = packages[key];
        const { dev: _dev, devOptional: _devOptional, optional: _optional, peer: _peer, ...entry } = source[from];
        return [key, { ...entry, ...(optional ? { optional: true } : {}), ...(peer ? { peer: true } : {}) }];
      }),
  );
  return { dependencies, packages: entries };
}

/** Where `name` (lock key `oldKey`) goes for the package at `fromNew`; records it there. */
function place(packages, fromNew, name, oldKey) {
  // The directories Node looks in from `fromNew`, nearest first.
  const chain = [];
  for (let dir = fromNew; ;) {
    chain.push(dir);
    if (!dir) break;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up >= 0 ? dir.slice(0, up) : '';
  }
  const keyIn = (dir) => (dir ? `${dir}/` : '') + `node_modules/${name}`;
  // Already reachable: the nearest copy of the name is this one.
  for (const dir of chain) {
    const existing = packages[keyIn(dir)];
    if (!existing) continue;
    if (existing.from === oldKey) return keyIn(dir);
    break;
  }
  // The top level if no nearer copy of the name would shadow it, else beside the package that needs it.
  const shadowed = chain.slice(0, -1).some((dir) => packages[keyIn(dir)]);
  const key = !packages[keyIn('')] && !shadowed ? keyIn('') : keyIn(fromNew);
  if (packages[key]) throw new Error(`functions-package: two versions of ${name} need ${key}`);
  packages[key] = { from: oldKey, optional: true, peer: true };
  return key;
}

/** Builds the deploy package in `outDir` from functions/lib and the root lockfile. */
export function writePackage(outDir = path.join(ROOT, WORKSPACE, 'dist')) {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, WORKSPACE, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const bundle = path.join(ROOT, WORKSPACE, 'lib', 'index.js');
  if (!existsSync(bundle)) throw new Error('functions-package: functions/lib/index.js is missing; run `npm run build -w functions`');
  const { dependencies, packages } = prune(lock, WORKSPACE);

  // Keep what the emulator wrote into the package (its .secret.local), replace the rest.
  rmSync(path.join(outDir, 'lib'), { recursive: true, force: true });
  mkdirSync(path.join(outDir, 'lib'), { recursive: true });
  copyFileSync(bundle, path.join(outDir, 'lib', 'index.js'));
  if (existsSync(`${bundle}.map`)) copyFileSync(`${bundle}.map`, path.join(outDir, 'lib', 'index.js.map'));

  const name = `${manifest.name}`;
  const pkg = {
    name,
    version: manifest.version,
    private: true,
    description: 'Generated by scripts/deploy/functions-package.mjs from functions/package.json and the root package-lock.json (decision 0040). Do not edit.',
    main: manifest.main,
    engines: manifest.engines,
    // Exact: the lockfile pins them anyway, and an install that ignored it would still get these.
    dependencies: Object.fromEntries(
      Object.keys(dependencies)
        .sort()
        .map((d) => [d, dependencies[d]]),
    ),
  };
  const pruned = {
    name,
    version: manifest.version,
    lockfileVersion: 3,
    requires: true,
    packages: { '': { name, version: manifest.version, dependencies: pkg.dependencies, engines: manifest.engines }, ...packages },
  };
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(path.join(outDir, 'package-lock.json'), `${JSON.stringify(pruned, null, 2)}\n`);
  return { outDir, packageCount: Object.keys(packages).length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { outDir, packageCount } = writePackage(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`functions: deploy package in ${path.relative(ROOT, outDir) || '.'} (${packageCount} locked packages)`);
}
