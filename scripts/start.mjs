// `npm start`: the whole shop on this machine with demo data (CONTRACT §1).
import { register } from 'tsx/esm/api';
import { createStack, HOSTING_URL, MAILDEV_URL, PORTS, StackStopped } from './lib/stack.mjs';

register();
const { DEMO_ACCOUNTS: DEMO, DEMO_COMPANY: COMPANY } = await import('../common/src/constants.ts');

const started = Date.now();
// Output may outlive its reader (npm gone, a closed pipe): a failed write must not end this
// process before it has stopped the stack.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

const stack = createStack();
// Stopping is one operation: the first signal starts it, and every later one (a second Ctrl-C,
// npm's copy of the terminal's signal, npm exiting) waits for the same stop before exiting.
// A stop asked for (a signal, npm gone) ends with 0; a part that exited by itself, with 1.
let stopping = null;
const shutdown = (why, code = 0) => {
  if (stopping) return stopping;
  console.log(`\n${why}: stopping the local stack (every part, within about 25 s)...`);
  stopping = stack.stop().then(() => {
    console.log(code === 0 ? 'The local stack has stopped.' : 'The local stack has stopped because a part of it failed (see above).');
    process.exit(code);
  });
  return stopping;
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));
// `kill <npm's pid>` (a process manager, a script) stops npm, but npm's shell does not pass the
// signal on: this process would be left running with the emulators. Orphaned, it stops them too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown('npm exited');
}, 1000).unref();

let ready;
try {
  ready = await stack.start();
} catch (err) {
  if (err instanceof StackStopped) await shutdown('stopped');
  console.error(`\nnpm start failed: ${err.message}`);
  await stack.stop();
  process.exit(1);
}

// The supervisor: a part that exits by itself (a crash, an out-of-memory death, a kill) would leave
// the rest serving requests that hang. Say which part and why, stop the rest, exit non-zero.
ready.failed.then((err) => {
  if (stopping) return;
  console.error(`\nnpm start: ${err.message}`);
  void shutdown(`${err.part} exited`, 1);
});

const firestore =
  ready.mode === 'emulator'
    ? 'the official Firestore emulator (security rules enforced; the SPA reads the catalogue from Firestore)'
    : 'the offline Firestore stand-in (no Java 21 here: no security rules; transactions isolated; the SPA reads the catalogue through the REST API)';
console.log(`
FridgeParts is running at ${HOSTING_URL}   (ready in ${Math.round((Date.now() - started) / 1000)} s)

  Demo admin:     ${DEMO.admin.email} / ${DEMO.admin.password}
  Demo customer:  ${DEMO.customer.email} / ${DEMO.customer.password}
  Demo company:   ${COMPANY.name} (Net 30): company admin ${COMPANY.companyAdmin.email} / ${COMPANY.companyAdmin.password},
                  buyer ${COMPANY.buyer.email} / ${COMPANY.buyer.password} (spending limit $${COMPANY.buyerSpendingLimitCents / 100})
  Firestore:      ${firestore}
  Auth emulator:  http://127.0.0.1:${PORTS.auth}   Google sign-in shows the emulator's account page in a popup
                  (the popup needs https://apis.google.com: see docs/decisions/0009-google-sign-in-offline-tests.md)
  Stripe double:  http://127.0.0.1:${PORTS.stripe}   local test double of Stripe's API; signed webhooks to /stripe/webhook
                  Pay with 4242 4242 4242 4242 (declined: 4000 0000 0000 0002, no funds: 4000 0000 0000 9995)
  Email inbox:    ${MAILDEV_URL}   MailDev: every order email the shop sends (SMTP 127.0.0.1:${PORTS.mailSmtp}; REST GET /api/email)
  Triggers:       order emails leave as their outbox documents appear (a listener in place of the deployed trigger);
                  the expiry sweep runs every minute (unpaid bookings older than RESERVATION_HOLD_HOURS, default 48)
  Emulator hub:   http://127.0.0.1:${PORTS.hub}   the Firebase emulators' hub (log stream on ${PORTS.logging})

Press Ctrl-C to stop every part (or run \`npm run stop\` from another terminal).`);
