// `npm test`: every check this machine can run, with a summary line per tier that says plainly
// what ran, what failed and what was skipped and why (STYLE habit 12).
//   npm test                 all tiers
//   npm test -- unit api     only the named tiers
// The tiers run in two lanes at once (decision 0047): the code lane (typecheck, lint, budget, unit,
// package) holds no fixed port (the unit tier's mail-trigger test starts its own stand-in and MailDev on
// free ports) and uses the CPU the stack lane leaves idle while the API and fuzz tests wait on the
// emulators; the stack lane (api, fuzz, concurrency, e2e, rules, stack) runs one tier at a time, as
// they share the local stack's ports. The api, fuzz and concurrency tiers come first and share one
// start of their services. The stack lane's output streams live; each code-lane tier's output is
// printed whole when it ends, so the two never interleave.
// Where a private network namespace can be made (root on Linux, with iproute2; decision 0081), the
// stack tier runs in one at the end of the code lane, beside the fuzz and concurrency tiers, whose
// requests leave CPU idle; the e2e tier waits for it, as both write the Functions emulator's env files.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { e2eBrowserPath } from './lib/browser.mjs';
import { buildShop, javaMajor, PROJECT_ID, ROOT } from './lib/stack.mjs';

const BIN = path.join(ROOT, 'node_modules', '.bin');
// FRIDGEPARTS_PREBUILT: the shop is built once, before the first tier that serves it, and every
// stack a tier starts serves that build.
const env = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH}`, FRIDGEPARTS_PREBUILT: '1' };
const chromium = e2eBrowserPath();
const hasJava21 = javaMajor() >= 21;
const inCI = Boolean(process.env.CI);

/** Each tier: a command, or a reason it cannot run on this machine; `code` tiers listen on no port. */
const TIERS = [
  { name: 'typecheck', code: true, what: 'tsc --noEmit in common, functions, web, tests, scripts', cmd: ['npm', ['run', 'typecheck', '--silent']] },
  {
    name: 'lint',
    code: true,
    what: 'eslint over every workspace, then Prettier checks the layout of every file it formats (npm run format writes it)',
    cmd: ['npm', ['run', 'lint', '--silent']],
  },
  {
    name: 'budget',
    code: true,
    what: 'home page first-paint JS within 190 KB gzipped (bundle report)',
    cmd: ['node', ['scripts/bench/bundle-report.mjs', '--no-build']],
    needsBuild: true,
  },
  {
    name: 'unit',
    code: true,
    what: 'vitest beside the code in common, functions, web',
    cmd: ['npm', ['run', 'test', '--workspaces', '--if-present', '--silent']],
  },
  {
    name: 'package',
    code: true,
    what: 'the functions deploy package: registry dependencies at the root lockfile versions, installed by npm ci alone, the function loading from it',
    cmd: ['vitest', ['run', '--config', 'tests/vitest.package.config.ts', '--root', 'tests']],
    needsBuild: true,
  },
  {
    name: 'api',
    what: 'HTTP tests of the function against the Auth emulator and Firestore' + (hasJava21 ? '' : ' (offline stand-in)'),
    cmd: ['vitest', ['run', '--config', 'tests/vitest.api.config.ts', '--root', 'tests']],
    testServices: true,
  },
  {
    name: 'fuzz',
    what: 'fast-check: generated bodies, queries and ids for every endpoint; no 5xx, JSON errors, refusals change nothing',
    cmd: ['vitest', ['run', '--config', 'tests/vitest.fuzz.config.ts', '--root', 'tests']],
    testServices: true,
  },
  {
    name: 'concurrency',
    what:
      'simultaneous bookings, cancels and admin changes never oversell or double-return (' +
      (hasJava21 ? 'Firestore emulator' : 'stand-in with isolated transactions') +
      ')',
    cmd: ['vitest', ['run', '--config', 'tests/vitest.emulator.config.ts', '--root', 'tests']],
    testServices: true,
  },
  {
    name: 'e2e',
    what: `Playwright in ${chromium} against the local stack`,
    cmd: ['playwright', ['test', '-c', 'tests/playwright.config.ts']],
    needsBuild: true,
    skip: existsSync(chromium) ? null : `no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
  },
  {
    name: 'rules',
    what: 'Firestore security rules (@firebase/rules-unit-testing) in the Firestore emulator',
    cmd: ['firebase', ['emulators:exec', '--only', 'firestore', '--project', PROJECT_ID, 'vitest run --config tests/vitest.rules.config.ts --root tests']],
    skip: hasJava21 ? null : 'the Firestore emulator needs Java 21+ (this machine has ' + (javaMajor() || 'no') + ' Java); it runs in .github/workflows/ci.yml',
  },
  {
    name: 'stack',
    what: 'npm start: Ctrl-C then a start again, npm run stop, SIGTERM to the group or to npm, Ctrl-C twice while starting each free every port; a held port names its stack; a part that dies stops the stack with a non-zero code, naming it',
    cmd: ['vitest', ['run', '--config', 'tests/vitest.stack.config.ts', '--root', 'tests']],
    needsBuild: true,
    ownNetwork: true,
  },
];

/**
 * Whether a tier can run in a network namespace of its own, with loopback up: its ports are then
 * its own, so it can run beside the tiers that hold the same ports. Null when it can; else why not.
 */
function ownNetworkProblem() {
  if (process.env.FRIDGEPARTS_ONE_NETWORK === '1') return 'FRIDGEPARTS_ONE_NETWORK=1';
  const probe = spawnSync('unshare', ['--net', 'sh', '-c', 'ip link set lo up'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.error) return `unshare: ${probe.error.message}`;
  return probe.status === 0 ? null : `unshare --net: ${(probe.stderr || `exit ${probe.status}`).trim().split('\n')[0]}`;
}
const networkProblem = ownNetworkProblem();

/** Whether `tier` runs in a network namespace of its own (in the code lane) on this machine. */
const ownNetwork = (tier) => Boolean(tier.ownNetwork) && networkProblem === null;

/** `cmd args` inside a new network namespace whose loopback is up. */
const inOwnNetwork = (cmd, args) => ['unshare', ['--net', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', cmd, ...args]];

/**
 * Runs a tier and keeps its output to say in the summary why it failed; `live` streams it through
 * as it comes (the stack lane), otherwise the caller prints it whole.
 */
function run(cmd, args, live, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (stream, sink) =>
      stream.on('data', (chunk) => {
        if (live) sink.write(chunk);
        output += chunk;
        if (output.length > 4_000_000) output = output.slice(-2_000_000);
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('error', (err) => resolve({ code: 1, output: `${output}\nError: ${err.message}` }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The output's lines without the terminal's colour codes. */
// eslint-disable-next-line no-control-regex
const plainLines = (output) => output.replace(/\u001b\[[0-9;]*m/g, '').split('\n');

/**
 * The lines of a failed tier that name what failed (vitest's FAIL and ×, its unhandled errors,
 * Playwright's ✘ and numbered failures with the locator, the expected and received values, what
 * it was waiting for and the failing line of the spec, tsc and eslint errors, the files Prettier would change), so the summary at the end of a
 * long log says why without scrolling back.
 */
function failureLines(output) {
  const plain = plainLines(output).map((l) => l.trimEnd());
  const marked = plain.filter((l) =>
    /(^\s*(FAIL|×|✘|\d+\) |\[warn\] |Locator: |Expected: |Received: |- waiting for |> \d+ \|)|Error[:\]]|error TS\d+|\d+:\d+\s+error\s|Unhandled|Errors\s+\d)/.test(
      l,
    ),
  );
  const unique = [...new Set(marked.map((l) => l.trim()))];
  return unique.length > 30 ? [...unique.slice(0, 30), `... and ${unique.length - 30} more lines`] : unique;
}

/**
 * Tests that passed only on a retry (Playwright's "flaky"): the summary names them, so a retry
 * never hides a failure.
 */
function retriedTests(output) {
  const plain = plainLines(output);
  return [...new Set(plain.filter((l) => /\(retry #\d+\)/.test(l) && /✓|ok\b/.test(l)).map((l) => l.trim()))];
}

/** The one build of the shop, made before the first tier that serves it. */
let build = null;
async function buildOnce() {
  build ??= (async () => {
    console.log('\n=== build: the function and the web app, once for every tier that serves them');
    const started = Date.now();
    try {
      await buildShop();
      return { ok: true, seconds: Math.round((Date.now() - started) / 1000) };
    } catch (err) {
      return { ok: false, seconds: Math.round((Date.now() - started) / 1000), error: err.message };
    }
  })();
  return build;
}

const wanted = process.argv.slice(2);
const chosen = TIERS.filter((tier) => !wanted.length || wanted.includes(tier.name));
const results = new Map();
const started = Date.now();

/** A tier this machine cannot run; in CI a missing browser fails the e2e tier rather than skip it. */
const skipped = (tier) => Boolean(tier.skip) && !(inCI && tier.name === 'e2e');

/** One tier: skipped with its reason, or built for and run; its result kept for the summary. */
async function runTier(tier, live, extraEnv = {}) {
  if (skipped(tier)) {
    results.set(tier, { tier, status: 'SKIP', note: tier.skip });
    return;
  }
  if (tier.needsBuild) {
    const built = await buildOnce();
    if (!built.ok) {
      results.set(tier, { tier, status: 'FAIL', note: '0s', why: [`the build failed: ${built.error}`] });
      return;
    }
  }
  const header = `\n=== ${tier.name}: ${tier.what}`;
  if (live) console.log(header);
  const tierStarted = Date.now();
  const [cmd, args] = ownNetwork(tier) ? inOwnNetwork(...tier.cmd) : tier.cmd;
  const { code, output } = await run(cmd, args, live, extraEnv);
  const seconds = Math.round((Date.now() - tierStarted) / 1000);
  const where = ownNetwork(tier) ? 'in a network namespace of its own, alongside the stack lane' : 'alongside the stack lane';
  if (!live) console.log(`${header} (ran ${where}, ${seconds}s)\n${output.trimEnd()}\n=== ${tier.name}: end`);
  const retried = retriedTests(output);
  const why = code === 0 ? retried.map((t) => `passed only on retry: ${t}`) : failureLines(output);
  results.set(tier, {
    tier,
    status: code === 0 ? 'PASS' : 'FAIL',
    note: `${seconds}s${retried.length ? `, ${retried.length} passed only on retry` : ''}`,
    why,
  });
}

/**
 * The services of the API, fuzz and concurrency tiers (tests/support/serve-test-services.ts),
 * started once for the three: each tier's own start and stop of the emulators, the double and
 * MailDev took about 20 s. While they run, a tier's global setup starts none
 * (FRIDGEPARTS_SHARED_TEST_SERVICES, tests/support/test-services.ts). Null when they could not
 * start: each tier then starts its own and says why if it cannot.
 */
const SHARED_SERVICES_ENV = 'FRIDGEPARTS_SHARED_TEST_SERVICES';
const SERVICES_WHAT = 'the emulators, the Stripe double and MailDev, started once for api, fuzz and concurrency';
/** Seconds each start of the shared services took, for the summary. */
const servicesStarts = [];

function startTestServices() {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/serve-test-services.ts'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const gaveUp = setTimeout(() => child.kill('SIGTERM'), 120_000);
    const exited = new Promise((r) => child.once('exit', (code, signal) => r(signal ?? code)));
    let stopping = false;
    const stop = async () => {
      stopping = true;
      child.stdin.end();
      const forced = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(forced);
    };
    let ready = false;
    const collect = (chunk) => {
      output += chunk;
      if (!ready && /^ready /m.test(output)) {
        ready = true;
        clearTimeout(gaveUp);
        servicesStarts.push(Math.round((Date.now() - started) / 1000));
        console.log(`\n=== services: ${SERVICES_WHAT} (${servicesStarts.at(-1)}s)`);
        resolve({ stop });
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    exited.then((code) => {
      clearTimeout(gaveUp);
      if (ready) {
        // A tier then fails on refused connections: say where they went.
        if (!stopping) console.log(`\n=== test services exited (${code}) while the tiers ran:\n${output.trimEnd()}`);
        return;
      }
      console.log(`\n=== test services could not start (exit ${code}); each tier starts its own:\n${output.trimEnd()}`);
      resolve(null);
    });
  });
}

/** Settles when the code lane has run every tier it holds (the e2e tier waits for it: see the top). */
let codeLaneDone = Promise.resolve();

async function runLane(tiers, live) {
  // The shared services run from the first tier that uses them until a tier that needs their ports.
  let services = null;
  for (const tier of tiers) {
    const runs = !skipped(tier);
    if (runs && tier.name === 'e2e') await codeLaneDone;
    if (runs && tier.testServices && !services) services = await startTestServices();
    if (runs && !tier.testServices && services) {
      await services.stop();
      services = null;
    }
    await runTier(tier, live, tier.testServices && services ? { [SHARED_SERVICES_ENV]: '1' } : {});
  }
  if (services) await services.stop();
}

const codeLane = chosen.filter((t) => t.code || ownNetwork(t));
const stackLane = chosen.filter((t) => !t.code && !ownNetwork(t));
// With only code tiers asked for, they stream live like any single lane.
codeLaneDone = runLane(codeLane, stackLane.length === 0);
await Promise.all([codeLaneDone, runLane(stackLane, true)]);

console.log('\n=== Summary');
if (build) {
  const { ok, seconds } = await build;
  console.log(
    `${(ok ? 'PASS' : 'FAIL').padEnd(4)}  ${'build'.padEnd(11)} the function and the web app, built once for every tier that serves them (${seconds}s)`,
  );
}
if (servicesStarts.length) console.log(`PASS  ${'services'.padEnd(11)} ${SERVICES_WHAT} (${servicesStarts.map((n) => `${n}s`).join(', ')})`);
const isolable = chosen.filter((t) => t.ownNetwork && !skipped(t)).map((t) => t.name);
if (isolable.length) {
  console.log(
    networkProblem === null
      ? `note  ${isolable.join(', ')} ran in a network namespace of its own, beside the stack lane`
      : `note  ${isolable.join(', ')} ran in the stack lane: no network namespace of its own here (${networkProblem})`,
  );
}
for (const { tier, status, note, why = [] } of chosen.map((t) => results.get(t))) {
  console.log(`${status.padEnd(4)}  ${tier.name.padEnd(11)} ${status === 'SKIP' ? 'skipped: ' + note : `${tier.what} (${note})`}`);
  for (const line of why) console.log(`        ${line}`);
}
const totalSeconds = Math.round((Date.now() - started) / 1000);
console.log(`\nTotal: ${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s.`);
const failed = [...results.values()].filter((r) => r.status === 'FAIL');
console.log(failed.length ? `\n${failed.length} tier(s) failed.` : '\nAll tiers that can run here passed.');
process.exit(failed.length ? 1 : 0);
