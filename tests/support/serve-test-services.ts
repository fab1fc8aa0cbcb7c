/**
 * `npm test` runs this once for the API, fuzz and concurrency tiers (decision 0047): it starts
 * their services (test-services.ts), prints `ready <firestore mode>` on its own line, and stops
 * them on SIGTERM or SIGINT, or when its parent closes stdin.
 */
import { startTestServices } from './test-services';

const services = await startTestServices();
let stopping: Promise<void> | null = null;
const stop = (why: string) => {
  console.log(`stopping (${why})`);
  stopping ??= services.stop().then(
    () => process.exit(0),
    (err: Error) => {
      console.error(`stopping the test services failed: ${err.message}`);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.stdin.on('end', () => stop('npm test is done with them'));
process.stdin.resume();
console.log(`ready ${services.mode}`);
