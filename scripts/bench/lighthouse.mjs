// Lighthouse (mobile preset) on the running shop's home page, in Debian's Chromium.
// npm run bench:lighthouse [-- <url>] (starts the local stack for the run if none is up)
// Writes reports/lighthouse.json and fails below the performance target.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { ROOT } from '../lib/stack.mjs';
import { withStack } from './with-stack.mjs';

const TARGET = 95;
const url = process.argv[2] ?? 'http://localhost:5000/';
await withStack(async () => {
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
});
try {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  const lhr = result.lhr;
  mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  writeFileSync(path.join(ROOT, 'reports', 'lighthouse.json'), result.report);
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  console.log(`Lighthouse mobile, ${url}`);
  for (const c of Object.keys(lhr.categories)) console.log(`  ${c.padEnd(15)} ${score(c)}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`  ${id.padEnd(26)} ${lhr.audits[id]?.displayValue ?? '-'}`);
  }
  if (score('performance') < TARGET) {
    console.error(`Performance ${score('performance')} is below the target of ${TARGET}.`);
    process.exitCode = 1;
  }
} finally {
  await chrome.kill();
}
});
