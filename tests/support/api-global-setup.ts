/**
 * Starts what the API tests need: the Auth emulator, and Firestore (the official emulator where
 * Java 21 exists, else the offline stand-in). Torn down after the run.
 */
import { startEmulators } from './emulators';

export default async function setup() {
  const { stop, mode } = await startEmulators(['auth']);
  process.env.TEST_FIRESTORE_MODE = mode;
  return stop;
}
