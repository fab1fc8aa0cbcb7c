import type { DocumentReference } from 'firebase-admin/firestore';
import { collections, type MailDoc } from '../../data/firestore';
import { logs } from '../../logs';
import { deliverMail, type DeliveryResult } from './mail-sender';

/**
 * Order emails leave from a trigger on their outbox document (CONTRACT §9, decision 0038), not
 * from work an API call starts after answering (Cloud Functions may throttle the CPU then).
 * Deployed: index.ts `onMailCreated`, a Firestore onDocumentCreated function on mail/{mailId}.
 * Locally: the same handler fed by `feedMailTrigger`, a listener on the outbox. Either may reach a
 * mail twice (an event delivered again, the listener beside the emulator's trigger, the sweep):
 * deliverMail claims it first, so the second reach sends nothing.
 */

/** The trigger's handler: delivers the mail just created. A mail it cannot send stays for the sweep. */
export function onMailCreated(mailId: string): Promise<DeliveryResult> {
  return deliverMail(collections.mail().doc(mailId));
}

export interface MailFeed {
  /** Stops listening and waits for the deliveries already started. */
  stop(): Promise<void>;
}

/**
 * The local stand-in for the deployed trigger (the offline Firestore stand-in raises no events to
 * the Functions emulator): a snapshot listener on the pending mail that hands each mail it sees
 * appear to `onMailCreated`. Its first snapshot holds every mail already pending (queued while
 * nothing listened), so they go out at start. A mail that returns to pending after a failed
 * attempt appears again too; its back-off makes that delivery a no-op, and the sweep retries it.
 * Never imported by index.ts: local stack and tests only.
 */
export function feedMailTrigger({ log = (line: string) => console.log(line), retryMs = 2000 } = {}): MailFeed {
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const handle = (ref: DocumentReference<MailDoc>) => {
    if (inFlight.has(ref.id)) return; // this feed is already on it
    const p = onMailCreated(ref.id)
      .then((result) => {
        if (result === 'sent') log(`mail trigger: sent ${ref.id}`);
      })
      .catch((err: unknown) => logs.mailDeliveryError(`local mail trigger, ${ref.id}`, err))
      .finally(() => inFlight.delete(ref.id));
    inFlight.set(ref.id, p);
  };

  const listen = () => {
    if (stopped) return;
    unsubscribe = collections
      .mail()
      .where('state', '==', 'pending')
      .onSnapshot(
        (snap) => {
          for (const change of snap.docChanges()) if (change.type === 'added') handle(change.doc.ref);
        },
        (err) => {
          // Firestore went away (restarting, stopping): listen again shortly; the first snapshot
          // then holds whatever was queued meanwhile.
          logs.mailDeliveryError('local mail trigger, listener', err);
          unsubscribe = null;
          timer = setTimeout(listen, retryMs);
        },
      );
  };
  listen();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      unsubscribe?.();
      while (inFlight.size > 0) await Promise.all([...inFlight.values()]);
    },
  };
}
