import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { db } from '../support/firestore';

/**
 * Two transactions that lock the same two documents in opposite orders (the shop's order and
 * approval transactions do: a tool then the company, the company then a tool) deadlock. Firestore
 * aborts one, the Admin SDK retries it, and both take effect. The stand-in must answer that abort
 * on the read that closes the cycle, whether a document read or a query (decision 0064): a read it
 * ended without a status left the client waiting for its 60 s deadline, and this test times out.
 */
const probes = db.collection('deadlockProbes');
const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** A promise and the function that settles it: each transaction's first attempt waits for the other's first read. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

type SecondRead = (tx: Transaction, ref: DocumentReference) => Promise<number>;
const byDocument: SecondRead = async (tx, ref) => ((await tx.get(ref)).get('n') as number) ?? 0;
const byQuery: SecondRead = async (tx, ref) => {
  const snap = await tx.get(probes.where('key', '==', ref.id));
  return (snap.docs[0]?.get('n') as number) ?? 0;
};

afterAll(async () => {
  const left = await probes.where('run', '==', run).get();
  await Promise.all(left.docs.map((d) => d.ref.delete()));
});

describe('transactions that lock two documents in opposite orders', () => {
  for (const [how, secondRead] of [
    ['document', byDocument],
    ['query', byQuery],
  ] as const) {
    it(`both take effect once, one of them retried, when the read closing the cycle is a ${how} read`, { timeout: 30_000 }, async () => {
      const [a, b] = [probes.doc(`${run}-${how}-a`), probes.doc(`${run}-${how}-b`)];
      await Promise.all([a.set({ run, key: a.id, n: 0 }), b.set({ run, key: b.id, n: 0 })]);
      const [aRead, bRead] = [gate(), gate()];
      const attempts = { first: 0, second: 0 };

      /** Reads `mine`, waits (first attempt only) until the other transaction has read its own, then reads `theirs` and adds one to both. */
      const crossing = (
        mine: DocumentReference,
        theirs: DocumentReference,
        read: ReturnType<typeof gate>,
        other: ReturnType<typeof gate>,
        counter: 'first' | 'second',
      ) =>
        db.runTransaction(async (tx) => {
          attempts[counter] += 1;
          const own = ((await tx.get(mine)).get('n') as number) ?? 0;
          if (attempts[counter] === 1) {
            read.open();
            await other.opened;
          }
          const their = await secondRead(tx, theirs);
          tx.update(mine, { n: own + 1 });
          tx.update(theirs, { n: their + 1 });
        });

      await Promise.all([crossing(a, b, aRead, bRead, 'first'), crossing(b, a, bRead, aRead, 'second')]);
      expect([(await a.get()).get('n'), (await b.get()).get('n')]).toEqual([2, 2]);
      // A deadlock has no way out but an abort: one of the two ran again.
      expect(attempts.first + attempts.second).toBeGreaterThanOrEqual(3);
    });
  }
});
