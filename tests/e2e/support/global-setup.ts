// @ts-expect-error plain JS helper shared with npm start
import { startStack } from '../../../scripts/lib/stack.mjs';
import { createWriteStream, mkdirSync } from 'node:fs';

/** Starts the whole local stack (build, emulators, seed) once; Playwright calls the returned teardown. */
export default async function globalSetup() {
  mkdirSync('../.tmp', { recursive: true });
  const log = createWriteStream('../.tmp/e2e-stack.log');
  const stack = await startStack({ log });
  process.env.E2E_CATALOG_SOURCE = stack.catalogSource;
  return async () => {
    await stack.stop();
    log.end();
  };
}
