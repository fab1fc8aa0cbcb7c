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
  // Stopped from outside (Ctrl-C, a kill): the stack this run started stops with it, as bench:soak's does.
  const stopOnSignal = (signal) => {
    console.error(`\n${signal}: stopping the local stack this run started`);
    void stack.stop().then(() => process.exit(130));
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, stopOnSignal);
  try {
    return await run();
  } finally {
    for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, stopOnSignal);
    await stack.stop();
  }
}
