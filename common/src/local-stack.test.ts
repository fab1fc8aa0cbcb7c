import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCAL_HOST, LOCAL_PORTS, LOCAL_WEB_ENV, localWebEnvDefaults, PROJECT_ID } from './local-stack';

// The files that cannot import local-stack.json, checked against it: a failure names the file to fix.
const repoFile = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** KEY=value lines of a dotenv file (comments and blank lines skipped). */
function dotenv(path: string): Record<string, string> {
  const pairs = repoFile(path)
    .split('\n')
    .map((line) => /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => [m[1], m[2]] as const);
  return Object.fromEntries(pairs);
}

/** The local addresses (http://127.0.0.1:port or http://localhost:port) a CSP directive allows. */
function localSourcesOf(csp: string, directive: string): string[] {
  const line =
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === directive) ?? [];
  return line.filter((source) => /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?/.test(source)).sort();
}

describe('local stack: one source for the project id and ports (local-stack.json)', () => {
  it('.firebaserc names the same demo project', () => {
    const rc = JSON.parse(repoFile('.firebaserc')) as { projects: { default: string } };
    expect(PROJECT_ID, 'a demo- project id never reaches a real Firebase project').toMatch(/^demo-/);
    expect(rc.projects.default, `.firebaserc: set projects.default to "${PROJECT_ID}" (common/src/local-stack.json)`).toBe(PROJECT_ID);
  });

  it("firebase.json's emulators listen where the stack expects them", () => {
    const emulators = (JSON.parse(repoFile('firebase.json')) as { emulators: Record<string, { host?: string; port?: number }> }).emulators;
    for (const service of ['auth', 'functions', 'firestore', 'hosting', 'hub', 'logging'] as const) {
      const where = `firebase.json: set emulators.${service}`;
      expect(emulators[service]?.port, `${where}.port to ${LOCAL_PORTS[service]} (common/src/local-stack.json)`).toBe(LOCAL_PORTS[service]);
      expect(emulators[service]?.host, `${where}.host to "${LOCAL_HOST}" (common/src/local-stack.json)`).toBe(LOCAL_HOST);
    }
  });

  it("firebase.json's Content-Security-Policy (what is deployed) names no loopback or localhost address", () => {
    // The local stack adds the emulators' addresses to its own copy (scripts/lib/stack.mjs,
    // writeLocalFirebaseConfig); the browser tests check the served policy lets the app work.
    const hosting = (JSON.parse(repoFile('firebase.json')) as { hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] } })
      .hosting;
    const csps = hosting.headers.flatMap((h) => h.headers).filter((h) => h.key === 'Content-Security-Policy');
    expect(csps.length, 'firebase.json: no Content-Security-Policy header found').toBeGreaterThan(0);
    for (const { value } of csps) {
      for (const directive of value.split(';').map((d) => d.trim().split(/\s+/)[0])) {
        expect(
          localSourcesOf(value, directive),
          `firebase.json: remove the local addresses from the CSP's ${directive} (the local stack adds its own)`,
        ).toEqual([]);
      }
      expect(value, 'firebase.json: the CSP names a local host').not.toMatch(/127\.0\.0\.1|localhost|\[::1\]/i);
    }
  });

  it('web/.env repeats no value the web build derives from local-stack.json, and builds for the emulators', () => {
    const env = dotenv('web/.env');
    expect(env.VITE_USE_EMULATORS, 'web/.env: VITE_USE_EMULATORS=true (the local build; vite.config.ts fills in the emulator settings only then)').toBe('true');
    for (const name of Object.keys(LOCAL_WEB_ENV)) {
      expect(env[name], `web/.env: remove ${name}; vite.config.ts derives it from common/src/local-stack.json`).toBeUndefined();
    }
  });

  it('web/.env.example shows no local address (it is the template of a real build)', () => {
    expect(repoFile('web/.env.example'), 'web/.env.example: remove the local address; a local build takes it from common/src/local-stack.json').not.toMatch(
      /127\.0\.0\.1|localhost/,
    );
  });
});

describe('localWebEnvDefaults (vite.config.ts)', () => {
  it('fills in every emulator setting a local build leaves unset', () => {
    expect(localWebEnvDefaults({ VITE_USE_EMULATORS: 'true' })).toEqual(LOCAL_WEB_ENV);
    expect(LOCAL_WEB_ENV).toMatchObject({ VITE_FIREBASE_PROJECT_ID: PROJECT_ID, VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${LOCAL_PORTS.auth}` });
  });
  it('keeps a value the env sets, and an empty one counts as unset', () => {
    const defaults = localWebEnvDefaults({ VITE_USE_EMULATORS: 'true', VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:1', VITE_STRIPE_DOUBLE_URL: ' ' });
    expect(defaults).not.toHaveProperty('VITE_AUTH_EMULATOR_URL');
    expect(defaults.VITE_STRIPE_DOUBLE_URL).toBe(LOCAL_WEB_ENV.VITE_STRIPE_DOUBLE_URL);
  });
  it('adds nothing to a build for a real project', () => {
    expect(localWebEnvDefaults({ VITE_USE_EMULATORS: 'false' })).toEqual({});
    expect(localWebEnvDefaults({})).toEqual({});
  });
});
