import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
// @ts-expect-error plain JS helper shared with npm start
import { firestoreMode, ROOT, PROJECT_ID, PORTS, waitFor } from '../../scripts/lib/stack.mjs';

// Any HTTP answer means the emulator is listening.
const listening = (url: string, ms: number) => waitFor(url, ms, () => true);

/** Where the stand-in serves its read counter in tests (readsOf in firestore.ts; bench:scale uses 8089). */
export const STANDIN_READ_STATS_PORT = 8088;

/** Starts Firebase emulators (plus Firestore or its stand-in) for tests; returns a stop function. */
export async function startEmulators(only: string[]): Promise<{ mode: 'emulator' | 'standin'; stop: () => Promise<void> }> {
  const mode = firestoreMode() as 'emulator' | 'standin';
  const children: ChildProcess[] = [];
  const bin = path.join(ROOT, 'node_modules', '.bin');
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  const quiet = process.env.TEST_VERBOSE ? 'inherit' : 'ignore';
  if (mode === 'standin') {
    children.push(
      spawn(process.execPath, [path.join(ROOT, 'scripts', 'firestore-standin.mjs')], {
        env: { ...env, PORT: String(PORTS.firestore), STANDIN_READ_STATS_PORT: String(STANDIN_READ_STATS_PORT) },
        stdio: quiet,
        detached: true,
      }),
    );
  } else {
    only = [...only, 'firestore'];
  }
  children.push(
    spawn(path.join(bin, 'firebase'), ['emulators:start', '--only', only.join(','), '--project', PROJECT_ID], { cwd: ROOT, env, stdio: quiet, detached: true }),
  );
  await listening(`http://127.0.0.1:${PORTS.auth}/`, 90_000);
  if (mode === 'emulator') await listening(`http://127.0.0.1:${PORTS.firestore}/`, 90_000);
  else await new Promise((r) => setTimeout(r, 500));
  return {
    mode,
    stop: async () => {
      for (const c of children.reverse()) {
        try {
          process.kill(-c.pid!, 'SIGTERM');
        } catch {
          /* gone */
        }
        await new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)));
      }
    },
  };
}
