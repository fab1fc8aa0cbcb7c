// Does finding by appliance model cost the same at 2,000 models as at the seed's 4? (issue 28, CONTRACT §12)
// npm run bench:models [-- <models>]   (default 2,000 models of 2 sections x 20 callouts)
//
// Starts its own local stack on the Firestore stand-in with its read counter on and the reservation
// sweeper idle, so the reads counted are the calls' own (as bench:scale does). Measures the model
// calls with the demo seed's models, then imports <models> generated models through the admin's
// POST /models/import (50 a call, each drawing with its 20 numbered callouts), timing the import,
// and measures again. The generated models list the demo catalogue's numbers, so the defrost timer
// fits thousands of models and its list of models pages through them.
//
// Checks, each printed: the model page and a drawing read no more documents at the large size than
// at the small one; a warm search reads nothing; a page of browsing reads its page and one more; a
// tool's page of models (first and next) at most its page and one more, the tool and the queries of
// its replacement chains; the tool page's fitsModelCount is one count() query, which Firestore
// bills as one read per 1,000 entries counted, so it may read that much more (decision 0051). Writes reports/models-scale.json; exits 1 when a
// check fails. Latency goes through Hosting and the Functions emulator: compare the two sizes, not
// production.
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DEMO_ACCOUNTS, MAX_PAGE_SIZE } from '../../common/src/constants.ts';
import { MODEL_PAGE_SIZE } from '../../common/src/models/appliance-model.ts';
import { HOSTING_URL, PORTS, ROOT, emulatorEnv, startStack } from '../lib/stack.mjs';

const TARGET = Number(process.argv[2] ?? 2000);
const STATS_PORT = 8090;
const STATS_URL = `http://127.0.0.1:${STATS_PORT}/reads`;
const RUNS = 5;
const PER_IMPORT = 50;
const SECTIONS = 2;
const CALLOUTS = 20;
/** A demo model and a tool many models list (the seed: demo-models.ts). */
const DEMO_MODEL = 'NRT18F2W';
const BUSY_TOOL = 'defrost-timer';

if (!Number.isInteger(TARGET) || TARGET < 100) {
  console.error(`bench:models: the number of models must be an integer of at least 100 (got ${process.argv[2]}).`);
  process.exit(2);
}

const portFree = (port) =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
const resetReads = () => fetch(`${STATS_URL}/reset`, { method: 'POST' }).then((r) => r.json());

async function call(pathname, init = {}) {
  const started = performance.now();
  const res = await fetch(HOSTING_URL + pathname, init);
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: HTTP ${res.status} ${text.slice(0, 500)}`);
  return { body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, ms };
}

/** Waits until nothing else reads (the start-up's own work): 3 quiet seconds in a row. */
async function settle() {
  await resetReads();
  for (let waited = 0; waited < 60_000; waited += 3000) {
    await new Promise((r) => setTimeout(r, 3000));
    if ((await resetReads()).reads === 0) return;
  }
  throw new Error("something keeps reading the stand-in: the counts would not be the calls' own");
}

async function adminToken() {
  const { email, password } = DEMO_ACCOUNTS.admin;
  const res = await fetch(`http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`Auth emulator sign-in: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** The calls a technician's pages make; `next` pages once with the first answer's cursor. */
async function callsFor() {
  const model = (await call(`/models/${DEMO_MODEL}`)).body;
  const firstToolPage = (await call(`/tool/${BUSY_TOOL}/models`)).body;
  return [
    { name: 'model page', path: `/models/${DEMO_MODEL}` },
    { name: 'a drawing', path: model.sections[0].diagram },
    { name: 'search "nrt18" (warm)', path: '/models?q=nrt18', warm: true },
    { name: 'browse: brand Nordcold, first page', path: '/models?brand=Nordcold', page: true },
    { name: `tool page (${BUSY_TOOL}, with fitsModelCount)`, path: `/tool/${BUSY_TOOL}`, counts: true },
    { name: `the models ${BUSY_TOOL} fits, first page`, path: `/tool/${BUSY_TOOL}/models`, toolModels: true },
    ...(firstToolPage.cursor
      ? [{ name: `the models ${BUSY_TOOL} fits, next page`, path: `/tool/${BUSY_TOOL}/models?cursor=${firstToolPage.cursor}`, toolModels: true }]
      : []),
  ];
}

/** Each call RUNS times after a warm-up: the most documents one run read, and the median latency. */
async function measure(calls) {
  const out = new Map();
  for (const c of calls) {
    await call(c.path);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      await resetReads();
      const { body, ms } = await call(c.path);
      runs.push({ ms, stats: await resetReads(), items: Array.isArray(body?.models) ? body.models.length : null, fits: body?.fitsModelCount });
    }
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    out.set(c.name, {
      reads: Math.max(...runs.map((r) => r.stats.reads)),
      byCollection: runs[0].stats.byCollection,
      items: runs[0].items,
      fitsModelCount: runs[0].fits ?? null,
      latencyMsP50: Math.round(ms[Math.floor(ms.length / 2)] * 10) / 10,
    });
  }
  return out;
}

/** A generated model: two assemblies of twenty callouts, each listing a catalogue number, drawn with its numbered circles. */
function generatedModel(i, numbers) {
  const n = String(i).padStart(5, '0');
  const modelNumber = `BCH-${n}-W`;
  const sections = Array.from({ length: SECTIONS }, (_, s) => {
    const callouts = Array.from({ length: CALLOUTS }, (_, c) => ({
      ref: String(c + 1),
      partNumber: numbers[(i + s * CALLOUTS + c) % numbers.length],
      quantity: 1,
      note: '',
    }));
    const circles = callouts
      .map((c, k) => {
        const x = 30 + (k % 10) * 36;
        const y = 60 + Math.floor(k / 10) * 160;
        return `<g><line x1="${x}" y1="${y + 40}" x2="${x}" y2="${y + 11}" stroke="#333"/><circle cx="${x}" cy="${y}" r="11" fill="#fff" stroke="#333"/><text x="${x}" y="${y}" data-ref="${c.ref}">${c.ref}</text></g>`;
      })
      .join('');
    return {
      name: `Assembly ${s + 1}`,
      diagramSvg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect x="10" y="100" width="380" height="80" fill="none" stroke="#333"/>${circles}</svg>`,
      callouts,
    };
  });
  return { modelNumber, brand: i % 2 ? 'Benchcold' : 'Nordcold', applianceType: 'top-freezer-refrigerator', title: `Generated refrigerator ${n}`, sections };
}

for (const port of [STATS_PORT, PORTS.hosting]) {
  if (!(await portFree(port))) {
    console.error(`bench:models: port ${port} is in use. It starts its own stack (it imports ${TARGET} models): stop the running one first.`);
    process.exit(2);
  }
}
Object.assign(process.env, {
  FIRESTORE_MODE: 'standin',
  STANDIN_READ_STATS_PORT: String(STATS_PORT),
  SWEEP_EVERY_MS: String(86_400_000),
  // Forty imports a minute from one admin: well inside the limits scaled up for a bench.
  FRIDGEPARTS_RATE_LIMIT_SCALE: process.env.FRIDGEPARTS_RATE_LIMIT_SCALE ?? '100',
});
Object.assign(process.env, emulatorEnv());
mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
console.log('bench:models: starting the local stack on the stand-in with its read counter (log in .tmp/bench-models-stack.log)...');
const stack = await startStack({ log: createWriteStream(path.join(ROOT, '.tmp', 'bench-models-stack.log')) });
let exitCode = 1;
try {
  const token = await adminToken();
  await settle();
  const small = await measure(await callsFor());

  const numbers = (await call(`/tools?limit=${MAX_PAGE_SIZE}`)).body.map((t) => t.partNumber);
  console.log(`bench:models: importing ${TARGET} models (${SECTIONS} x ${CALLOUTS} callouts, ${numbers.length} numbers) in calls of ${PER_IMPORT}...`);
  const importMs = [];
  for (let from = 1; from <= TARGET; from += PER_IMPORT) {
    const models = Array.from({ length: Math.min(PER_IMPORT, TARGET - from + 1) }, (_, k) => generatedModel(from + k, numbers));
    const { ms } = await call('/models/import', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ models }),
    });
    importMs.push(ms);
  }
  const importTotalS = importMs.reduce((a, b) => a + b, 0) / 1000;
  console.log(`bench:models: imported in ${importTotalS.toFixed(1)} s (${((importTotalS * 1000) / TARGET).toFixed(1)} ms a model); measuring again...`);
  await new Promise((r) => setTimeout(r, 1000));
  await settle();
  const calls = await callsFor();
  const large = await measure(calls);

  const rows = calls.map((c) => {
    const s = small.get(c.name);
    const l = large.get(c.name);
    const problems = [];
    if (c.warm && l.reads > 0) problems.push(`a warm search read ${l.reads}`);
    if (c.page && l.reads > MODEL_PAGE_SIZE + 1) problems.push(`read ${l.reads}, more than a page of ${MODEL_PAGE_SIZE} and one more`);
    // fitsModelCount is one count() query, which Firestore bills as a read per 1,000 entries it counts.
    else if (c.counts && l.reads > s.reads + Math.ceil(l.fitsModelCount / 1000))
      problems.push(`reads ${s.reads} -> ${l.reads} for ${l.fitsModelCount} models counted`);
    else if (c.toolModels) {
      // The page and one more, the tool, and its replacement levels (the defrost timer replaces one: two queries' worth of slack).
      if (l.reads > MODEL_PAGE_SIZE + 1 + 1 + 3) problems.push(`read ${l.reads}, more than a page of ${MODEL_PAGE_SIZE} + 5`);
    } else if (!c.page && !c.counts && s && l.reads > s.reads) problems.push(`reads ${s.reads} -> ${l.reads}`);
    return {
      call: c.name,
      path: c.path,
      reads: { small: s?.reads ?? null, large: l.reads },
      items: { small: s?.items ?? null, large: l.items },
      latencyMsP50: { small: s?.latencyMsP50 ?? null, large: l.latencyMsP50 },
      byCollection: l.byCollection,
      ok: problems.length === 0,
      problems,
    };
  });
  const pass = rows.every((r) => r.ok);
  const models = { small: 4, large: 4 + TARGET };
  console.log(`\ncall                                            reads ${models.small} -> ${models.large}   items   p50 ms       check`);
  for (const r of rows)
    console.log(
      `${r.call.padEnd(48)}${`${r.reads.small ?? '-'} -> ${r.reads.large}`.padEnd(14)}${`${r.items.small ?? '-'}/${r.items.large ?? '-'}`.padEnd(8)}${`${r.latencyMsP50.small ?? '-'} / ${r.latencyMsP50.large}`.padEnd(13)}${r.ok ? 'ok' : `FAIL: ${r.problems.join('; ')}`}`,
    );
  console.log(`import: ${TARGET} models in ${importMs.length} calls, ${importTotalS.toFixed(1)} s; slowest call ${Math.round(Math.max(...importMs))} ms`);
  writeFileSync(
    path.join(ROOT, 'reports', 'models-scale.json'),
    JSON.stringify(
      {
        models,
        sectionsPerModel: SECTIONS,
        calloutsPerSection: CALLOUTS,
        import: { calls: importMs.length, totalSeconds: importTotalS, slowestMs: Math.max(...importMs) },
        rows,
        pass,
      },
      null,
      2,
    ),
  );
  console.log(
    `\n${pass ? 'PASS: every model call within its bound' : 'FAIL: a model call past its bound'} at ${models.large} models (${models.small} before). Report: reports/models-scale.json`,
  );
  exitCode = pass ? 0 : 1;
} catch (err) {
  console.error(`bench:models: ${err.stack ?? err}`);
} finally {
  await stack.stop();
}
process.exit(exitCode);
