/**
 * Emulator addresses for tests, set before firebase-admin loads (from common/src/local-stack.json).
 * The project id is the demo one, so nothing here can ever reach a real Firebase project.
 */
import { localHostPort, PROJECT_ID } from '../../common/src/local-stack';

export { PROJECT_ID };
export const AUTH_HOST = localHostPort('auth');
export const FIRESTORE_HOST = localHostPort('firestore');

process.env.FIREBASE_AUTH_EMULATOR_HOST ??= AUTH_HOST;
process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_HOST;
process.env.GCLOUD_PROJECT ??= PROJECT_ID;
process.env.GOOGLE_CLOUD_PROJECT ??= PROJECT_ID;

// The search index re-reads its snapshot's version at every search (20 s when deployed), so a tool
// written by a test is searchable at once; tests/api/search.test.ts sets it longer to count reads.
process.env.SEARCH_RECHECK_MS ??= '0';
