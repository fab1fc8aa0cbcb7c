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
// Checkout (CONTRACT §8): a signed-in buyer checks out a cart of every demo tool (14 lines) at both
// sizes, and a cart of 50 filler tools at the large size, after 1,000 orders of history were
// written for the buyer; each CHECKOUT_RUNS times (the history grows by each run). The checkout's
// own reads are those of the collections its transaction reads (carts, tools, counters); the
// booked email, sent after the answer, is listed apart. It fails when the 14-line checkout reads
// more at the large size, or when a checkout reads more than one document per line plus the cart
// and the order counter.
//
// Ties (CONTRACT §9, issue 17): after the large measurement it writes TIED_TOOLS more tools at one
// price and pages into them with cursors a client could craft ([price, id], base64url): past every
// tie, before every tie, and in the middle, by price ascending and descending. Each such page must
// read at most its size + 2 documents (the page, one more to know a next page exists, and one of
// slack), however many tools share the price.
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
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { DEFAULT_PAGE_SIZE, HOME_TOOL_COUNT, MAX_PAGE_SIZE } from '../../common/src/constants.ts';
import { NEXT_CURSOR_HEADER } from '../../common/src/api-paths.ts';
import { newToolDoc } from '../../common/src/documents/tools.ts';
import { reservedOrderDoc } from '../../common/src/documents/bookings.ts';
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
  ...['oldest', 'newest', 'price-asc', 'price-desc'].map((sort) => ({
    name: `catalogue: first page, ${sort}`,
    path: tools({ sort, limit: String(DEFAULT_PAGE_SIZE) }),
  })),
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
  throw new Error("something keeps reading the stand-in: the counts would not be the calls' own");
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

const TIED_TOOLS = 3000;
/** No demo or filler tool costs this (filler prices are 300 + 3i): only the tied ones do. */
const TIED_PRICE = 301;
const tiedId = (i) => `bench-tie-${String(i).padStart(5, '0')}`;
/** A cursor as the API hands them out (functions/src/services/pagination.ts): base64url of [value, id]. */
const craftedCursor = (value, id) => Buffer.from(JSON.stringify([value, id])).toString('base64url');

/** TIED_TOOLS tools at TIED_PRICE, written in shuffled order (so storage order is not id order). */
async function fillTies(db) {
  const order = Array.from({ length: TIED_TOOLS }, (_, i) => i + 1);
  for (let i = order.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  for (let from = 0; from < order.length; from += BATCH_TOOLS) {
    const batch = db.batch();
    for (const n of order.slice(from, from + BATCH_TOOLS)) {
      const partNumber = `FP-TIE-${String(n).padStart(5, '0')}`;
      const doc = newToolDoc(
        {
          name: `Tied Price Part ${n}`,
          description: 'Synthetic tool at a shared price (npm run bench:scale).',
          image: '/images/tools/defrost-timer.svg',
          partNumber,
          priceCents: TIED_PRICE,
          packSize: 1,
          priceBreaks: [],
          minimumQuantity: 1,
          availableQuantity: 100,
        },
        Timestamp.fromMillis(Date.UTC(2024, 0, 1) + n * 60_000),
      );
      batch.set(db.collection('tools').doc(tiedId(n)), doc);
      batch.set(db.collection('partNumbers').doc(partNumber), { toolId: tiedId(n) });
    }
    await batch.commit();
  }
}

/** Pages whose cursor lands on the tied price: documents read per page, RUNS times each. */
async function measureTies() {
  const mid = tiedId(TIED_TOOLS / 2);
  const calls = [
    { name: 'ties: page of 1 past all ties, asc', sort: 'price-asc', limit: 1, id: tiedId(99999) },
    { name: 'ties: page of 1 before all ties, desc', sort: 'price-desc', limit: 1, id: tiedId(0) },
    { name: 'ties: page of 12 mid-ties, asc', sort: 'price-asc', limit: 12, id: mid },
    { name: 'ties: page of 12 mid-ties, desc', sort: 'price-desc', limit: 12, id: mid },
  ];
  const rows = [];
  for (const c of calls) {
    const p = tools({ sort: c.sort, limit: String(c.limit), cursor: craftedCursor(TIED_PRICE, c.id) });
    await get(HOSTING_URL + p);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      await resetReads();
      const { body, ms } = await get(HOSTING_URL + p);
      runs.push({ ms, items: body.length, stats: await resetReads() });
    }
    const reads = Math.max(...runs.map((r) => r.stats.reads));
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    rows.push({
      call: c.name,
      path: p,
      limit: c.limit,
      items: runs[0].items,
      reads,
      queries: Math.max(...runs.map((r) => r.stats.queries)),
      latencyMsP50: Math.round(ms[Math.floor(ms.length / 2)] * 10) / 10,
      ok: reads <= c.limit + 2 && runs[0].items === c.limit,
    });
  }
  return rows;
}

const CHECKOUT_RUNS = 3;
const HISTORY_ORDERS = 1000;
const CONTACT = { phone: '+1 555 010 2030', address: '1 Bench Street, Springfield' };
/** The collections a checkout's transaction reads: its own reads. */
const CHECKOUT_COLLECTIONS = ['carts', 'tools', 'counters'];

/** A buyer in the Auth emulator, signed in through its REST API: uid and ID token. */
async function checkoutBuyer() {
  const email = `bench-buyer-${Date.now().toString(36)}@example.test`;
  const password = 'bench-password-1';
  const { uid } = await getAuth().createUser({ email, password, displayName: 'Bench Buyer', emailVerified: true });
  const res = await fetch(`http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`Auth emulator sign-in: ${JSON.stringify(body)}`);
  return { uid, email, token: body.idToken };
}

async function send(method, p, token, body) {
  const started = performance.now();
  const res = await fetch(HOSTING_URL + p, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  return { status: res.status, body: json, ms: performance.now() - started };
}

/** Cart lines of these tools, each with a quantity its rules accept; their stock raised for every run. */
async function cartOf(db, ids) {
  const lines = [];
  for (const id of ids) {
    const t = (await db.collection('tools').doc(id).get()).data();
    const pack = t.packSize ?? 1;
    lines.push({ toolId: id, quantity: Math.ceil(t.minimumQuantity / pack) * pack });
    await db.collection('tools').doc(id).update({ availableQuantity: 1_000_000 });
  }
  return lines;
}

/** Order history for the buyer: orders written straight into the stand-in, as the API stores them. */
async function writeHistory(db, buyer, count) {
  for (let from = 0; from < count; from += 400) {
    const batch = db.batch();
    for (let i = from; i < Math.min(count, from + 400); i++) {
      const doc = reservedOrderDoc({
        buyer: { uid: buyer.uid, email: buyer.email, name: 'Bench Buyer' },
        lines: [
          {
            toolId: 'bench-tool-00001',
            tool: { name: 'History Part', partNumber: 'FP-BENCH-00001', minimumQuantity: 1 },
            quantity: 1,
            plan: { unitPriceCents: 300, totalCents: 300 },
          },
        ],
        remaining: 100,
        contact: CONTACT,
        poNumber: null,
        orderNumber: `FP-2025-${String(i + 1).padStart(6, '0')}`,
        createdAt: Timestamp.fromMillis(Date.UTC(2025, 0, 1) + i * 60_000),
      });
      batch.set(db.collection('bookings').doc(`bench-history-${i}`), { ...doc, state: 'paid', paid: true });
    }
    await batch.commit();
  }
}

/** Waits until the stand-in has been quiet for 1 s (the previous checkout's email has gone out). */
async function quiet() {
  await resetReads();
  for (let i = 0; i < 30; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    if ((await resetReads()).reads === 0) return;
  }
  throw new Error('the stand-in kept being read after a checkout');
}

/** PUT /cart, then POST /booking/checkout CHECKOUT_RUNS times: the checkout's reads and latency. */
async function measureCheckout(db, buyer, name, lines) {
  const runs = [];
  for (let i = 0; i < CHECKOUT_RUNS; i++) {
    const put = await send('PUT', '/cart', buyer.token, { lines });
    if (put.status !== 200 || !put.body.ready) throw new Error(`PUT /cart: ${put.status} ${JSON.stringify(put.body).slice(0, 300)}`);
    await quiet();
    const res = await send('POST', '/booking/checkout', buyer.token, CONTACT);
    if (res.status !== 201 || res.body.lineCount !== lines.length) throw new Error(`checkout: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    // The booked email goes out after the answer: give it a moment, so its reads show (apart).
    await new Promise((r) => setTimeout(r, 1500));
    runs.push({ ms: res.ms, stats: await resetReads() });
  }
  const own = (s) => CHECKOUT_COLLECTIONS.reduce((n, c) => n + (s.byCollection[c] ?? 0), 0);
  const reads = runs.map((r) => own(r.stats));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const history = (await db.collection('bookings').where('uid', '==', buyer.uid).count().get()).data().count;
  return {
    call: name,
    lines: lines.length,
    reads: Math.max(...reads),
    readsPerRun: reads,
    readsVaried: new Set(reads).size > 1,
    byCollection: runs[0].stats.byCollection,
    ordersOfBuyerAfter: history,
    latencyMsP50: Math.round(ms[Math.floor(ms.length / 2)] * 10) / 10,
  };
}

for (const port of [STATS_PORT, PORTS.hosting]) {
  if (!(await portFree(port))) {
    console.error(
      `bench:scale: port ${port} is in use. It starts its own stack (it writes ${TARGET} tools and counts reads in the stand-in): stop the running one first.`,
    );
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
  const buyer = await checkoutBuyer();
  const demoLines = await cartOf(
    db,
    (await db.collection('tools').get()).docs.map((d) => d.id),
  );
  const checkoutSmall = await measureCheckout(db, buyer, `checkout: cart of ${demoLines.length} demo tools`, demoLines);
  console.log(`bench:scale: writing ${TARGET - small} filler tools...`);
  const fillMs = await fill(db, TARGET - small);
  const large = (await db.collection('tools').count().get()).data().count;
  console.log(`bench:scale: ${large} tools (written in ${(fillMs / 1000).toFixed(1)} s); measuring again...`);
  await settle();
  const atLarge = await measure();
  await writeHistory(db, buyer, HISTORY_ORDERS);
  const bigLines = await cartOf(
    db,
    Array.from({ length: 50 }, (_, i) => `bench-tool-${String(i + 1).padStart(5, '0')}`),
  );
  await settle();
  const checkoutLarge = await measureCheckout(db, buyer, `checkout: cart of ${demoLines.length} demo tools`, demoLines);
  const checkout50 = await measureCheckout(db, buyer, 'checkout: cart of 50 tools', bigLines);
  console.log(`bench:scale: writing ${TIED_TOOLS} tools at one price (${TIED_PRICE} cents) and paging into them...`);
  await fillTies(db);
  await settle();
  const tieRows = await measureTies();
  const checkoutRows = [
    {
      ...checkoutLarge,
      readsAtSmall: checkoutSmall.reads,
      ordersAtSmall: checkoutSmall.ordersOfBuyerAfter,
      ok: checkoutLarge.reads <= checkoutSmall.reads && checkoutSmall.reads <= demoLines.length + 2 && !checkoutLarge.readsVaried && !checkoutSmall.readsVaried,
    },
    { ...checkout50, ok: checkout50.reads <= bigLines.length + 2 && !checkout50.readsVaried },
  ];

  const rows = atSmall.map((s, i) => {
    const l = atLarge[i];
    const problems = [];
    if (l.reads > s.reads) problems.push(`reads ${s.reads} -> ${l.reads}`);
    if (l.queries > s.queries) problems.push(`queries ${s.queries} -> ${l.queries}`);
    if (s.readsVaried || l.readsVaried) problems.push('reads varied between runs');
    if (l.items !== s.items) problems.push(`answer changed size ${s.items} -> ${l.items} (not comparable)`);
    return {
      call: s.call,
      path: s.path,
      items: { small: s.items, large: l.items },
      reads: { small: s.reads, large: l.reads },
      readsPerRun: { small: s.readsPerRun, large: l.readsPerRun },
      queries: { small: s.queries, large: l.queries },
      byCollection: { small: s.byCollection, large: l.byCollection },
      latencyMsP50: { small: s.latencyMsP50, large: l.latencyMsP50 },
      ok: problems.length === 0,
      problems,
    };
  });
  const searchSame = JSON.stringify(atSmall.find((r) => r.call.includes('search')).ids) === JSON.stringify(atLarge.find((r) => r.call.includes('search')).ids);

  const w = [38, 7, 9, 9, 8, 9, 9];
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(w[i]) : String(c).padStart(w[i]))).join(' ');
  console.log(`\nDocuments read per API call (stand-in, Firestore billing), ${small} tools vs ${large}; latency p50 of ${RUNS} through Hosting\n`);
  console.log(line(['call', 'items', `reads@${small}`, `reads@${large}`, 'queries', `ms@${small}`, `ms@${large}`]));
  for (const r of rows)
    console.log(
      line([r.call, r.items.small, r.reads.small, r.reads.large, r.queries.large, r.latencyMsP50.small, r.latencyMsP50.large]) +
        (r.ok ? '' : `   FAIL: ${r.problems.join('; ')}`),
    );
  console.log(`\nCheckout reads (carts + tools + counters; the email's reads apart), ${CHECKOUT_RUNS} runs each; the buyer's order history in brackets\n`);
  for (const r of checkoutRows) {
    const before = r.readsAtSmall !== undefined ? `${r.readsAtSmall} at ${small} tools [${r.ordersAtSmall} orders], ` : '';
    console.log(
      `${r.call.padEnd(38)} ${before}${r.readsPerRun.join('/')} at ${large} tools [${r.ordersOfBuyerAfter} orders]; p50 ${r.latencyMsP50} ms; ${JSON.stringify(r.byCollection)}${r.ok ? '' : '   FAIL'}`,
    );
  }
  console.log(`\nPages that start among ${TIED_TOOLS} tools at one price (crafted cursors), at most size + 2 reads\n`);
  for (const r of tieRows) console.log(line([r.call, r.items, '', r.reads, r.queries, '', r.latencyMsP50]) + (r.ok ? '' : '   FAIL'));
  if (!searchSame) console.log(`\nFAIL: the search "${SEARCH}" found different tools at ${large} (filler tools must not match it)`);

  const pass = rows.every((r) => r.ok) && searchSame && checkoutRows.every((r) => r.ok) && tieRows.every((r) => r.ok);
  const report = {
    date: new Date().toISOString(),
    firestore: 'stand-in',
    tools: { small, large },
    fillWriteMs: fillMs,
    runsPerCall: RUNS,
    pass,
    calls: rows,
    checkout: { runs: CHECKOUT_RUNS, historyOrdersWritten: HISTORY_ORDERS, atSmall: checkoutSmall, rows: checkoutRows },
    ties: { tools: TIED_TOOLS, priceCents: TIED_PRICE, rows: tieRows },
  };
  mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  writeFileSync(path.join(ROOT, 'reports', 'catalog-scale.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\n${pass ? 'PASS: no call reads more at' : 'FAIL: some call reads more at'} ${large} tools than at ${small}. Report: reports/catalog-scale.json`,
  );
  exitCode = pass ? 0 : 1;
} catch (err) {
  console.error(`bench:scale: ${err.stack ?? err}`);
} finally {
  await stack.stop();
}
process.exit(exitCode);
