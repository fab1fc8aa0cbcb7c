import { issuePendingInvoices } from '../payments/invoices';
import { recordPendingTaxTransactions } from '../tax/transactions';
import { remindExpiringExemptions } from '../tax/exemption-reminders';
import { Timestamp } from 'firebase-admin/firestore';
import { collections, db, type BookingDoc } from '../../data/firestore';
import { reservationHoldHours } from '../../config';
import { AppError } from '../../errors';
import { logs } from '../../logs';
import { isSettled } from '@fridgeparts/common/documents/bookings';
import { statesFor } from '@fridgeparts/common/order-lifecycle';
import { bookingRef, orderMove } from './booking-records';
import { readOrderStock } from './order-lines';
import { queueOrderEmail } from '../mail/mail-outbox';
import { deliverDueMail } from '../mail/mail-sender';
import { refundLatePayment, stopPaymentBeforeCancel } from '../payments/payments';
import { refreshSnapshotStock } from '../catalog/search-snapshot';
import { holdStartOf } from './approvals';
import { chargeLateWarranties } from '../returns/warranty';
import { keepOverdueCores } from '../returns/sweep-cores';

/**
 * Unpaid reservations expire (CONTRACT §7): bookings still `reserved` after the hold
 * (RESERVATION_HOLD_HOURS; for an approved order, counted from its approval) or still
 * `awaiting-approval` after it (CONTRACT §10, decision 0056) give their stock back and become
 * `expired`, exactly once, even when two
 * sweeps overlap or the payment arrives at the same moment. The scheduled function (index.ts) and
 * the local stack's sweeper (scripts/local-triggers.ts) both run `sweepReservations`.
 */

/** Bookings examined per run: a backlog is worked off over the next runs, never in one huge one. */
export const SWEEP_BATCH = 100;

export type ReleaseOutcome = 'expired' | 'paid' | 'payment-in-flight' | 'moved-on' | 'error';

export interface SweepSummary {
  examined: number;
  expired: number;
  kept: number;
  errors: number;
  mailSent: number;
  mailFailed: number;
  /** Refunds of late payments (CONTRACT §8) the provider had not made yet, made in this run. */
  refundsMade: number;
  /** Search hits whose stock this run brought up to date (search-snapshot.ts refreshSnapshotStock). */
  stockRefreshed: number;
  /** Invoices of orders on account left pending by a provider failure, issued in this run. */
  invoicesIssued: number;
  /** Paid card orders whose tax transaction Stripe could not take right after the payment (decision 0083). */
  taxTransactionsRecorded: number;
  /** Reminders queued of tax certificates expiring within 30 days (decision 0084). */
  exemptionReminders: number;
  /** Warranty replacements charged because the failed part was late (decision 0087). */
  warrantiesCharged: number;
  /** Orders whose cores were due and not returned: lines marked kept, the buyer emailed once (decision 0088). */
  coresKept: number;
}

/**
 * Releases one overdue reservation. A PaymentIntent is cancelled at the provider first, so the
 * customer can no longer pay for stock that goes back on sale; if it already succeeded, the
 * payment is recorded instead (payments.ts stopPaymentBeforeCancel) and the booking stays.
 */
export async function releaseReservation(id: string, seen: BookingDoc, cutoff: Timestamp): Promise<ReleaseOutcome> {
  try {
    await stopPaymentBeforeCancel(id, seen);
  } catch (err) {
    if (err instanceof AppError && err.code === 'conflict') {
      const reason = /been paid/.test(err.message) ? 'paid' : 'payment-in-flight';
      logs.reservationKept(id, reason);
      return reason;
    }
    throw err;
  }
  const ref = bookingRef(id);
  const outcome = await db.runTransaction(async (tx): Promise<ReleaseOutcome> => {
    const b = (await tx.get(ref)).data();
    // Cancelled, paid, already expired by an overlapping sweep, or a new payment started since the
    // cancel above (its intent id changed): not this run's to release.
    const expire = b ? orderMove(b, 'expire', 'system') : null;
    if (!b || isSettled(b) || !expire?.ok) return 'moved-on';
    if ((b.paymentIntentId ?? null) !== (seen.paymentIntentId ?? null)) return 'payment-in-flight';
    // An approved order's hold began at its approval (approvals.ts holdStartOf).
    if (holdStartOf(b).toMillis() >= cutoff.toMillis()) return 'moved-on';
    // Every line's tool; one removed from the catalogue meanwhile has no stock to take back.
    const stock = expire.stock === 'return' ? await readOrderStock(tx, b) : null;
    const expired = expire.set!;
    tx.update(ref, expired);
    stock?.move(+1);
    queueOrderEmail(tx, 'released', id, { ...b, ...expired });
    return 'expired';
  });
  if (outcome === 'expired') logs.reservationExpired(id, seen.quantity);
  else logs.reservationKept(id, outcome);
  return outcome;
}

export interface SweepOptions {
  /** The run's clock (the schedule time); bookings created before now - hold are overdue. */
  now?: Date;
  holdHours?: number;
  limit?: number;
}

/**
 * One run: the oldest overdue reservations (index bookings state + createdAt), at most `limit`,
 * one transaction each; then the refunds of late payments still to make; then every order email still due (new, retried, or with a lapsed lease).
 */
export async function sweepReservations({
  now = new Date(),
  holdHours = reservationHoldHours(),
  limit = SWEEP_BATCH,
}: SweepOptions = {}): Promise<SweepSummary> {
  const cutoff = Timestamp.fromMillis(now.getTime() - holdHours * 3_600_000);
  const overdueOf = (state: string) =>
    collections.bookings().where('state', '==', state).where('createdAt', '<', cutoff).orderBy('createdAt').limit(limit).get();
  // The states the lifecycle expires: unpaid reservations, and orders waiting for approval, which
  // expire like unpaid ones (CONTRACT §10), from the same index.
  const found = await Promise.all(statesFor('expire', 'system').map(overdueOf));
  const overdue = { docs: found.flatMap((q) => q.docs) };
  const summary: SweepSummary = {
    examined: overdue.docs.length,
    expired: 0,
    kept: 0,
    errors: 0,
    mailSent: 0,
    mailFailed: 0,
    refundsMade: 0,
    stockRefreshed: 0,
    invoicesIssued: 0,
    taxTransactionsRecorded: 0,
    exemptionReminders: 0,
    warrantiesCharged: 0,
    coresKept: 0,
  };
  for (const d of overdue.docs) {
    let outcome: ReleaseOutcome;
    try {
      outcome = await releaseReservation(d.id, d.data(), cutoff);
    } catch (err) {
      // One booking's trouble (provider down, contention) must not stop the others; next run retries.
      logs.sweepError(d.id, err);
      outcome = 'error';
    }
    if (outcome === 'expired') summary.expired++;
    else if (outcome === 'error') summary.errors++;
    else summary.kept++;
  }
  // Late payments whose refund failed right after their transaction (the provider was down).
  const pending = await collections.bookings().where('refundPending', '==', true).limit(limit).get();
  for (const d of pending.docs) {
    try {
      if (await refundLatePayment(d.id)) summary.refundsMade++;
    } catch (err) {
      logs.sweepError(d.id, err);
      summary.errors++;
    }
  }
  // Orders on account whose invoice the provider could not finish after their commit (decision 0058).
  const invoices = await issuePendingInvoices(limit);
  summary.invoicesIssued = invoices.issued;
  summary.errors += invoices.errors;
  const taxes = await recordPendingTaxTransactions(limit);
  summary.taxTransactionsRecorded = taxes.recorded;
  summary.errors += taxes.errors;
  // Tax certificates expiring within 30 days: their company admins are told once (decision 0084).
  const reminders = await remindExpiringExemptions(now);
  summary.exemptionReminders = reminders.queued;
  summary.errors += reminders.errors;
  // Warranty claims whose failed part is late: their replacement charged once (decision 0087).
  const late = await chargeLateWarranties(now, limit);
  summary.warrantiesCharged = late.charged;
  summary.errors += late.errors;
  // Core deposits whose cores were not returned in time: kept, once, with one email (decision 0088).
  const cores = await keepOverdueCores(now, limit);
  summary.coresKept = cores.kept;
  summary.errors += cores.errors;
  // The stock orders moved (the expirations above too), into the search's hits.
  try {
    summary.stockRefreshed = await refreshSnapshotStock();
  } catch (err) {
    logs.searchStockRefreshFailed(err);
    summary.errors++;
  }
  // The released emails just queued are due now, with anything earlier runs or the API left.
  const mail = await deliverDueMail({ now: new Date(Math.max(now.getTime(), Date.now())) });
  summary.mailSent = mail.sent;
  summary.mailFailed = mail.failed;
  logs.sweepFinished({ ...summary });
  return summary;
}
