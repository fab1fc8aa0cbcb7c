// `npm test`: every check this machine can run, with a summary line per tier that says plainly
// what ran, what failed and what was skipped and why (STYLE habit 12).
//   npm test                 all tiers
//   npm test -- unit api     only the named tiers
// The tiers run in two lanes at once (decision 0047): the code lane (typecheck, lint, budget) starts
// no service and uses the CPU the stack lane leaves idle while its API tests wait on the emulators;
// the stack lane (api, unit, fuzz, e2e, rules, concurrency, stack) runs one tier at a time: they
// share the local stack's ports, and the unit tier's mail-trigger test (its own stand-in and
// MailDev) once failed while it shared the CPU with the API tests. The stack lane's output streams live; each code-lane
// tier's output is printed whole when it ends, so the two never interleave.
import { spawn } from 'node:child_process';
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
    name: 'api',
    what: 'HTTP tests of the function against the Auth emulator and Firestore' + (hasJava21 ? '' : ' (offline stand-in)'),
    cmd: ['vitest', ['run', '--config', 'tests/vitest.api.config.ts', '--root', 'tests']],
  },
  {
    name: 'unit',
    what: 'vitest beside the code in common, functions, web',
    cmd: ['npm', ['run', 'test', '--workspaces', '--if-present', '--silent']],
  },
  {
    name: 'fuzz',
    what: 'fast-check: generated bodies, queries and ids for every endpoint; no 5xx, JSON errors, refusals change nothing',
    cmd: ['vitest', ['run', '--config', 'tests/vitest.fuzz.config.ts', '--root', 'tests']],
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
    name: 'concurrency',
    what:
      'simultaneous bookings, cancels and admin changes never oversell or double-return (' +
      (hasJava21 ? 'Firestore emulator' : 'stand-in with isolated transactions') +
      ')',
    cmd: ['vitest', ['run', '--config', 'tests/vitest.emulator.config.ts', '--root', 'tests']],
  },
  {
    name: 'stack',
    what: 'npm start: Ctrl-C then a start again, npm run stop, SIGTERM to the group or to npm, Ctrl-C twice while starting each free every port; a held port names its stack; a part that dies stops the stack with a non-zero code, naming it; the functions deploy package',
    cmd: ['vitest', ['run', '--config', 'tests/vitest.stack.config.ts', '--root', 'tests']],
    needsBuild: true,
  },
];

/**
 * Runs a tier and keeps its output to say in the summary why it failed; `live` streams it through
 * as it comes (the stack lane), otherwise the caller prints it whole.
 */
function run(cmd, args, live) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** One tier: skipped with its reason, or built for and run; its result kept for the summary. */
async function runTier(tier, live) {
  if (tier.skip && !(inCI && tier.name === 'e2e')) {
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
  const [cmd, args] = tier.cmd;
  const { code, output } = await run(cmd, args, live);
  const seconds = Math.round((Date.now() - tierStarted) / 1000);
  if (!live) console.log(`${header} (ran alongside the stack lane, ${seconds}s)\n${output.trimEnd()}\n=== ${tier.name}: end`);
  const retried = retriedTests(output);
  const why = code === 0 ? retried.map((t) => `passed only on retry: ${t}`) : failureLines(output);
  results.set(tier, {
    tier,
    status: code === 0 ? 'PASS' : 'FAIL',
    note: `${seconds}s${retried.length ? `, ${retried.length} passed only on retry` : ''}`,
    why,
  });
}

async function runLane(tiers, live) {
  for (const tier of tiers) await runTier(tier, live);
}

const codeLane = chosen.filter((t) => t.code);
const stackLane = chosen.filter((t) => !t.code);
// With only code tiers asked for, they stream live like any single lane.
await Promise.all([runLane(codeLane, stackLane.length === 0), runLane(stackLane, true)]);

console.log('\n=== Summary');
if (build) {
  const { ok, seconds } = await build;
  console.log(
    `${(ok ? 'PASS' : 'FAIL').padEnd(4)}  ${'build'.padEnd(11)} the function and the web app, built once for every tier that serves them (${seconds}s)`,
  );
}
for (const { tier, status, note, why = [] } of chosen.map((t) => results.get(t))) {
  console.log(`${status.padEnd(4)}  ${tier.name.padEnd(11)} ${status === 'SKIP' ? 'skipped: ' + note : `${tier.what} (${note})`}`);
  for (const line of why) console.log(`        ${line}`);
}
console.log(`\nTotal: ${Math.round((Date.now() - started) / 60_000)} min.`);
const failed = [...results.values()].filter((r) => r.status === 'FAIL');
console.log(failed.length ? `\n${failed.length} tier(s) failed.` : '\nAll tiers that can run here passed.');
process.exit(failed.length ? 1 : 0);
