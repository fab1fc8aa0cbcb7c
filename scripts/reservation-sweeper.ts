// The local stack's scheduler (CONTRACT §7): runs the very sweep the deployed `expireReservations`
// function runs every 15 minutes, here every minute, against the emulators. The Functions emulator
// does not fire scheduled functions, so `npm start` starts this process beside it and stops it
// with the rest (scripts/lib/stack.mjs; docs/decisions/0017-order-emails-and-expiry.md).
// Environment: emulatorEnv() from stack.mjs; no SMTP_URL, so mail goes to MailDev (LOCAL_SMTP_URL),
// and no Stripe key, so payments in flight are cancelled at the Stripe double.
import { sweepReservations } from '../functions/src/services/reservation-sweep';

const EVERY_MS = Number(process.env.SWEEP_EVERY_MS ?? 60_000);
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let stopping = false;

async function runOnce(): Promise<void> {
  try {
    const s = await sweepReservations();
    if (s.examined || s.mailSent || s.mailFailed) {
      console.log(`reservation sweeper: ${s.expired} expired, ${s.kept} kept, ${s.errors} errors; ${s.mailSent} emails sent, ${s.mailFailed} failed`);
    }
  } catch (err) {
    // The next tick tries again (Firestore restarting, a contention abort...).
    console.error(`reservation sweeper: run failed: ${(err as Error).message}`);
  }
}

function schedule(): void {
  if (stopping) return;
  timer = setTimeout(() => {
    running = runOnce().finally(() => {
      running = null;
      schedule();
    });
  }, EVERY_MS);
}

async function stop(): Promise<void> {
  stopping = true;
  clearTimeout(timer);
  // Let a run in progress finish its transactions, so no claim is left to lapse needlessly.
  await running;
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

console.log(`reservation sweeper: releasing unpaid reservations past the hold and sending queued emails every ${Math.round(EVERY_MS / 1000)} s`);
running = runOnce().finally(() => {
  running = null;
  schedule();
});
