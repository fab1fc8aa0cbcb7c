import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSnapshot, Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import { startPrivateServices, type PrivateServices } from './private-services';

/**
 * The stand-in's snapshot listeners (scripts/firestore-standin/listen.mjs), driven through
 * firebase-admin's onSnapshot against a private stand-in: adds, modifications and removals reach
 * the listener as changes, and a write the query cannot see (another collection, a same-named
 * subcollection, a document that does not match) sends nothing on the wire. The wire is watched
 * through the Admin SDK's own log (setLogFunction): each document change it receives, each RESET.
 */
let services: PrivateServices;
let db: Firestore;
const wire = { changes: 0, removes: 0, resets: 0 };

beforeAll(async () => {
  services = await startPrivateServices('demo-fridgeparts-listen');
  const firestore = await import('firebase-admin/firestore');
  firestore.setLogFunction((line: string) => {
    if (line.includes('Received document change')) wire.changes++;
    else if (line.includes('Received document remove') || line.includes('Processing remove event')) wire.removes++;
    else if (line.includes('Resetting documents')) wire.resets++;
  });
  ({ db } = await import('../data/firestore'));
}, 30_000);

afterAll(async () => {
  await services?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Snapshots as they arrive; next() waits for the one after those already taken. */
function queue<T>() {
  const items: T[] = [];
  const waiters: ((item: T) => void)[] = [];
  return {
    push(item: T) {
      const w = waiters.shift();
      if (w) w(item);
      else items.push(item);
    },
    next(ms = 5000): Promise<T> {
      const item = items.shift();
      if (item) return Promise.resolve(item);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no snapshot came')), ms);
        waiters.push((i) => {
          clearTimeout(timer);
          resolve(i);
        });
      });
    },
    get pending() {
      return items.length;
    },
  };
}

const changesOf = (snap: QuerySnapshot) =>
  snap
    .docChanges()
    .map((c) => `${c.type} ${c.doc.id}`)
    .sort();

// A private stand-in and the Admin SDK's watch: on a busy machine a round trip takes seconds, not the default 5.
describe('stand-in Listen: a query listener gets what changed, nothing else', { timeout: 20_000 }, () => {
  it('adds, modifications and removals arrive as changes; writes it cannot see send nothing', async () => {
    const mail = db.collection('mail');
    await mail.doc('m1').set({ state: 'pending', n: 1 });
    await mail.doc('m2').set({ state: 'pending', n: 1 });
    await mail.doc('s1').set({ state: 'sent', n: 1 });
    const snaps = queue<QuerySnapshot>();
    const unsubscribe = mail.where('state', '==', 'pending').onSnapshot(snaps.push, (err) => {
      throw err;
    });
    try {
      expect(changesOf(await snaps.next())).toEqual(['added m1', 'added m2']);
      const start = { ...wire };

      await sleep(5); // the stand-in's update times have millisecond resolution
      await mail.doc('m3').set({ state: 'pending', n: 1 });
      expect(changesOf(await snaps.next())).toEqual(['added m3']);
      await sleep(5);
      await mail.doc('m1').update({ n: 2 });
      const modified = await snaps.next();
      expect(changesOf(modified)).toEqual(['modified m1']);
      expect(modified.docs.find((d) => d.id === 'm1')?.get('n')).toBe(2);
      await mail.doc('m2').update({ state: 'sent' });
      expect(changesOf(await snaps.next())).toEqual(['removed m2']);
      await mail.doc('m3').delete();
      const removed = await snaps.next();
      expect(changesOf(removed)).toEqual(['removed m3']);
      expect(removed.docs.map((d) => d.id)).toEqual(['m1']);
      // Exactly one message per change on the wire, and never a RESET.
      expect(wire.changes - start.changes).toBe(2);
      expect(wire.removes - start.removes).toBe(2);
      expect(wire.resets).toBe(start.resets);

      // 60 writes the query cannot see: other collections, a subcollection named `mail` under
      // another document, a mail that does not match, a non-matching mail deleted.
      const quiet = { ...wire };
      for (let i = 0; i < 20; i++) {
        await db
          .collection('tools')
          .doc(`t${i % 3}`)
          .set({ stock: i });
        await db.collection('bookings').doc('b1').collection('mail').doc(`x${i}`).set({ state: 'pending' });
        await mail.doc('s1').update({ n: i });
      }
      await mail.doc('s1').delete();
      await sleep(300);
      expect(snaps.pending).toBe(0);
      expect(wire).toEqual(quiet);

      // A burst of 40 matching writes at once: every document arrives, each about once (coalesced),
      // and the last snapshot holds the result.
      const burst = { ...wire };
      await Promise.all(Array.from({ length: 40 }, (_, i) => mail.doc(`b${i}`).set({ state: 'pending', n: i })));
      let last = await snaps.next();
      while (last.size < 41) last = await snaps.next();
      expect(last.docs.map((d) => d.id).sort()).toEqual(['m1', ...Array.from({ length: 40 }, (_, i) => `b${i}`)].sort());
      expect(wire.changes - burst.changes).toBe(40);
      expect(wire.resets).toBe(burst.resets);
    } finally {
      unsubscribe();
    }
  });

  it('a document listener sees its document created, changed and deleted, and nothing else', async () => {
    const ref = db.collection('carts').doc('c1');
    const snaps = queue<DocumentSnapshot>();
    const unsubscribe = ref.onSnapshot(snaps.push);
    try {
      expect((await snaps.next()).exists).toBe(false);
      await ref.set({ lines: 1 });
      expect((await snaps.next()).get('lines')).toBe(1);
      await sleep(5);
      await db.collection('carts').doc('c2').set({ lines: 9 });
      await ref.update({ lines: 2 });
      expect((await snaps.next()).get('lines')).toBe(2);
      await ref.delete();
      expect((await snaps.next()).exists).toBe(false);
      await sleep(200);
      expect(snaps.pending).toBe(0);
    } finally {
      unsubscribe();
    }
  });

  it('a listener that unsubscribes leaves the stand-in serving the next one', async () => {
    const mail = db.collection('mail');
    for (let round = 0; round < 5; round++) {
      const snaps = queue<QuerySnapshot>();
      const unsubscribe = mail.where('state', '==', 'pending').onSnapshot(snaps.push);
      await snaps.next();
      unsubscribe();
    }
    const snaps = queue<QuerySnapshot>();
    const unsubscribe = mail.where('state', '==', 'pending').onSnapshot(snaps.push);
    try {
      const first = await snaps.next();
      await mail.doc('late').set({ state: 'pending' });
      expect(changesOf(await snaps.next())).toEqual(['added late']);
      expect(first.size).toBeGreaterThan(0);
    } finally {
      unsubscribe();
    }
  });
});
