// Bundles the function into lib/index.js with common/ inlined, leaving only the runtime
// dependencies (package.json's `dependencies`) as require()s. The deploy package, functions/dist/,
// is made from it by scripts/deploy/functions-package.mjs (decision 0040).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies);

await build({
  entryPoints: [new URL('./src/index.ts', import.meta.url).pathname],
  outfile: new URL('./lib/index.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
console.log('functions: built lib/index.js');
