// Does the catalogue's query cost depend on the catalogue's size? (issue 9)
// npm run bench:scale [-- <tools>]   (default 10,000; wrap it in flock /tmp/fridgeparts-stack.lock)
//
// Starts its own local stack on the Firestore stand-in with the stand-in's read counter switched on
// (STANDIN_READ_STATS_PORT, scripts/firestore-standin/read-stats.mjs) and the reservation sweeper
// idle, so the only reads counted are the API call's own. It measures the home page's API calls
// and the catalogue's with the demo seed (14 tools), writes filler tools straight into the
// stand-in up to <tools> (the seed's document shape: newToolDoc, plus the partNumbers claim), and
// measures again. Prints a table, writes reports/catalog-scale.json, and exits 1 when a call reads
// more documents (or runs more queries) at the large size than at 14.
//
// Fair comparisons: every call is one whose answer has the same shape at both sizes. Pages are full
// at 14 too (the "next page" calls use pages of 6, since 14 tools make only a 2-item second page
// of 12), and filler tools never match the search word, so a search that read the catalogue rather
// than its index would show as a difference. Reads are what Firestore would bill (documents
// returned, at least one per query); latency goes through Hosting and the Functions emulator, so
// compare it between the two sizes, not with production.
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { DEFAULT_PAGE_SIZE, HOME_TOOL_COUNT, MAX_PAGE_SIZE } from '../../common/src/constants.ts';
import { NEXT_CURSOR_HEADER } from '../../common/src/api-paths.ts';
import { newToolDoc } from '../../common/src/documents/tools.ts';
import { DEMO_TOOLS } from '../seed/demo-data.ts';
import { HOSTING_URL, PORTS, PROJECT_ID, ROOT, emulatorEnv, startStack } from '../lib/stack.mjs';

const TARGET = Number(process.argv[2] ?? 10_000);
const STATS_PORT = 8089;
const STATS_URL = `http://127.0.0.1:${STATS_PORT}/reads`;
const RUNS = 5;
const SEARCH = 'compressor';
const BATCH_TOOLS = 250; // two writes each (tool + part number claim): 500 writes per commit

if (!Number.isInteger(TARGET) || TARGET <= DEMO_TOOLS.length) {
  console.error(`bench:scale: the catalogue size must be an integer above ${DEMO_TOOLS.length} (got ${process.argv[2]}).`);
  process.exit(2);
}

/** The calls the home page and the catalogue page make (web/src/features/{catalog,reviews}/api). */
const tools = (params) => `/tools?${new URLSearchParams(params)}`;
const CALLS = [
  { name: `home: ${HOME_TOOL_COUNT} newest tools`, path: tools({ sort: 'newest', limit: String(HOME_TOOL_COUNT) }) },
  { name: 'home: reviews', path: `/reviewsget?limit=${MAX_PAGE_SIZE}` },
  ...['oldest', 'newest', 'price-asc', 'price-desc'].map((sort) => ({ name: `catalogue: first page, ${sort}`, path: tools({ sort, limit: String(DEFAULT_PAGE_SIZE) }) })),
  { name: `catalogue: search "${SEARCH}"`, path: tools({ sort: 'newest', limit: String(DEFAULT_PAGE_SIZE), q: SEARCH }) },
  ...['newest', 'price-asc'].map((sort) => ({ name: `catalogue: next page (of 6), ${sort}`, next: tools({ sort, limit: '6' }) })),
];

const portFree = (port) =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

async function get(url) {
  const started = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return { body, ms, cursor: res.headers.get(NEXT_CURSOR_HEADER) };
}
const resetReads = () => fetch(`${STATS_URL}/reset`, { method: 'POST' }).then((r) => r.json());

/** Waits until nothing else reads (the sweeper's first run at start-up): 3 quiet seconds in a row. */
async function settle() {
  await resetReads();
  for (let waited = 0; waited < 60_000; waited += 3000) {
    await new Promise((r) => setTimeout(r, 3000));
    const { reads, byCollection } = await resetReads();
    if (reads === 0) return;
    console.log(`bench:scale: waiting for background reads to stop (${reads}: ${JSON.stringify(byCollection)})`);
  }
  throw new Error('something keeps reading the stand-in: the counts would not be the calls\' own');
}

async function callPath(call) {
  if (!call.next) return call.path;
  const first = await get(HOSTING_URL + call.next);
  if (!first.cursor) throw new Error(`${call.next} answered no ${NEXT_CURSOR_HEADER}`);
  return `${call.next}&cursor=${encodeURIComponent(first.cursor)}`;
}

/** Each call RUNS times (after one warm-up): documents read per call and median latency. */
async function measure() {
  const results = [];
  for (const call of CALLS) {
    const p = await callPath(call);
    await get(HOSTING_URL + p);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      await resetReads();
      const { body, ms } = await get(HOSTING_URL + p);
      runs.push({ ms, items: body.map((x) => x._id), stats: await resetReads() });
    }
    const reads = runs.map((r) => r.stats.reads);
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    results.push({
      call: call.name,
      path: p,
      items: runs[0].items.length,
      ids: runs[0].items,
      reads: Math.max(...reads),
      readsPerRun: reads,
      readsVaried: new Set(reads).size > 1,
      queries: Math.max(...runs.map((r) => r.stats.queries + r.stats.gets + r.stats.aggregations)),
      byCollection: runs[0].stats.byCollection,
      latencyMsP50: Math.round(ms[Math.floor(ms.length / 2)] * 10) / 10,
    });
  }
  return results;
}

/** Filler tools up to TARGET, in the seed's shape; they interleave with the demo tools by date and price. */
async function fill(db, count) {
  const start = Date.UTC(2025, 0, 1);
  const started = performance.now();
  for (let from = 0; from < count; from += BATCH_TOOLS) {
    const batch = db.batch();
    for (let i = from; i < Math.min(count, from + BATCH_TOOLS); i++) {
      const n = String(i + 1).padStart(5, '0');
      const partNumber = `FP-BENCH-${n}`;
      const id = `bench-tool-${n}`;
      const doc = newToolDoc(
        {
          name: `Scale Benchmark Part ${n}`,
          description: 'Synthetic catalogue entry written by npm run bench:scale.',
          image: '/images/tools/defrost-timer.svg',
          partNumber,
          priceCents: 300 + i * 3,
          packSize: 1,
          priceBreaks: [],
          minimumQuantity: 1,
          availableQuantity: 100,
        },
        Timestamp.fromMillis(start + i * 3_600_000),
      );
      batch.set(db.collection('tools').doc(id), doc);
      batch.set(db.collection('partNumbers').doc(partNumber), { toolId: id });
    }
    await batch.commit();
  }
  return Math.round(performance.now() - started);
}

for (const port of [STATS_PORT, PORTS.hosting]) {
  if (!(await portFree(port))) {
    console.error(`bench:scale: port ${port} is in use. It starts its own stack (it writes ${TARGET} tools and counts reads in the stand-in): stop the running one first.`);
    process.exit(2);
  }
}
// Inherited by the stack's children: the stand-in (with its read counter) and an idle sweeper.
Object.assign(process.env, { FIRESTORE_MODE: 'standin', STANDIN_READ_STATS_PORT: String(STATS_PORT), SWEEP_EVERY_MS: String(86_400_000) });
Object.assign(process.env, emulatorEnv());
mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
console.log('bench:scale: starting the local stack on the stand-in with its read counter (log in .tmp/bench-scale-stack.log)...');
const stack = await startStack({ log: createWriteStream(path.join(ROOT, '.tmp', 'bench-scale-stack.log')) });
let exitCode = 1;
try {
  initializeApp({ projectId: PROJECT_ID });
  const db = getFirestore();
  const small = (await db.collection('tools').count().get()).data().count;
  await settle();
  console.log(`bench:scale: ${small} tools seeded; measuring ${CALLS.length} calls x ${RUNS}...`);
  const atSmall = await measure();
  console.log(`bench:scale: writing ${TARGET - small} filler tools...`);
  const fillMs = await fill(db, TARGET - small);
  const large = (await db.collection('tools').count().get()).data().count;
  console.log(`bench:scale: ${large} tools (written in ${(fillMs / 1000).toFixed(1)} s); measuring again...`);
  await settle();
  const atLarge = await measure();

  const rows = atSmall.map((s, i) => {
    const l = atLarge[i];
    const problems = [];
    if (l.reads > s.reads) problems.push(`reads ${s.reads} -> ${l.reads}`);
    if (l.queries > s.queries) problems.push(`queries ${s.queries} -> ${l.queries}`);
    if (s.readsVaried || l.readsVaried) problems.push('reads varied between runs');
    if (l.items !== s.items) problems.push(`answer changed size ${s.items} -> ${l.items} (not comparable)`);
    return { call: s.call, path: s.path, items: { small: s.items, large: l.items }, reads: { small: s.reads, large: l.reads }, readsPerRun: { small: s.readsPerRun, large: l.readsPerRun }, queries: { small: s.queries, large: l.queries }, byCollection: { small: s.byCollection, large: l.byCollection }, latencyMsP50: { small: s.latencyMsP50, large: l.latencyMsP50 }, ok: problems.length === 0, problems };
  });
  const searchSame = JSON.stringify(atSmall.find((r) => r.call.includes('search')).ids) === JSON.stringify(atLarge.find((r) => r.call.includes('search')).ids);

  const w = [38, 7, 9, 9, 8, 9, 9];
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(w[i]) : String(c).padStart(w[i]))).join(' ');
  console.log(`\nDocuments read per API call (stand-in, Firestore billing), ${small} tools vs ${large}; latency p50 of ${RUNS} through Hosting\n`);
  console.log(line(['call', 'items', `reads@${small}`, `reads@${large}`, 'queries', `ms@${small}`, `ms@${large}`]));
  for (const r of rows) console.log(line([r.call, r.items.small, r.reads.small, r.reads.large, r.queries.large, r.latencyMsP50.small, r.latencyMsP50.large]) + (r.ok ? '' : `   FAIL: ${r.problems.join('; ')}`));
  if (!searchSame) console.log(`\nFAIL: the search "${SEARCH}" found different tools at ${large} (filler tools must not match it)`);

  const pass = rows.every((r) => r.ok) && searchSame;
  const report = { date: new Date().toISOString(), firestore: 'stand-in', tools: { small, large }, fillWriteMs: fillMs, runsPerCall: RUNS, pass, calls: rows };
  mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  writeFileSync(path.join(ROOT, 'reports', 'catalog-scale.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${pass ? 'PASS: no call reads more at' : 'FAIL: some call reads more at'} ${large} tools than at ${small}. Report: reports/catalog-scale.json`);
  exitCode = pass ? 0 : 1;
} catch (err) {
  console.error(`bench:scale: ${err.stack ?? err}`);
} finally {
  await stack.stop();
}
process.exit(exitCode);
