/**
 * The API, fuzz and concurrency tiers' global setup: their services (test-services.ts), started
 * here and torn down after the run, unless `npm test` already serves them for all three tiers.
 */
import { SHARED_TEST_SERVICES_ENV, startTestServices } from './test-services';

export default async function setup() {
  if (process.env[SHARED_TEST_SERVICES_ENV]) return;
  const services = await startTestServices();
  return services.stop;
}
