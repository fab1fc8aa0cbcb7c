// JS per route (issue 9): opens each page in Debian's Chromium against the local stack (started
// for the run if none is up, by the Playwright config's global setup) and sums the gzipped
// scripts it loads before any interaction, against the budget (home 190 KB, other pages 200 KB).
// Figures in reports/route-js.json. Usage: npm run bench:bundle (after the home-page report).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../lib/stack.mjs';

const bin = path.join(ROOT, 'node_modules', '.bin');
const r = spawnSync(path.join(bin, 'playwright'), ['test', '-c', 'tests/playwright.config.ts', 'tests/e2e/route-budget.spec.ts', '--reporter=line'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
});
process.exit(r.status ?? 1);
