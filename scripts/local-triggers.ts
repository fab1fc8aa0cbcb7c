// The local stack's stand-ins for the deployed background functions, in one process that
// `npm start` starts beside the emulators and stops with the rest (scripts/lib/stack.mjs):
// - the order-email trigger (`sendOrderEmail`, onDocumentCreated on mail/{mailId}): the offline
//   Firestore stand-in raises no events to the Functions emulator, so a listener on the outbox
//   feeds the same handler (feedMailTrigger; decision 0038);
// - the scheduled sweep (`expireReservations`, every 15 minutes deployed): the Functions emulator
//   does not fire scheduled functions, so the same sweep runs here every minute (decision 0017).
// Environment: emulatorEnv() from stack.mjs; no SMTP_URL, so mail goes to MailDev (LOCAL_SMTP_URL),
// and no Stripe key, so payments in flight are cancelled at the Stripe double.
import { sweepReservations } from '../functions/src/services/sweep/reservation-sweep';
import { feedMailTrigger } from '../functions/src/services/mail/mail-trigger';

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

const mail = feedMailTrigger();

async function stop(): Promise<void> {
  stopping = true;
  clearTimeout(timer);
  // Let the work in progress finish its transactions, so no claim is left to lapse needlessly.
  await Promise.all([running, mail.stop()]);
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

console.log(`local triggers: order emails sent as their outbox documents appear; the reservation sweep every ${Math.round(EVERY_MS / 1000)} s`);
running = runOnce().finally(() => {
  running = null;
  schedule();
});
