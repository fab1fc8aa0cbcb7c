/**
 * Starts what the API tests need: the Auth emulator, Firestore (the official emulator where Java
 * 21 exists, else the offline stand-in) and the local Stripe double (webhook delivery off until a
 * test points it at its own server), and MailDev as the SMTP sink of order emails (SMTP
 * 127.0.0.1:1025, REST API http://127.0.0.1:1080/api/email). Torn down after the run.
 */
import { MailDev } from 'maildev';
import { startEmulators } from './emulators';
// @ts-expect-error plain JS dev tool shared with npm start
import { createStripeDouble } from '../../scripts/stripe-double/server.mjs';

export default async function setup() {
  const { stop, mode } = await startEmulators(['auth']);
  process.env.TEST_FIRESTORE_MODE = mode;
  const double = createStripeDouble({ webhookUrl: null, retryDelaysMs: [100, 200], log: () => {} });
  try {
    await double.listen();
  } catch (err) {
    await stop();
    throw new Error(`The Stripe double could not listen on 127.0.0.1:12111 (is npm start running?): ${(err as Error).message}`);
  }
  const maildev = new MailDev({ smtp: 1025, web: 1080, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
  try {
    await maildev.start();
  } catch (err) {
    await double.close();
    await stop();
    throw new Error(`MailDev could not listen on 127.0.0.1:1025/1080 (is npm start running?): ${(err as Error).message}`);
  }
  return async () => {
    await maildev.stop();
    await double.close();
    await stop();
  };
}
