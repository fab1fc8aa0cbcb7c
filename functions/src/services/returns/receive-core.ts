import { Timestamp } from 'firebase-admin/firestore';
import type { CoreReceive } from '@fridgeparts/common/returns/returns.schema';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { centsToDollars } from '@fridgeparts/common/money';
import { db, type ReturnDoc } from '../../data/firestore';
import { badRequest, conflict } from '../../errors';
import { bookingRef } from '../booking-records';
import { queueReturnEmail } from '../mail/mail-outbox';
import { orderReturnsOf, readReturn, returnAnswer, returnRef } from './returns';
import { isCoreReturn, moveCores } from './core-rules';

/**
 * POST /booking/{id}/returns/{rid}/receive of a core return (shop admin): every line of the return
 * inspected once (accepted, partial with the amount, at most the deposit of its cores, or
 * rejected); the cores move from open to returned on the order, the return is received and the
 * buyer emailed. A second receive is 409, as for any return.
 */
export async function receiveCoreReturn(bookingId: string, rid: string, input: CoreReceive): Promise<Return> {
  return db.runTransaction(async (tx) => {
    const { r, b } = await readReturn(tx, bookingId, rid);
    if (r.state === 'received' || r.state === 'refunded') throw conflict(`Return ${r.rmaNumber} was already received: nothing is counted in twice.`);
    if (r.state === 'declined') throw conflict(`Return ${r.rmaNumber} was declined, so nothing is received for it.`);
    if (r.state === 'requested') throw conflict(`Return ${r.rmaNumber} is not approved yet: approve it first, then receive its cores.`);
    if (!isCoreReturn(r)) throw badRequest(`Return ${r.rmaNumber} is not a core return: count its lines as resaleable and damaged.`);
    // The order's other returns, read before any write: the refund this one will show is held to theirs.
    const others = await orderReturnsOf(bookingId, tx);
    const given = new Map(input.lines.map((l) => [l.lineId, l]));
    const problems: [string, string][] = [];
    input.lines.forEach((c, i) => {
      const line = r.lines.find((l) => l.lineId === c.lineId);
      if (!line) problems.push([`lines.${i}`, `Return ${r.rmaNumber} has no line ${c.lineId} (its lines: ${r.lines.map((l) => l.lineId).join(', ')}).`]);
      else if (c.inspection === 'partial' && (c.amount ?? 0) > (line.coreDepositUnitCents ?? 0) * line.quantity)
        problems.push([
          `lines.${i}.amount`,
          `Line ${c.lineId} (${line.name}): at most the deposit of its ${line.quantity} cores, ${centsToDollars((line.coreDepositUnitCents ?? 0) * line.quantity).toFixed(2)}.`,
        ]);
    });
    r.lines.forEach((l) => {
      if (!given.has(l.lineId)) problems.push([`lines`, `Line ${l.lineId} (${l.name}) is not inspected: inspect every line of a core return.`]);
    });
    if (problems.length > 0) throw badRequest(problems.map(([, m]) => m).join(' '), Object.fromEntries(problems));
    const lines = r.lines.map((l) => {
      const c = given.get(l.lineId)!;
      return { ...l, inspection: c.inspection, partialCents: c.inspection === 'partial' ? (c.amount ?? 0) : null };
    });
    const at = Timestamp.now();
    const after: ReturnDoc = { ...r, lines, state: 'received', receivedAt: at, version: r.version + 1 };
    const newLines = moveCores(b, r, -1, true);
    tx.update(bookingRef(bookingId), { lines: newLines });
    tx.update(returnRef(rid), { lines, state: after.state, receivedAt: at, version: after.version });
    queueReturnEmail(tx, 'received', rid, after);
    return returnAnswer(rid, after, { ...b, lines: newLines }, others);
  });
}
