import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { getAppCheck } from 'firebase-admin/app-check';
import { createApp } from './http/app';
import { appCheckEnforced, FUNCTION_SECRETS } from './config';
import { sweepReservations } from './services/sweep/reservation-sweep';
import { onMailCreated } from './services/mail/mail-trigger';

/** The shop's REST API (SPEC §7), reached through the Hosting rewrites in firebase.json. */
export const api = onRequest(
  { region: 'us-central1', memory: '512MiB', concurrency: 80, maxInstances: 10, secrets: FUNCTION_SECRETS },
  createApp({ appCheck: { enforce: appCheckEnforced, verify: (token) => getAppCheck().verifyToken(token) } }),
);

/**
 * CONTRACT §9: each order email is sent when its outbox document is created (decision 0038).
 * retry false: the handler records an SMTP failure on the mail (back-off in the document) and
 * never throws for it, and what it could not even claim stays due for the sweep below, so a
 * platform retry would only add a second retry schedule beside the document's own.
 */
export const sendOrderEmail = onDocumentCreated(
  { document: 'mail/{mailId}', region: 'us-central1', memory: '256MiB', timeoutSeconds: 120, maxInstances: 10, retry: false, secrets: FUNCTION_SECRETS },
  async (event) => {
    await onMailCreated(event.params.mailId);
  },
);

/**
 * CONTRACT §7: every 15 minutes, unpaid reservations older than RESERVATION_HOLD_HOURS give their
 * stock back (exactly once), and order emails still queued are sent (retries). The local stack
 * runs the same sweep every minute, beside the mail trigger's listener (scripts/local-triggers.ts;
 * decisions 0017, 0038).
 */
export const expireReservations = onSchedule(
  {
    schedule: 'every 15 minutes',
    region: 'us-central1',
    timeZone: 'Etc/UTC',
    memory: '256MiB',
    timeoutSeconds: 300,
    maxInstances: 1,
    retryCount: 0,
    secrets: FUNCTION_SECRETS,
  },
  async (event) => {
    const scheduled = Date.parse(event.scheduleTime);
    await sweepReservations({ now: Number.isFinite(scheduled) ? new Date(scheduled) : new Date() });
  },
);
