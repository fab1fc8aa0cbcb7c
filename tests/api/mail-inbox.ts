import type { Timestamp } from 'firebase-admin/firestore';
import { localOrigin } from '../../common/src/local-stack';
import { db } from '../support/firestore';

/**
 * The API tier's inbox: MailDev (tests/support/api-global-setup.ts) read through its REST API.
 * MailDev 3 serves it under /api (v2 had GET /email).
 */
export const MAILDEV = localOrigin('mailWeb');

export interface InboxMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  headers: Record<string, string>;
}

export async function clearInbox(): Promise<void> {
  const res = await fetch(`${MAILDEV}/api/email/all`, { method: 'DELETE' });
  if (!res.ok) throw new Error(`MailDev DELETE /api/email/all answered ${res.status}`);
}

/** The mails MailDev holds for `to`, in arrival order. */
export async function inboxOf(to: string): Promise<InboxMail[]> {
  const res = await fetch(`${MAILDEV}/api/email`);
  if (!res.ok) throw new Error(`MailDev GET /api/email answered ${res.status}`);
  const all = (await res.json()) as InboxMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()));
}

/**
 * Waits until `to` has at least `count` mails, then a little longer so that a duplicate on its way
 * would show up too; answers what arrived. Checks that a mail came once compare its length.
 */
export async function settledInboxOf(to: string, count: number, { timeoutMs = 10_000, quietMs = 700 } = {}): Promise<InboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  let mails = await inboxOf(to);
  while (mails.length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    mails = await inboxOf(to);
  }
  await new Promise((r) => setTimeout(r, quietMs));
  return inboxOf(to);
}

/**
 * Waits until the mail trigger (the listener the API tier's global setup runs, as `npm start`
 * does) has nothing left to do now: no mail pending and due, none being sent. Call it before
 * comparing Firestore dumps or clearing the inbox, so an earlier call's email changing state or
 * landing late is not taken for the next call's doing. A mail waiting out a back-off is settled.
 */
export async function mailSettled({ timeoutMs = 15_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = Date.now();
    const open = (await db.collection('mail').where('state', 'in', ['pending', 'sending']).get()).docs.filter((d) => {
      const retryAt = d.get('retryAt') as Timestamp | null;
      return d.get('state') === 'sending' || !retryAt || retryAt.toMillis() <= now;
    });
    if (open.length === 0) return;
    if (Date.now() > deadline) throw new Error(`order emails still unsent after ${timeoutMs} ms: ${open.map((d) => `${d.id} (${d.get('state')})`).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
