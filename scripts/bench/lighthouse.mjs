// Lighthouse (mobile preset) on the running shop's home page, in Debian's Chromium.
// npm run bench:lighthouse [-- <url>] (starts the local stack for the run if none is up)
// Runs several times and judges the median, as Lighthouse's docs advise: one run varies by
// several points with whatever else the machine does. Writes reports/lighthouse.json (median run).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { ROOT } from '../lib/stack.mjs';
import { withStack } from './with-stack.mjs';

const TARGET = 95;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const url = process.argv[2] ?? 'http://localhost:5000/';
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

async function runOnce() {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
  try {
    return await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  } finally {
    await chrome.kill();
  }
}

await withStack(async () => {
  await fetch(url); // warm the function and the file cache: the first request after start is not what users see
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await runOnce();
    const perf = Math.round(result.lhr.categories.performance.score * 100);
    console.log(`run ${i + 1}: performance ${perf}, TBT ${result.lhr.audits['total-blocking-time'].displayValue}, LCP ${result.lhr.audits['largest-contentful-paint'].displayValue}`);
    runs.push({ perf, result });
  }
  runs.sort((a, b) => a.perf - b.perf);
  const { result } = runs[Math.floor(runs.length / 2)];
  const lhr = result.lhr;
  mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  writeFileSync(path.join(ROOT, 'reports', 'lighthouse.json'), result.report);
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  console.log(`\nLighthouse mobile, ${url}, median of ${runs.length} runs`);
  for (const c of Object.keys(lhr.categories)) console.log(`  ${c.padEnd(15)} ${score(c)}`);
  for (const id of METRICS) console.log(`  ${id.padEnd(26)} ${lhr.audits[id]?.displayValue ?? '-'}`);
  if (score('performance') < TARGET) {
    console.error(`Performance ${score('performance')} is below the target of ${TARGET}.`);
    process.exitCode = 1;
  }
});
