#!/usr/bin/env node
/**
 * Home page first-paint budget: the gzip size of every script dist/index.html loads or
 * modulepreloads (what the browser must fetch before the home page can render). Build first:
 * `npm run build -w web`, then `node scripts/home-budget.mjs [budgetKB]`. Exits 1 over budget.
 */
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.argv[2] ?? 190);
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const srcs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const src of srcs) {
  const size = gzipSync(readFileSync(join(dist, src)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${src}`);
}
const kb = total / 1024;
console.log(`${kb.toFixed(1).padStart(7)} KB  total first-paint JS (gzip -9), budget ${BUDGET_KB} KB`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB: lazy-load what the home page does not need on first paint.`);
  process.exit(1);
}
