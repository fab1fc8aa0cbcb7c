#!/usr/bin/env node
/**
 * Home page JS budget: the gzip size of the entry script and every chunk it modulepreloads, i.e.
 * everything the home page downloads before it is interactive. When the home page is prerendered
 * (web/prerender.mjs), dist/index.html loads them from an inline loader after the first paint and
 * dist/app.html keeps the original tags, so that file is measured. Build first:
 * `npm run build -w web`, then `node scripts/home-budget.mjs [budgetKB]`. Exits 1 over budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.argv[2] ?? 190);
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
const shell = existsSync(join(dist, 'app.html')) ? 'app.html' : 'index.html';
const html = readFileSync(join(dist, shell), 'utf8');
const srcs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const src of srcs) {
  const size = gzipSync(readFileSync(join(dist, src)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${src}`);
}
const kb = total / 1024;
if (srcs.length === 0) {
  console.error(`No scripts found in dist/${shell}: has the build changed shape?`);
  process.exit(1);
}
console.log(`${kb.toFixed(1).padStart(7)} KB  total home page JS (gzip -9, from dist/${shell}), budget ${BUDGET_KB} KB`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB: lazy-load what the home page does not need on first paint.`);
  process.exit(1);
}
