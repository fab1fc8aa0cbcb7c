// Runs a benchmark against the shop at HOSTING_URL (localhost), starting the local stack for the run
// when none is up (and stopping it afterwards).
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { HOSTING_URL, ROOT, startStack } from '../lib/stack.mjs';

export async function withStack(run) {
  const up = await fetch(`${HOSTING_URL}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) return run();
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  console.log(`No shop at ${HOSTING_URL}: starting the local stack for this run (log in .tmp/bench-stack.log)...`);
  const stack = await startStack({ log: createWriteStream(path.join(ROOT, '.tmp', 'bench-stack.log')) });
  try {
    return await run();
  } finally {
    await stack.stop();
  }
}
