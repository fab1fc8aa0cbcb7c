// Starts and stops the local Firebase stack: used by `npm start` and by the browser tests.
// Auth, Functions and Hosting run in the Firebase emulators; Firestore is the official emulator
// when this machine can run it (Java 21+), otherwise the offline stand-in (CONTRACT §1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
// The project id and ports: one source for the whole repo (typed face: common/src/local-stack.ts).
import LOCAL_STACK from '../../common/src/local-stack.json' with { type: 'json' };
import { parseRateLimitScale, RATE_LIMIT_SCALE_ENV, RATE_LIMIT_SCALE_MAX } from '../../common/src/rate-limit-scale.ts';

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const PROJECT_ID = LOCAL_STACK.projectId;
/** Every port the stack listens on; startStack checks each is free first. */
export const PORTS = LOCAL_STACK.ports;
/** MailDev's inbox (web and REST API under /api/email): where the local stack's order emails land. */
export const MAILDEV_URL = `http://localhost:${PORTS.mailWeb}`;
export const HOSTING_URL = `http://localhost:${PORTS.hosting}`;
const BIN = path.join(ROOT, 'node_modules', '.bin');
const FUNCTIONS_ENV = path.join(ROOT, 'functions', '.env.local');
// The Functions emulator reads the function's secrets (config.ts) from this file in the function's
// source, the built package functions/dist (firebase.json; decision 0040). Locally they are the
// Stripe double's key and webhook secret (scripts/stripe-double), never real ones.
const FUNCTIONS_SECRETS = path.join(ROOT, 'functions', 'dist', '.secret.local');
export const STRIPE_DOUBLE_SECRETS = 'STRIPE_SECRET_KEY=sk_test_local_double\nSTRIPE_WEBHOOK_SECRET=whsec_local_double\n';
// Order emails go to MailDev (CONTRACT §6); production sets SMTP_URL with firebase functions:secrets:set.
const LOCAL_SMTP_SECRET = `SMTP_URL=smtp://127.0.0.1:${PORTS.mailSmtp}\n`;

/**
 * The emulators' configuration: firebase.json plus what only the local stack needs. firebase.json
 * is what is deployed, so its Content-Security-Policy names no loopback address (CONTRACT §9);
 * the web app of the local stack talks to the Auth emulator, Firestore and the Stripe double on
 * 127.0.0.1, and shows the Auth emulator's sign-in page in a frame, so this copy allows them.
 * Written beside firebase.json (its relative paths stay right) and git-ignored.
 */
export const LOCAL_FIREBASE_CONFIG = path.join(ROOT, 'firebase.local.json');
export const LOCAL_CSP_SOURCES = {
  'connect-src': [`http://127.0.0.1:${PORTS.auth}`, `http://127.0.0.1:${PORTS.firestore}`, `http://127.0.0.1:${PORTS.stripe}`],
  'frame-src': [`http://127.0.0.1:${PORTS.auth}`],
};

/** A CSP with `extra` sources appended to the named directives (each directive must exist). */
export function withSources(csp, extra) {
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  for (const [name, sources] of Object.entries(extra)) {
    const i = directives.findIndex((d) => d.split(/\s+/)[0] === name);
    if (i < 0) throw new Error(`firebase.json: the Content-Security-Policy has no ${name} directive for the local stack to extend`);
    directives[i] = `${directives[i]} ${sources.join(' ')}`;
  }
  return directives.join('; ');
}

export function writeLocalFirebaseConfig() {
  const config = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
  // The app's policy (every path) reaches the emulators; a drawing's own policy (a later rule, which
  // Hosting applies over the first) loads nothing and stays as it is.
  for (const rule of config.hosting.headers.filter((r) => r.source === '**')) {
    for (const header of rule.headers) {
      if (header.key === 'Content-Security-Policy') header.value = withSources(header.value, LOCAL_CSP_SOURCES);
    }
  }
  writeFileSync(LOCAL_FIREBASE_CONFIG, `${JSON.stringify(config, null, 2)}\n`);
  return LOCAL_FIREBASE_CONFIG;
}

/**
 * The Functions emulator starts one worker process (about 190 MB with the api function loaded) for
 * each request that finds no idle one, and never ends an idle one: under 8 buyers and their
 * webhooks it held 13-25 workers (4.7 GB in issue 26), and on a busy machine new workers took
 * longer than its 30 s load timeout, after which it drops the request unanswered (Hosting's proxy
 * then times out). firebase-tools 15 reads these from its environment: FUNCTIONS_EMULATOR_PARALLEL
 * caps the requests it runs at once (its work queue; default 50), which caps the workers, and
 * FUNCTIONS_DISCOVERY_TIMEOUT (seconds) is how long a worker may take to load (decision 0041).
 */
export const FUNCTIONS_WORKER_ENV = { FUNCTIONS_EMULATOR_PARALLEL: '4', FUNCTIONS_DISCOVERY_TIMEOUT: '120' };

/**
 * Before it loads the function, the Functions emulator asks npm's registry for the latest
 * firebase-functions (`npm show`, only to print an "outdated" warning) and waits on it for up to
 * 10 s: every start paid those 10 s on a machine without network, the tests' included (measured:
 * "Watching functions/dist" to "Using node@22" took 10.0 s). The local stack never needs the
 * registry, so npm answers from its cache or says at once that it cannot.
 */
const NO_REGISTRY_ENV = { npm_config_offline: 'true' };

/**
 * FRIDGEPARTS_RATE_LIMIT_SCALE (common/src/rate-limit-scale.ts): checked here so a typo stops
 * `npm start` instead of being ignored; the function gets a good value in its environment.
 */
export function rateLimitScaleEnv(env = process.env) {
  const raw = env[RATE_LIMIT_SCALE_ENV];
  const scale = parseRateLimitScale(raw);
  if (scale === undefined) return {};
  if (scale === null) {
    throw new Error(
      `${RATE_LIMIT_SCALE_ENV}=${raw.trim()}: give a number from 1 to ${RATE_LIMIT_SCALE_MAX} (how many times the default rate limits the local function allows), or unset it.`,
    );
  }
  return { [RATE_LIMIT_SCALE_ENV]: String(scale) };
}

let java;
/**
 * Java major version on PATH, or 0. The Firestore emulator of firebase-tools 15 needs 21+. Asked
 * once per process: each `java -version` starts a JVM (about half a second).
 */
export function javaMajor() {
  if (java === undefined) {
    const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
    const m = /version "(\d+)/.exec(`${r.stderr ?? ''}${r.stdout ?? ''}`);
    java = m ? Number(m[1]) : 0;
  }
  return java;
}

/**
 * Which Firestore the stack uses. FIRESTORE_MODE=standin|emulator forces it; otherwise the
 * official emulator when Java 21+ is present, since only it enforces rules and isolates
 * transactions.
 */
export function firestoreMode() {
  const forced = process.env.FIRESTORE_MODE;
  if (forced === 'standin' || forced === 'emulator') return forced;
  return javaMajor() >= 21 ? 'emulator' : 'standin';
}

export function emulatorEnv() {
  return {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${PORTS.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
    GCLOUD_PROJECT: PROJECT_ID,
    GOOGLE_CLOUD_PROJECT: PROJECT_ID,
    // No Google metadata server here: skip firebase-admin's probe (and its warning).
    METADATA_SERVER_DETECTION: 'none',
  };
}

function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * Runs a step of the start (a build, the seed) as a child, not with spawnSync: a signal that
 * arrives meanwhile is handled at once instead of after the step. A stopped stack ends it.
 */
function run(cmd, args, env = {}, isStopping = () => false) {
  return new Promise((resolve, reject) => {
    if (isStopping()) return reject(new StackStopped());
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      // Ended by the signal that is stopping the stack (Ctrl-C reaches the whole process group).
      if (isStopping() || signal === 'SIGINT' || signal === 'SIGTERM') reject(new StackStopped());
      else if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** startStack's answer when stop() was called before the stack was ready. */
export class StackStopped extends Error {
  constructor() {
    super('stopped before the stack was ready');
  }
}

export async function waitFor(url, timeoutMs, isUp = (res) => res.ok, isStopping = () => false) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (isStopping()) throw new StackStopped();
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (await isUp(res)) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`Timed out waiting for ${url} (${last})`);
}

/**
 * Builds the function and the web app as the stack serves them: the catalogue is read from
 * Firestore by the SPA only where the official emulator runs, else through the REST API.
 */
export async function buildShop(isStopping = () => false) {
  const catalogSource = firestoreMode() === 'emulator' ? 'firestore' : 'rest';
  await run('npm', ['run', 'build', '-w', 'functions', '--silent'], {}, isStopping);
  await run('npm', ['run', 'build', '-w', 'web', '--silent'], { VITE_CATALOG_SOURCE: catalogSource }, isStopping);
}

/** Set by `npm test`, which builds once (buildShop) for every tier that starts a stack. */
const PREBUILT = process.env.FRIDGEPARTS_PREBUILT === '1';

/** Where a running stack of this checkout says who it is, so a later start can name it (`npm run stop`). */
export const STACK_FILE = path.join(ROOT, '.tmp', 'stack.json');

/**
 * The order of stopping, and how long each part gets to end by itself before SIGKILL. Writers stop
 * before what they write to: the local triggers first (mail trigger and sweep), the Stripe double (it delivers webhooks) before
 * the function, the function before Firestore, and MailDev last, so an email the function sends
 * while it stops still lands. The total is bounded (about 25 s) whatever a child does.
 */
const STOP_ORDER = [
  ['triggers', 4000],
  ['stripe', 4000],
  ['firebase', 12_000],
  ['firestore', 4000],
  ['maildev', 4000],
];

/** How a part is named when it exits on its own (npm start's supervisor). */
const PART_NAMES = {
  maildev: 'MailDev (the email inbox)',
  stripe: 'the Stripe double',
  firestore: 'the Firestore stand-in',
  firebase: 'the Firebase emulators (Auth, Functions, Hosting)',
  triggers: 'the local triggers (mail trigger and reservation sweep)',
};
/** How much of a part's latest output the supervisor keeps, to show why it exited. */
const TAIL_CHARS = 4000;
const TAIL_LINES = 15;

/** A part of the stack exited while nobody was stopping it. */
export class PartExited extends Error {
  constructor(name, code, signal, tail) {
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    const lines = tail
      .split('\n')
      .filter((l) => l.trim())
      .slice(-TAIL_LINES);
    super(
      `${PART_NAMES[name] ?? name} (${name}) ${how}.${lines.length ? `\nIts last output:\n${lines.map((l) => `  | ${l}`).join('\n')}` : ' It printed nothing.'}`,
    );
    this.part = name;
    this.code = code;
    this.signal = signal;
  }
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}

/** Is process `pid` alive (or group `-pid`)? */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function readStackFile() {
  try {
    return JSON.parse(readFileSync(STACK_FILE, 'utf8'));
  } catch {
    return null;
  }
}

/** Why a port is taken, and what to do: an earlier stack of this checkout, its orphans, or something else. */
function portTakenMessage(name, port) {
  const earlier = readStackFile();
  const held = `Port ${port} (${name}) is already in use.`;
  if (earlier && alive(earlier.pid)) {
    return `${held} An earlier ${earlier.owner} of this checkout (pid ${earlier.pid}, since ${earlier.startedAt}) is still running. Stop it with Ctrl-C in its terminal, or with \`npm run stop\`.`;
  }
  if (earlier?.groups?.some((pid) => alive(-pid))) {
    return `${held} An earlier ${earlier.owner} of this checkout ended without stopping all its services. \`npm run stop\` ends them.`;
  }
  return `${held} It is not held by a stack of this checkout: stop the other program (a stack of another checkout?) and try again.`;
}

/**
 * The local stack, not yet started: `start()` builds, starts the emulators, seeds the demo data
 * and resolves once the shop answers at HOSTING_URL; `stop()` ends every part it started. Stopping
 * is one operation: every call (a signal, a second Ctrl-C, npm exiting, a failed start) gets the
 * same promise, and a stop during start-up ends what has started so far (start() then rejects
 * with StackStopped). `log` receives the children's output (default: this process's stdout) so
 * tests can keep it quiet; `owner` names the stack in a later start's "port in use" message.
 */
export function createStack({ log = process.stdout, seed = true, owner = 'npm start' } = {}) {
  /** name -> { child, exited } */
  const children = new Map();
  let stopping = null;
  const isStopping = () => stopping !== null;
  let mode;
  let wroteConfig = false;
  // The supervisor: the first part to exit while nobody stops the stack. `failed` settles with it
  // (a PartExited); start() fails with it, and npm start, once ready, stops the stack on it.
  let failure = null;
  let reportFailure;
  const failed = new Promise((resolve) => (reportFailure = resolve));

  const record = () => {
    mkdirSync(path.dirname(STACK_FILE), { recursive: true });
    const groups = [...children.values()].map(({ child }) => child.pid);
    const parts = Object.fromEntries([...children].map(([name, { child }]) => [name, child.pid]));
    writeFileSync(STACK_FILE, JSON.stringify({ owner, pid: process.pid, startedAt: new Date().toISOString(), groups, parts }, null, 2));
  };

  // Each child leads a process group of its own (detached): a terminal's Ctrl-C reaches only npm
  // and this process, which then stops the children in STOP_ORDER, each with its descendants.
  const spawnChild = (name, cmd, args, env = {}) => {
    if (isStopping()) throw new StackStopped();
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    // Every pipe adds listeners to the one log stream: raise its ceiling by what this child adds, so
    // Node's leak warning stays meaningful (seven children passed its default of 10).
    log.setMaxListeners?.(log.getMaxListeners() + 4);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    // The tail of its output, to say why it exited.
    let tail = '';
    const keep = (chunk) => {
      tail += chunk;
      if (tail.length > 2 * TAIL_CHARS) tail = tail.slice(-TAIL_CHARS);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let spawnError = null;
    child.once('error', (err) => (spawnError = err)); // a failed spawn shows as an early exit
    const closed = new Promise((resolve) => child.once('close', resolve));
    child.once('exit', async (code, signal) => {
      if (isStopping() || failure) return;
      // Its last words may still be in the pipe: wait for them, briefly (a descendant that
      // inherited the pipe can hold it open).
      await Promise.race([closed, new Promise((r) => setTimeout(r, 300))]);
      if (isStopping() || failure) return;
      failure = new PartExited(name, code, signal, `${tail.slice(-TAIL_CHARS)}${spawnError ? `\n${spawnError.message}` : ''}`);
      reportFailure(failure);
    });
    children.set(name, { child, exited });
    record();
    return child;
  };

  const stopChild = async (name, graceMs) => {
    const entry = children.get(name);
    if (!entry) return;
    const { child, exited } = entry;
    if (child.exitCode === null && child.signalCode === null && signalGroup(child.pid, 'SIGTERM')) {
      const ended = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), graceMs).unref())]);
      if (!ended) log.write?.(`stack: ${name} did not stop within ${graceMs / 1000} s; killing it\n`);
    }
    // Whatever the leader left behind in its group (an emulator's JVM or worker) goes with it.
    signalGroup(child.pid, 'SIGKILL');
  };

  const stopAll = async () => {
    for (const [name, graceMs] of STOP_ORDER) await stopChild(name, graceMs);
    if (mode === 'standin' && existsSync(FUNCTIONS_ENV)) rmSync(FUNCTIONS_ENV);
    if (existsSync(FUNCTIONS_SECRETS)) rmSync(FUNCTIONS_SECRETS);
    if (wroteConfig) rmSync(LOCAL_FIREBASE_CONFIG, { force: true });
    if (readStackFile()?.pid === process.pid) rmSync(STACK_FILE, { force: true });
  };

  const stop = () => {
    stopping ??= stopAll();
    return stopping;
  };

  const start = async () => {
    // A stack that has just stopped (the previous test tier, a Ctrl-C a moment ago) may take a
    // few seconds to let go of its ports: only one still held after that is someone else's.
    for (const [name, port] of Object.entries(PORTS)) {
      const deadline = Date.now() + 10_000;
      while (!(await portFree(port))) {
        if (Date.now() > deadline) throw new Error(portTakenMessage(name, port));
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    mode = firestoreMode();
    const rateLimitEnv = rateLimitScaleEnv();
    const catalogSource = mode === 'emulator' ? 'firestore' : 'rest';
    try {
      if (!PREBUILT) await buildShop(isStopping);

      const only = ['auth', 'functions', 'hosting'];
      // Card payments: the local Stripe double, delivering signed webhooks to the function through
      // Hosting as Stripe would (CONTRACT §5).
      writeFileSync(
        FUNCTIONS_SECRETS,
        `# Written by scripts/lib/stack.mjs: the local Stripe double's test secrets and MailDev's SMTP.\n${STRIPE_DOUBLE_SECRETS}${LOCAL_SMTP_SECRET}`,
      );
      // Order emails: MailDev, SMTP and its web inbox on 127.0.0.1 only (CONTRACT §6).
      spawnChild('maildev', process.execPath, [
        path.join(ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js'),
        '--smtp',
        String(PORTS.mailSmtp),
        '--web',
        String(PORTS.mailWeb),
        '--ip',
        '127.0.0.1',
        '--web-ip',
        '127.0.0.1',
      ]);
      spawnChild('stripe', process.execPath, [path.join(ROOT, 'scripts', 'stripe-double', 'server.mjs')], {
        STRIPE_DOUBLE_PORT: String(PORTS.stripe),
        STRIPE_DOUBLE_WEBHOOK_URL: `http://127.0.0.1:${PORTS.hosting}/stripe/webhook`,
      });
      if (mode === 'standin') {
        // The Functions emulator only points the Admin SDK at a Firestore it started itself, so the
        // stand-in's address goes into the functions' local env file.
        writeFileSync(
          FUNCTIONS_ENV,
          `# Written by scripts/lib/stack.mjs for the offline Firestore stand-in.\nFIRESTORE_EMULATOR_HOST=127.0.0.1:${PORTS.firestore}\n`,
        );
        spawnChild('firestore', process.execPath, [path.join(ROOT, 'scripts', 'firestore-standin.mjs')], { PORT: String(PORTS.firestore) });
      } else {
        if (existsSync(FUNCTIONS_ENV)) rmSync(FUNCTIONS_ENV);
        only.push('firestore');
      }
      const config = writeLocalFirebaseConfig();
      wroteConfig = true;
      spawnChild('firebase', path.join(BIN, 'firebase'), ['emulators:start', '--only', only.join(','), '--project', PROJECT_ID, '--config', config], {
        // The Functions emulator runs the function under the node on PATH: Node 22 from node_modules.
        PATH: `${BIN}${path.delimiter}${process.env.PATH}`,
        // The Functions emulator hands its own environment to the function.
        ...rateLimitEnv,
        ...FUNCTIONS_WORKER_ENV,
        ...NO_REGISTRY_ENV,
      });
      // Any part that exits during the start fails it, naming the part.
      const partExited = failed.then((err) => Promise.reject(err));
      partExited.catch(() => {});
      await Promise.race([waitFor(`http://127.0.0.1:${PORTS.hosting}/healthz`, 120_000, undefined, isStopping), partExited]);
      if (seed)
        await Promise.race([run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'seed', 'seed.ts')], emulatorEnv(), isStopping), partExited]);
      // The order-email trigger (a listener on the outbox) and the scheduled sweep every minute:
      // the stand-in raises no Firestore events and the Functions emulator fires no schedules, so
      // this process runs the same handlers against the emulators (scripts/local-triggers.ts).
      spawnChild('triggers', process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'local-triggers.ts')], emulatorEnv());
      await Promise.race([waitFor(`http://127.0.0.1:${PORTS.mailWeb}/api/healthz`, 30_000, undefined, isStopping), partExited]);
      if (isStopping()) throw new StackStopped();
      if (failure) throw failure;
      return { mode, catalogSource, stop, failed };
    } catch (err) {
      const stoppedMeanwhile = isStopping();
      await stop();
      throw stoppedMeanwhile ? new StackStopped() : err;
    }
  };

  /** Process group leaders by part name (tests, benches: memory per part, killing one part). */
  const parts = () => Object.fromEntries([...children].map(([name, { child }]) => [name, child.pid]));
  return { start, stop, failed, parts };
}

/** createStack().start() in one call, for the tests and benches: resolves to { mode, catalogSource, stop, failed }. */
export function startStack(options) {
  return createStack(options).start();
}
