// Home-page JS weight: the entry script and every chunk index.html preloads (what the browser
// must fetch before the first paint), gzipped, against the 190 KB budget (decision 0008). Lazy chunks
// are listed for information. Usage: npm run bench:bundle [-- --no-build]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/stack.mjs';

const BUDGET_KB = 190;
const dist = path.join(ROOT, 'web', 'dist');
if (!process.argv.includes('--no-build')) {
  const r = spawnSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// app.html is the shell with Vite's script tags; index.html (prerendered) loads the same chunks after paint.
const html = readFileSync(path.join(dist, existsSync(path.join(dist, 'app.html')) ? 'app.html' : 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
const kb = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;

const rows = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `assets/${f}`, gzip: kb(`assets/${f}`), raw: statSync(path.join(dist, 'assets', f)).size / 1024 }))
  .sort((a, b) => b.gzip - a.gzip);

let total = 0;
console.log('First paint (home page):');
for (const r of rows.filter((r) => initial.has(r.file))) {
  total += r.gzip;
  console.log(`  ${r.gzip.toFixed(1).padStart(7)} KB gz  ${r.file}`);
}
console.log(`  ${total.toFixed(1).padStart(7)} KB gz  total (budget ${BUDGET_KB} KB)`);
console.log('Loaded on demand:');
for (const r of rows.filter((r) => !initial.has(r.file))) console.log(`  ${r.gzip.toFixed(1).padStart(7)} KB gz  ${r.file}`);

if (total > BUDGET_KB) {
  console.error(`\nOver budget: the home page ships ${total.toFixed(1)} KB of gzipped JS (budget ${BUDGET_KB} KB).`);
  process.exit(1);
}
console.log(`\nWithin budget: ${total.toFixed(1)} KB of ${BUDGET_KB} KB.`);
