// Offline stand-in for the Firestore emulator (ENVIRONMENT.md): @firestore-emulator/server speaks
// the gRPC API firebase-admin uses. Out of the box it has no isolated transactions and crashes on
// ids like `constructor`; this wrapper fixes both (docs/decisions/0002-firestore-stand-in.md):
// transactions get per-document locks like production Firestore, and ids are stored as own keys.
// Queries are ordered, cursored (startAt/startAfter/endAt/endBefore), offset and limited as in
// production, ties broken by document name (query-order.mjs, docs/decisions/0037-bounded-paging.md).
// Snapshot listeners get only what changed, coalesced and paced by the client's reading, instead of
// everything again on every write anywhere (listen.mjs, docs/decisions/0041-stack-stays-up.md).
// It still has no security rules: rules tests need the official emulator (Java 21).
import { FirestoreServer } from '@firestore-emulator/server';
import { patchPrototypeKeys } from './firestore-standin/safe-keys.mjs';
import { isolateTransactions } from './firestore-standin/transactions.mjs';
import { countReads } from './firestore-standin/read-stats.mjs';
import { honourQueryOrderAndCursors } from './firestore-standin/query-order.mjs';
import { listenByChanges } from './firestore-standin/listen.mjs';
import { serveMemoryStats } from './firestore-standin/memory-stats.mjs';
import LOCAL_STACK from '../common/src/local-stack.json' with { type: 'json' };

patchPrototypeKeys();
honourQueryOrderAndCursors();
const port = Number(process.env.PORT ?? LOCAL_STACK.ports.firestore);
const server = new FirestoreServer();
isolateTransactions(server);
listenByChanges(server);
// Opt-in (npm run bench:scale): counts document reads and serves the totals over HTTP.
const statsPort = process.env.STANDIN_READ_STATS_PORT;
const stats = statsPort ? countReads(server, Number(statsPort)) : null;
// Opt-in (npm run bench:soak): the live heap beside the data it holds (memory-stats.mjs).
const memoryPort = process.env.STANDIN_MEMORY_PORT;
const memoryStats = memoryPort ? serveMemoryStats(server, Number(memoryPort)) : null;
await server.start(port);
console.log(`firestore stand-in: listening on 127.0.0.1:${port} (transactions isolated by document locks)`);
if (stats) console.log(`firestore stand-in: counting document reads, GET http://127.0.0.1:${statsPort}/reads`);

const stop = async () => {
  stats?.close();
  memoryStats?.close();
  await server.stop?.();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
