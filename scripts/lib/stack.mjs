// Starts and stops the local Firebase stack: used by `npm start` and by the browser tests.
// Auth, Functions and Hosting run in the Firebase emulators; Firestore is the official emulator
// when this machine can run it (Java 21+), otherwise the offline stand-in (CONTRACT §1).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
// The project id and ports: one source for the whole repo (typed face: common/src/local-stack.ts).
import LOCAL_STACK from '../../common/src/local-stack.json' with { type: 'json' };

export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const PROJECT_ID = LOCAL_STACK.projectId;
/** Every port the stack listens on; startStack checks each is free first. */
export const PORTS = LOCAL_STACK.ports;
/** MailDev's inbox (web and REST API under /api/email): where the local stack's order emails land. */
export const MAILDEV_URL = `http://localhost:${PORTS.mailWeb}`;
export const HOSTING_URL = `http://localhost:${PORTS.hosting}`;
const BIN = path.join(ROOT, 'node_modules', '.bin');
const FUNCTIONS_ENV = path.join(ROOT, 'functions', '.env.local');
// The Functions emulator reads the function's secrets (config.ts) from this file. Locally they are
// the Stripe double's key and webhook secret (scripts/stripe-double), never real ones.
const FUNCTIONS_SECRETS = path.join(ROOT, 'functions', '.secret.local');
export const STRIPE_DOUBLE_SECRETS = 'STRIPE_SECRET_KEY=sk_test_local_double\nSTRIPE_WEBHOOK_SECRET=whsec_local_double\n';
// Order emails go to MailDev (CONTRACT §6); production sets SMTP_URL with firebase functions:secrets:set.
const LOCAL_SMTP_SECRET = `SMTP_URL=smtp://127.0.0.1:${PORTS.mailSmtp}\n`;

/** Java major version on PATH, or 0. The Firestore emulator of firebase-tools 15 needs 21+. */
export function javaMajor() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const m = /version "(\d+)/.exec(`${r.stderr ?? ''}${r.stdout ?? ''}`);
  return m ? Number(m[1]) : 0;
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

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`);
}

export async function waitFor(url, timeoutMs, isUp = (res) => res.ok) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
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
 * Builds, starts the emulators, seeds the demo data and resolves once the shop answers at
 * HOSTING_URL. Returns { mode, stop }. `log` receives the children's output (default: this
 * process's stdout) so tests can keep it quiet.
 */
export async function startStack({ log = process.stdout, seed = true } = {}) {
  for (const [name, port] of Object.entries(PORTS)) {
    if (!(await portFree(port))) {
      throw new Error(`Port ${port} (${name}) is already in use. Stop the other process (an earlier npm start?) and try again.`);
    }
  }
  const mode = firestoreMode();
  const catalogSource = mode === 'emulator' ? 'firestore' : 'rest';

  run('npm', ['run', 'build', '-w', 'functions', '--silent']);
  run('npm', ['run', 'build', '-w', 'web', '--silent'], { VITE_CATALOG_SOURCE: catalogSource });

  const children = [];
  const spawnChild = (cmd, args, env = {}) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    children.push(child);
    return child;
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const child of children.reverse()) {
      if (child.exitCode !== null) continue;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const exited = await Promise.race([new Promise((r) => child.once('exit', () => r(true))), new Promise((r) => setTimeout(() => r(false), 8000))]);
      if (!exited) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    if (mode === 'standin' && existsSync(FUNCTIONS_ENV)) rmSync(FUNCTIONS_ENV);
    if (existsSync(FUNCTIONS_SECRETS)) rmSync(FUNCTIONS_SECRETS);
  };

  try {
    const only = ['auth', 'functions', 'hosting'];
    // Card payments: the local Stripe double, delivering signed webhooks to the function through
    // Hosting as Stripe would (CONTRACT §5).
    writeFileSync(FUNCTIONS_SECRETS, `# Written by scripts/lib/stack.mjs: the local Stripe double's test secrets and MailDev's SMTP.\n${STRIPE_DOUBLE_SECRETS}${LOCAL_SMTP_SECRET}`);
    // Order emails: MailDev, SMTP and its web inbox on 127.0.0.1 only (CONTRACT §6).
    spawnChild(process.execPath, [path.join(ROOT, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js'), '--smtp', String(PORTS.mailSmtp), '--web', String(PORTS.mailWeb), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1']);
    spawnChild(process.execPath, [path.join(ROOT, 'scripts', 'stripe-double', 'server.mjs')], {
      STRIPE_DOUBLE_PORT: String(PORTS.stripe),
      STRIPE_DOUBLE_WEBHOOK_URL: `http://127.0.0.1:${PORTS.hosting}/stripe/webhook`,
    });
    if (mode === 'standin') {
      // The Functions emulator only points the Admin SDK at a Firestore it started itself, so the
      // stand-in's address goes into the functions' local env file.
      writeFileSync(FUNCTIONS_ENV, `# Written by scripts/lib/stack.mjs for the offline Firestore stand-in.\nFIRESTORE_EMULATOR_HOST=127.0.0.1:${PORTS.firestore}\n`);
      spawnChild(process.execPath, [path.join(ROOT, 'scripts', 'firestore-standin.mjs')], { PORT: String(PORTS.firestore) });
    } else {
      if (existsSync(FUNCTIONS_ENV)) rmSync(FUNCTIONS_ENV);
      only.push('firestore');
    }
    const firebase = spawnChild(path.join(BIN, 'firebase'), ['emulators:start', '--only', only.join(','), '--project', PROJECT_ID], {
      // The Functions emulator runs the function under the node on PATH: Node 22 from node_modules.
      PATH: `${BIN}${path.delimiter}${process.env.PATH}`,
    });
    const exited = new Promise((_, reject) => firebase.once('exit', (code) => reject(new Error(`The Firebase emulators exited early (code ${code}). See the output above.`))));
    exited.catch(() => {});
    await Promise.race([waitFor(`http://127.0.0.1:${PORTS.hosting}/healthz`, 120_000), exited]);
    if (seed) run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'seed', 'seed.ts')], emulatorEnv());
    // The scheduled sweep (expireReservations) every minute: the Functions emulator does not fire
    // scheduled functions, so this process runs the same code against the emulators.
    spawnChild(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'reservation-sweeper.ts')], emulatorEnv());
    await waitFor(`http://127.0.0.1:${PORTS.mailWeb}/api/healthz`, 30_000);
    return { mode, catalogSource, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
