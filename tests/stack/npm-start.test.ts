/**
 * `npm start` stops every part it started, however it is told to (issue 21): Ctrl-C in a terminal
 * (SIGINT to the whole foreground process group), SIGTERM to the group (a process manager, a CI
 * runner), SIGTERM to npm alone, and a second Ctrl-C while the first is still stopping. After
 * each, every port the README names is free within 30 s, and the next `npm start` becomes ready.
 * And a part that exits by itself (issue 26) stops the whole stack with a non-zero code, naming it.
 * Each case starts the real stack (build, emulators, seed), as a person would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_HOST, LOCAL_PORTS } from '../../common/src/local-stack';
// @ts-expect-error plain JS helper shared with npm start
import { ROOT } from '../../scripts/lib/stack.mjs';

const READY = 'FridgeParts is running at';
const STARTUP_MS = 240_000;
const STOP_MS = 30_000;

type Stack = { npm: ChildProcess; output: () => string; exited: Promise<number | null> };
let running: Stack | undefined;

/** `npm start` as a terminal runs it: the leader of its own process group. */
function npmStart(): Stack {
  const npm = spawn('npm', ['start'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
  let output = '';
  npm.stdout!.on('data', (chunk) => (output += chunk));
  npm.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  running = { npm, output: () => output, exited };
  return running;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number, output: () => string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} within ${ms / 1000} s. npm start's last output:\n${output().slice(-3000)}`);
}

const ended = (stack: Stack) => stack.npm.exitCode !== null || stack.npm.signalCode !== null;

function ready(stack: Stack) {
  return until(
    'npm start did not become ready',
    () => {
      if (ended(stack)) throw new Error(`npm start exited before it was ready:\n${stack.output().slice(-3000)}`);
      return stack.output().includes(READY);
    },
    STARTUP_MS,
    stack.output,
  );
}

function portHeld(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: LOCAL_HOST });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Every port of the README: the stack's services plus the emulator hub and its logging port. */
const PORTS = Object.entries(LOCAL_PORTS);

async function heldPorts(): Promise<string[]> {
  const held = await Promise.all(PORTS.map(async ([name, port]) => ((await portHeld(port)) ? `${name} (${port})` : null)));
  return held.filter((p) => p !== null);
}

async function expectEveryPortFree(stack: Stack) {
  let held: string[] = [];
  await until(
    'ports still held',
    async () => (held = await heldPorts()).length === 0,
    STOP_MS,
    () => `${stack.output()}\nstill held: ${held.join(', ')}`,
  );
  await until('npm start did not exit', () => ended(stack), STOP_MS, stack.output);
}

/** Signals npm's whole process group, as a terminal does; false when the group has already ended. */
function signalGroup(stack: Stack, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-stack.npm.pid!, signal);
    return true;
  } catch {
    return false;
  }
}

afterEach(async () => {
  // A failed case must not leave its stack for the next one: end the whole group, hard.
  if (running && !ended(running)) {
    signalGroup(running, 'SIGTERM');
    await Promise.race([running.exited, new Promise((r) => setTimeout(r, STOP_MS))]);
  }
  running = undefined;
});

describe('npm start stops every part it started', () => {
  beforeAll(async () => {
    // The previous tier's emulators may take a moment to let go of their ports.
    let held = await heldPorts();
    for (const deadline = Date.now() + 15_000; held.length && Date.now() < deadline; held = await heldPorts()) await new Promise((r) => setTimeout(r, 250));
    if (held.length) throw new Error(`Another stack holds ${held.join(', ')}: stop it (npm run stop) before this test.`);
  });

  it('the README names every port the stack holds (the emulator hub and its log stream included)', () => {
    expect(Object.keys(LOCAL_PORTS)).toEqual(
      expect.arrayContaining(['hosting', 'functions', 'auth', 'firestore', 'stripe', 'mailSmtp', 'mailWeb', 'hub', 'logging']),
    );
  });

  // The stop once raced npm's exit (it left orphans in 7 of 10 trials): every case here ends with a
  // stop of its own kind and checks every port, and this one starts again right after a Ctrl-C.
  it('Ctrl-C (SIGINT to the process group) frees every port; the next start is ready, and a start beside it names it and `npm run stop`', async () => {
    const stack = npmStart();
    await ready(stack);
    expect(await heldPorts()).toHaveLength(PORTS.length);
    expect(signalGroup(stack, 'SIGINT')).toBe(true);
    await expectEveryPortFree(stack);
    expect(stack.output()).toContain('The local stack has stopped.');

    const again = npmStart();
    await ready(again);
    const beside = spawn('npm', ['start'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    beside.stdout!.on('data', (c) => (said += c));
    beside.stderr!.on('data', (c) => (said += c));
    expect(await new Promise((r) => beside.once('exit', r))).toBe(1);
    expect(said).toMatch(/already in use\. An earlier npm start of this checkout \(pid \d+/);
    expect(said).toContain('npm run stop');
    const stop = spawn('npm', ['run', 'stop'], { cwd: ROOT, stdio: 'ignore' });
    expect(await new Promise((r) => stop.once('exit', r))).toBe(0);
    await expectEveryPortFree(again);
  });

  it('SIGTERM to the process group frees every port', async () => {
    const stack = npmStart();
    await ready(stack);
    expect(signalGroup(stack, 'SIGTERM')).toBe(true);
    await expectEveryPortFree(stack);
  });

  it('SIGTERM to npm alone frees every port', async () => {
    const stack = npmStart();
    await ready(stack);
    stack.npm.kill('SIGTERM');
    await expectEveryPortFree(stack);
  });

  it('Ctrl-C twice while the stack is still starting frees every port', async () => {
    const stack = npmStart();
    // Past the build, into the emulators' start-up: the moment most likely to leave a child behind.
    await until('the emulators did not start', () => /Starting emulators/.test(stack.output()), STARTUP_MS, stack.output);
    await new Promise((r) => setTimeout(r, 1500));
    expect(signalGroup(stack, 'SIGINT')).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    signalGroup(stack, 'SIGINT'); // the group may be gone already
    await expectEveryPortFree(stack);
  });

  // Issue 26: the stand-in died of heap exhaustion and npm start kept serving requests that hung.
  it('a part that dies (the Firestore stand-in killed) stops the stack: npm start names it, exits non-zero, frees every port', async () => {
    const stack = npmStart();
    await ready(stack);
    const { parts } = JSON.parse(readFileSync(path.join(ROOT, '.tmp', 'stack.json'), 'utf8')) as { parts: Record<string, number> };
    // With the official emulator (Java 21) Firestore runs inside the Firebase emulators: kill the triggers instead.
    const victim = parts.firestore ? 'firestore' : 'triggers';
    process.kill(-parts[victim], 'SIGKILL');
    expect(await stack.exited).not.toBe(0);
    expect(stack.output()).toMatch(new RegExp(`npm start: the (Firestore stand-in|local triggers)[^\\n]* \\(${victim}\\) was killed by SIGKILL`));
    expect(stack.output()).toContain('The local stack has stopped because a part of it failed');
    await expectEveryPortFree(stack);
  });
});
