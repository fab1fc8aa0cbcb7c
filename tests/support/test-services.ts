/**
 * What the API, fuzz and concurrency tests need: the Auth emulator, Firestore (the official
 * emulator where Java 21 exists, else the offline stand-in), the local Stripe double (webhook
 * delivery off until a test points it at its own server), MailDev as the SMTP sink of order emails
 * (SMTP and REST API /api/email on the ports of common/src/local-stack.json), and the order-email
 * trigger as `npm start` runs it: a listener on the mail outbox feeding the deployed trigger's
 * handler (functions/src/services/mail/mail-trigger.ts; decision 0038).
 *
 * `npm test` starts them once for those three tiers (serve-test-services.ts, decision 0047); a
 * tier run on its own starts them in its global setup (api-global-setup.ts).
 */
import './env';
import { MailDev } from 'maildev';
import { LOCAL_HOST, LOCAL_PORTS, localHostPort } from '../../common/src/local-stack';
import { startEmulators } from './emulators';
// @ts-expect-error plain JS dev tool shared with npm start
import { createStripeDouble } from '../../scripts/stripe-double/server.mjs';

/** Set (to 1) by `npm test` while it serves the three tiers' services itself. */
export const SHARED_TEST_SERVICES_ENV = 'FRIDGEPARTS_SHARED_TEST_SERVICES';

export async function startTestServices(): Promise<{ mode: 'emulator' | 'standin'; stop: () => Promise<void> }> {
  const { stop, mode } = await startEmulators(['auth']);
  const double = createStripeDouble({ webhookUrl: null, retryDelaysMs: [100, 200], log: () => {} });
  try {
    await double.listen();
  } catch (err) {
    await stop();
    throw new Error(`The Stripe double could not listen on ${localHostPort('stripe')} (is npm start running?): ${(err as Error).message}`);
  }
  const maildev = new MailDev({ smtp: LOCAL_PORTS.mailSmtp, web: LOCAL_PORTS.mailWeb, ip: LOCAL_HOST, webIp: LOCAL_HOST, silent: true });
  try {
    await maildev.start();
  } catch (err) {
    await double.close();
    await stop();
    throw new Error(
      `MailDev could not listen on ${LOCAL_HOST}:${LOCAL_PORTS.mailSmtp}/${LOCAL_PORTS.mailWeb} (is npm start running?): ${(err as Error).message}`,
    );
  }
  // Loaded once the emulators are up (env.ts pointed firebase-admin at them).
  const { feedMailTrigger } = await import('../../functions/src/services/mail/mail-trigger');
  const mail = feedMailTrigger({ log: () => {} });
  return {
    mode,
    stop: async () => {
      await mail.stop();
      await maildev.stop();
      await double.close();
      await stop();
    },
  };
}
