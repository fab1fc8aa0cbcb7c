import { Timestamp } from 'firebase-admin/firestore';
import { addCalendarDays } from '@fridgeparts/common/availability/availability';
import { dayWords, EXEMPTION_LIMITS, exemptionWords } from '@fridgeparts/common/tax/exemption';
import { siteUrl } from '../../config';
import { collections, db } from '../../data/firestore';
import { logs } from '../../logs';
import { readAdmins } from '../companies/company-side';
import { exemptionExpiryEmail, exemptionExpiryShopEmail, UNSET_SITE_URL, type MailContent } from '../mail/mail-templates';
import { exemptionToday } from './exemptions';

/**
 * The 30-day reminders of expiring certificates (CONTRACT §15, decision 0084), run by the
 * reservation sweep: each approved certificate whose expiresOn is from today to 30 days ahead, and
 * whose reminder for that expiry was not sent, queues mail/exemption-{eid}-expiry-{expiresOn} to
 * its company's admins, and mail/exemption-{eid}-expiry-{expiresOn}-shop to the shop's admins (in a
 * mail of their own: the company is not shown who they are), and records `reminderSentFor` in one
 * transaction: once per certificate and expiry, however often the sweep runs or overlaps (a
 * renewed expiry is reminded again).
 */

/** Certificates read per query, and the most a run looks at. */
const PAGE = 50;
const MAX_PAGES = 10;
/** The shop's admins told of an expiring certificate: the first few (the role mirrors the admin claim). */
const SHOP_ADMINS_TOLD = 10;

export const exemptionMailId = (eid: string, expiresOn: string, to: 'company' | 'shop' = 'company'): string =>
  `exemption-${eid}-expiry-${expiresOn}${to === 'shop' ? '-shop' : ''}`;

export async function remindExpiringExemptions(now: Date = new Date()): Promise<{ queued: number; errors: number }> {
  const today = exemptionToday(now);
  const until = addCalendarDays(today, EXEMPTION_LIMITS.reminderDays);
  let queued = 0;
  let errors = 0;
  let query = collections
    .exemptions()
    .where('status', '==', 'approved')
    .where('expiresOn', '>=', today)
    .where('expiresOn', '<=', until)
    .orderBy('expiresOn')
    .limit(PAGE);
  for (let page = 0; page < MAX_PAGES; page++) {
    const snap = await query.get();
    for (const d of snap.docs) {
      const seen = d.data();
      if (!seen.expiresOn || seen.reminderSentFor === seen.expiresOn) continue;
      try {
        if (await remindOne(d.id, seen.expiresOn)) queued++;
      } catch (err) {
        // One certificate's trouble must not stop the others: the next run tries it again.
        logs.sweepError(d.id, err);
        errors++;
      }
    }
    const last = snap.docs[snap.docs.length - 1];
    if (snap.size < PAGE || !last) break;
    query = query.startAfter(last);
  }
  return { queued, errors };
}

/** One certificate's reminder, in one transaction with its reminderSentFor; false when another run sent it or it changed. */
async function remindOne(eid: string, expiresOn: string): Promise<boolean> {
  const ref = collections.exemptions().doc(eid);
  return db.runTransaction(async (tx) => {
    const e = (await tx.get(ref)).data();
    if (!e || e.status !== 'approved' || e.expiresOn !== expiresOn || e.reminderSentFor === expiresOn) return false;
    const company = (await tx.get(collections.companies().doc(e.companyId))).data();
    const admins = await readAdmins(tx, e.companyId);
    const shopAdmins = (await tx.get(collections.users().where('role', '==', 'admin').limit(SHOP_ADMINS_TOLD))).docs.map((d) => d.data().email);
    tx.update(ref, { reminderSentFor: expiresOn });
    // Without the company there is nothing to renew: recorded as reminded all the same.
    if (!company) return false;
    const shipTo = company.shipTo.find((s) => s.id === e.shipToId);
    const facts = {
      companyName: company.name,
      shipToLabel: shipTo?.label ?? e.shipToId,
      words: exemptionWords(e),
      expiresOnWords: dayWords(expiresOn),
      siteUrl: siteUrl() ?? UNSET_SITE_URL,
    };
    const at = Timestamp.now();
    const queue = (id: string, to: string[], content: MailContent) =>
      tx.set(collections.mail().doc(id), {
        bookingId: null,
        companyId: e.companyId,
        kind: 'exemption-expiry',
        to: to.join(', '),
        ...content,
        state: 'pending',
        attempts: 0,
        retryAt: at,
        claimId: null,
        createdAt: at,
        sentAt: null,
        messageId: null,
        lastError: null,
      });
    const told = shopAdmins.filter((email): email is string => typeof email === 'string' && email.length > 0);
    if (admins.length > 0)
      queue(
        exemptionMailId(eid, expiresOn),
        admins.map((a) => a.email),
        exemptionExpiryEmail(facts),
      );
    if (told.length > 0) queue(exemptionMailId(eid, expiresOn, 'shop'), told, exemptionExpiryShopEmail(facts));
    return admins.length > 0 || told.length > 0;
  });
}
