/**
 * Builds the catalogue's search snapshot ahead of the first search (CONTRACT §11, decision 0048):
 * a deployment whose Firestore has no snapshot (a new project, tools imported from elsewhere)
 * would otherwise build it inside its first search, which at 100,000 parts takes minutes (149 s
 * measured locally) and passes the function's timeout. Reads every tool once, in pages, and writes
 * the snapshot with the function's own builder; a search running meanwhile takes it up within 20 s.
 *   GOOGLE_APPLICATION_CREDENTIALS=key.json node --import tsx scripts/build-search-snapshot.ts --project <id>
 * Against the local emulators (`npm start` running): FIRESTORE_EMULATOR_HOST=127.0.0.1:<port> and
 * `--project demo-fridgeparts`.
 */
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';

const { values } = parseArgs({ options: { project: { type: 'string' } } });
if (!values.project) {
  console.error('usage: node --import tsx scripts/build-search-snapshot.ts --project <firebase-project-id>');
  process.exit(2);
}
initializeApp({ projectId: values.project });
// Loaded after initializeApp, so the function's data module finds this app (as the seed does).
const { buildSearchSnapshot } = await import('../functions/src/services/catalog/search-snapshot');
const started = Date.now();
const outcome = await buildSearchSnapshot({ force: true });
if (outcome !== 'built') {
  // 'busy': another build claimed the snapshot after this one (a second run of this script).
  console.error(`search snapshot: not built (${outcome}); another build is under way. Run it again when that one ends.`);
  process.exit(1);
}
console.log(`search snapshot of project ${values.project} built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
