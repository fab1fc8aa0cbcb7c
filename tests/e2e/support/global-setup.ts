// @ts-expect-error plain JS helper shared with npm start
import { startStack } from '../../../scripts/lib/stack.mjs';
import { createWriteStream, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { RATE_LIMIT_SCALE_ENV } from '../../../common/src/rate-limit-scale';
import { saveSignedInStates } from './signed-in';

/**
 * Starts the whole local stack (build, emulators, seed) once, then signs each demo role in once
 * (signed-in.ts); Playwright calls the returned teardown.
 */
export default async function globalSetup(config: FullConfig) {
  // The checkout's .tmp, wherever Playwright is started from (a relative path followed the cwd out of the tree).
  const tmp = fileURLToPath(new URL('../../../.tmp/', import.meta.url));
  mkdirSync(tmp, { recursive: true });
  const log = createWriteStream(`${tmp}e2e-stack.log`);
  // The whole suite calls from one address and a few demo accounts: the documented local scale
  // (README, decision 0036) keeps it inside the rate limits; a value given to the run wins.
  process.env[RATE_LIMIT_SCALE_ENV] ??= '10';
  const stack = await startStack({ log });
  process.env.E2E_CATALOG_SOURCE = stack.catalogSource;
  try {
    await saveSignedInStates(config.projects[0].use);
  } catch (err) {
    await stack.stop();
    log.end();
    throw err;
  }
  return async () => {
    await stack.stop();
    log.end();
  };
}
