// Load on the catalogue API through Hosting (as browsers reach it), with autocannon.
// npm run bench:api [-- <seconds>] (starts the local stack for the run if none is up)
// The emulators are not production: compare runs with each other, not with real latencies.
import autocannon from 'autocannon';
import { HOSTING_URL } from '../lib/stack.mjs';
import { withStack } from './with-stack.mjs';
import { RATE_LIMIT_SCALE_ENV } from '../../common/src/rate-limit-scale.ts';

const duration = Number(process.argv[2] ?? 10);
// Thousands of calls a minute from one address: the load run is what FRIDGEPARTS_RATE_LIMIT_SCALE
// is for (decision 0036). A stack already up keeps its own scale; non-2xx then counts its 429s.
process.env[RATE_LIMIT_SCALE_ENV] ??= '1000';
const base = HOSTING_URL;
await withStack(async () => {
  for (const path of ['/tools?sort=newest&limit=6', '/tools?limit=12&sort=price-asc', '/reviewsget?limit=10', '/tool/condenser-fan-motor']) {
    const r = await autocannon({ url: base + path, connections: 10, duration });
    console.log(
      `${path.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`,
    );
  }
});
