import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { LOCAL_SMTP_URL } from '@fridgeparts/common/local-stack';
import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { collections, db } from '../../data/firestore';
import { isDeployed, mailFrom, secretValue, siteUrl, SMTP_URL } from '../../config';
import { logs } from '../../logs';
import type { MailDoc } from '../../data/firestore';
import { withSiteUrl } from './mail-templates';

/**
 * Delivers the outbox (mail-outbox.ts) over SMTP, at least once: concurrent senders (the mail
 * trigger, retried or fed twice, and one or two sweeps) never send a mail twice, since a sender
 * first claims it in a transaction (pending -> sending, with a lease), sends only if it won the
 * claim, then marks it sent. A failure puts it back to pending with a back-off; a sender that died
 * mid-way leaves a lease that runs out, and the next sweep takes the mail again, so a sender that
 * died after the SMTP server took the mail but before marking it sent means a second copy. Every
 * copy carries the same Message-ID, `<{mailId}@fridgeparts.mail>`, so a repeat is recognisable
 * (CONTRACT §13; decisions 0017, 0038, 0042).
 */

/** How long a claim holds a mail. Far longer than one SMTP exchange may take (timeouts below). */
export const LEASE_MS = 5 * 60_000;
/** A sender that finds less than this left of its lease (it was paused) does not start sending. */
const LEASE_MARGIN_MS = 2 * 60_000;
export const MAX_ATTEMPTS = 10;

/** Minutes before the next attempt after `attempts` failures: 1, 2, 4 ... at most 6 hours. */
export const backoffMs = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1), 360) * 60_000;

function smtpUrl(): string {
  const url = secretValue(SMTP_URL);
  if (url) return url;
  // A deployed function must never fall back to a local address that goes nowhere.
  if (isDeployed()) throw new Error('SMTP_URL is not set: order emails stay queued until it is.');
  // The local inbox: MailDev, started by npm start and the API tests.
  return LOCAL_SMTP_URL;
}

let cached: { url: string; transport: Transporter } | null = null;
function transport(): Transporter {
  const url = smtpUrl();
  if (cached?.url === url) return cached.transport;
  // Timeouts far below LEASE_MS, so a send attempt ends (sent or failed) while its claim holds.
  const t = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  cached = { url, transport: t };
  return t;
}

type Claim = { mail: MailDoc; claimId: string; leaseUntil: number };

/**
 * `now` is the sender's clock, which decides whether a back-off is over. A lease is judged by the
 * real clock only: a sweep run as if later (the schedule's time, or the soak's sweep that runs as if
 * every hold had run out) must not take a mail another sender is sending right now, or it goes out twice.
 */
async function claim(ref: DocumentReference<MailDoc>, now: number): Promise<Claim | null> {
  return db.runTransaction(async (tx) => {
    const mail = (await tx.get(ref)).data();
    if (!mail || mail.state === 'sent' || mail.state === 'failed') return null;
    const realNow = Date.now();
    // Sending under someone else's lease that has not run out.
    if (mail.state === 'sending' && mail.retryAt && mail.retryAt.toMillis() > realNow) return null;
    // Pending and waiting out a back-off.
    if (mail.state === 'pending' && mail.retryAt && mail.retryAt.toMillis() > now) return null;
    const claimId = randomUUID();
    const leaseUntil = realNow + LEASE_MS;
    tx.update(ref, { state: 'sending', claimId, retryAt: Timestamp.fromMillis(leaseUntil) });
    return { mail, claimId, leaseUntil };
  });
}

async function markSent(ref: DocumentReference<MailDoc>, messageId: string | null): Promise<void> {
  await db.runTransaction(async (tx) => {
    const mail = (await tx.get(ref)).data();
    // The message went out: whoever else holds a claim now must not send it again.
    if (!mail || mail.state === 'sent') return;
    tx.update(ref, { state: 'sent', sentAt: Timestamp.now(), retryAt: null, claimId: null, messageId, lastError: null });
  });
}

async function markFailed(ref: DocumentReference<MailDoc>, claimId: string, error: unknown): Promise<void> {
  const outcome = await db.runTransaction(async (tx) => {
    const mail = (await tx.get(ref)).data();
    if (!mail || mail.state !== 'sending' || mail.claimId !== claimId) return null;
    const attempts = mail.attempts + 1;
    const giveUp = attempts >= MAX_ATTEMPTS;
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    tx.update(ref, {
      state: giveUp ? 'failed' : 'pending',
      attempts,
      claimId: null,
      lastError,
      retryAt: giveUp ? null : Timestamp.fromMillis(Date.now() + backoffMs(attempts)),
    });
    return { attempts, giveUp };
  });
  if (outcome) logs.mailFailed(ref.id, outcome.attempts, !outcome.giveUp, error);
}

/** What a deployed function without SITE_URL records on the mail it will not send. */
export const SITE_URL_MISSING = 'SITE_URL is not set: order emails stay queued until it is (their links would lead nowhere).';

/**
 * A deployment without SITE_URL sends nothing (CONTRACT §9): the mail stays pending and due, with
 * the reason in lastError, and no attempt counted, so it goes out with the right links once
 * SITE_URL is set and the next sweep or trigger reaches it.
 */
async function holdWithoutSiteUrl(ref: DocumentReference<MailDoc>): Promise<'held'> {
  await db.runTransaction(async (tx) => {
    const mail = (await tx.get(ref)).data();
    if (mail?.state === 'pending' && mail.lastError !== SITE_URL_MISSING) tx.update(ref, { lastError: SITE_URL_MISSING });
  });
  logs.mailHeldWithoutSiteUrl(ref.id);
  return 'held';
}

/** held: not sent because SITE_URL is missing (deployed); skipped: someone else's, or not due. */
export type DeliveryResult = 'sent' | 'skipped' | 'failed' | 'held';

/**
 * Claims, sends and records one mail. Never throws for an SMTP problem: the mail is retried.
 * `now` is the sender's clock (the sweep's schedule time); it is never earlier than the real one.
 */
export async function deliverMail(ref: DocumentReference<MailDoc>, now = Date.now()): Promise<DeliveryResult> {
  const origin = siteUrl();
  if (origin === null) return holdWithoutSiteUrl(ref);
  const won = await claim(ref, Math.max(now, Date.now()));
  if (!won) return 'skipped';
  const { mail, claimId, leaseUntil } = won;
  if (Date.now() > leaseUntil - LEASE_MARGIN_MS) return 'skipped'; // paused after claiming: let the lease run out
  // Rendered when queued; the shop's origin goes in now if it was unknown then.
  const { subject, text, html } = withSiteUrl(mail, origin);
  let messageId: string | null;
  try {
    const info = await transport().sendMail({
      from: mailFrom(),
      to: mail.to,
      subject,
      text,
      html,
      // The same Message-ID on every attempt, so a mail server that saw it already can drop it.
      messageId: `<${ref.id}@fridgeparts.mail>`,
      headers: { 'X-FridgeParts-Mail': ref.id },
    });
    messageId = typeof info.messageId === 'string' ? info.messageId : null;
  } catch (err) {
    await markFailed(ref, claimId, err);
    return 'failed';
  }
  await markSent(ref, messageId);
  logs.mailSent(ref.id, mail.kind, messageId);
  return 'sent';
}

/**
 * The sweep's part: every mail due now (new, backed off long enough, or with a lapsed lease),
 * oldest first, at most `limit` per run. retryAt has a single-field index, so no composite one.
 */
export async function deliverDueMail({ limit = 100, now = new Date() }: { limit?: number; now?: Date } = {}): Promise<Record<DeliveryResult, number>> {
  const due = await collections.mail().where('retryAt', '<=', Timestamp.fromDate(now)).orderBy('retryAt').limit(limit).get();
  const counts: Record<DeliveryResult, number> = { sent: 0, skipped: 0, failed: 0, held: 0 };
  for (const d of due.docs) counts[await deliverMail(d.ref, now.getTime())]++;
  return counts;
}
