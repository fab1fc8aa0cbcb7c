// The web app's layers, checked on the paths imports resolve to (not on their text, which a
// `../../../features/x` spelled from another depth slipped past): app -> pages -> features ->
// components/lib -> common, a feature never imports another feature, and no import cycles.
// Local ESLint rules, so the check needs no plugin (decision 0031).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, or null (a package, an asset, a missing file). */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  if (/\.(ts|tsx)$/.test(base) && existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return null;
}

/** Where a file of web/src sits: its layer, its rank (higher may import lower) and its feature. */
export function layerOf(file, srcRoot) {
  const rel = path.relative(srcRoot, file);
  if (rel.startsWith('..')) return null;
  const [top, second] = rel.split(path.sep);
  if (top === 'app') return { layer: 'app', rank: 3 };
  if (top === 'pages') return { layer: 'pages', rank: 2 };
  if (top === 'features') return { layer: 'features', rank: 1, feature: second };
  if (top === 'components' || top === 'lib') return { layer: top, rank: 0 };
  if (top === 'test-support') return { layer: 'test-support', rank: 0, testOnly: true };
  return { layer: 'entry', rank: 4 }; // main.tsx, entry-server.tsx, test-setup.ts
}

/** Why `from` may not import `to`, or null when it may. */
export function layerViolation(from, to, fromTest = false) {
  if (!from || !to) return null;
  if (to.testOnly && !fromTest && !from.testOnly) return `Only tests import ${to.layer}/.`;
  if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature) {
    return `Features never import each other (STYLE habit 3): ${from.feature} imports ${to.feature}. Move the shared piece to components/ or lib/, or let the page compose them.`;
  }
  if (to.rank > from.rank) return `${from.layer}/ must not import ${to.layer}/ (layers: app -> pages -> features -> components/lib).`;
  return null;
}

function importSpecifiers(node) {
  if ((node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && node.source)
    return node.source.value;
  if (node.type === 'ImportExpression' && node.source.type === 'Literal') return node.source.value;
  return null;
}

const srcRootOf = (file) => {
  const i = file.lastIndexOf(`${path.sep}web${path.sep}src${path.sep}`);
  return i < 0 ? null : file.slice(0, i + 8);
};

// The cycle rule holds in every package's src (web, functions, common; decision 0072): the folder
// it is reported from is the package's src, the first one above the file.
const PACKAGE_SRC = new RegExp(`\\${path.sep}(web|functions|common)\\${path.sep}src\\${path.sep}`);
const packageSrcOf = (file) => {
  const m = PACKAGE_SRC.exec(file);
  return m ? file.slice(0, m.index + m[0].length) : null;
};

const layers = {
  meta: { type: 'problem', docs: { description: "web/src's layers, on resolved paths" }, schema: [] },
  create(context) {
    const file = context.filename;
    const srcRoot = srcRootOf(file);
    if (!srcRoot) return {};
    const from = layerOf(file, srcRoot);
    const check = (node) => {
      const specifier = importSpecifiers(node);
      if (typeof specifier !== 'string') return;
      const target = resolveImport(file, specifier);
      if (!target) return;
      const why = layerViolation(from, layerOf(target, srcRoot), /\.test\.tsx?$/.test(file));
      if (why) context.report({ node: node.source ?? node, message: why });
    };
    return { ImportDeclaration: check, ExportAllDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
  },
};

// Static imports only (import type and import() do not run a module's body at load).
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const graph = new Map();
function staticImportsOf(file) {
  if (!graph.has(file)) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    graph.set(file, [...text.matchAll(STATIC_IMPORT)].map((m) => resolveImport(file, m[1])).filter(Boolean));
  }
  return graph.get(file);
}

/** A chain of static imports from `start` back to `start`, or null. */
export function cycleThrough(start) {
  const seen = new Set();
  const walk = (file, chain) => {
    for (const next of staticImportsOf(file)) {
      if (next === start) return [...chain, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...chain, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

const noCycle = {
  meta: { type: 'problem', docs: { description: 'no import cycles in web/src, functions/src and common/src' }, schema: [] },
  create(context) {
    const file = context.filename;
    const srcRoot = packageSrcOf(file);
    if (!srcRoot) return {};
    graph.delete(file); // the text being linted, not a stale read
    return {
      'Program:exit'(program) {
        const chain = cycleThrough(file);
        if (chain) context.report({ node: program, message: `Import cycle: ${chain.map((f) => path.relative(srcRoot, f)).join(' -> ')}` });
      },
    };
  },
};

export default { rules: { layers, 'no-cycle': noCycle } };
