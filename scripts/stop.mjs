// `npm run stop`: ends a local stack of this checkout that is still running or left services
// behind (a terminal closed hard, a `kill -9`). The stack names itself in .tmp/stack.json.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { alive, STACK_FILE } from './lib/stack.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(done, ms) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(250)) if (done()) return true;
  return done();
}
const signal = (pid, sig) => {
  try {
    process.kill(pid, sig);
  } catch {
    /* gone */
  }
};

if (!existsSync(STACK_FILE)) {
  console.log('No local stack of this checkout is running.');
  process.exit(0);
}
const { owner, pid, groups = [] } = JSON.parse(readFileSync(STACK_FILE, 'utf8'));
if (alive(pid)) {
  // The stack's own process stops its parts in order; give it the time it allows itself.
  console.log(`Stopping the ${owner} of this checkout (pid ${pid})...`);
  signal(pid, 'SIGTERM');
  await until(() => !alive(pid), 35_000);
}
const left = groups.filter((g) => alive(-g));
if (left.length) {
  console.log(`Ending ${left.length} service(s) it left behind...`);
  for (const g of left) signal(-g, 'SIGTERM');
  await until(() => left.every((g) => !alive(-g)), 5000);
  for (const g of left) signal(-g, 'SIGKILL');
}
rmSync(STACK_FILE, { force: true });
console.log('The local stack of this checkout has stopped.');
