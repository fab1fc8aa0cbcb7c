/**
 * Emulator addresses for tests, set before firebase-admin loads. The project id is the demo one,
 * so nothing here can ever reach a real Firebase project.
 */
export const PROJECT_ID = 'demo-fridgeparts';
export const AUTH_HOST = '127.0.0.1:9099';
export const FIRESTORE_HOST = '127.0.0.1:8080';

process.env.FIREBASE_AUTH_EMULATOR_HOST ??= AUTH_HOST;
process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_HOST;
process.env.GCLOUD_PROJECT ??= PROJECT_ID;
process.env.GOOGLE_CLOUD_PROJECT ??= PROJECT_ID;
