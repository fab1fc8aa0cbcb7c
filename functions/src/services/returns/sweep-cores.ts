import { Timestamp } from 'firebase-admin/firestore';
import { collections, db, type BookingDoc } from '../../data/firestore';
import { coreReturnDays } from '../../config';
import { logs } from '../../logs';
import { bookingRef } from '../orders/booking-records';
import { queueCoresKeptEmail } from '../mail/mail-outbox';
import { coresCheck } from './core-rules';

/**
 * The sweep's part of core deposits (decision 0088): orders whose `coresCheckAt` has come are
 * looked at, one transaction each, oldest first, at most `limit` a run. A line whose cores were
 * due (CORE_RETURN_DAYS after its last shipment) and are not all back is marked kept
 * (`coresKeptAt`) and the buyer gets one email naming the lines, the cores and the deposit kept
 * (mail/{bookingId}-cores-kept-{n}). The mark is read in the transaction that writes it: a second
 * sweep, or two racing, find the line marked and write nothing, queue nothing. The order's
 * `coresCheckAt` moves to when it must be looked at again, or becomes null once no line can owe cores.
 */
export async function keepOverdueCores(now: Date, limit: number, days = coreReturnDays()): Promise<{ kept: number; errors: number }> {
  // Both bounds on the one field: only times match (a null, an order done, never does).
  const due = await collections
    .bookings()
    .where('coresCheckAt', '>', Timestamp.fromMillis(0))
    .where('coresCheckAt', '<=', Timestamp.fromDate(now))
    .orderBy('coresCheckAt')
    .limit(limit)
    .get();
  let kept = 0;
  let errors = 0;
  for (const d of due.docs) {
    try {
      if (await checkOrderCores(d.id, now, days)) kept++;
    } catch (err) {
      logs.sweepError(d.id, err);
      errors++;
    }
  }
  return { kept, errors };
}

/** One order's check in its own transaction; answers whether it marked cores kept. */
export async function checkOrderCores(id: string, now: Date, days: number): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const ref = bookingRef(id);
    const b = (await tx.get(ref)).data() as BookingDoc | undefined;
    const at = b?.coresCheckAt;
    // Moved on by another sweep meanwhile (or gone): nothing to do now.
    if (!b || !at || at.toMillis() > now.getTime()) return false;
    const { lines, kept, next } = coresCheck(b, now, days);
    // Null once no line can owe cores: a range query on the time passes it by (only times compare with a time).
    const coresCheckAt = next ? Timestamp.fromDate(next) : null;
    if (kept.length === 0) {
      tx.update(ref, { coresCheckAt });
      return false;
    }
    const n = (b.coresKeptEmails ?? 0) + 1;
    tx.update(ref, { lines, coresCheckAt, coresKeptEmails: n });
    queueCoresKeptEmail(tx, id, { ...b, lines }, kept, n);
    return true;
  });
}
