import './env';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { searchTermsFor } from '../../common/src/tool';
import { PROJECT_ID } from './env';
import type { ToolDoc } from '../../common/src/documents';

if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
export const db = getFirestore();

const COLLECTIONS = ['tools', 'reviews', 'reviewAuthors', 'users', 'bookings', 'profiles', 'stripeEvents', 'counters', 'mail', 'partNumbers'];

/** Empties every collection the shop uses (works on the emulator and on the offline stand-in). */
export async function clearFirestore(): Promise<void> {
  for (const name of COLLECTIONS) {
    const snap = await db.collection(name).get();
    for (let i = 0; i < snap.docs.length; i += 400) {
      const batch = db.batch();
      for (const d of snap.docs.slice(i, i + 400)) batch.delete(d.ref);
      await batch.commit();
    }
  }
}

let seq = 0;

/** Writes a tool straight into Firestore, as the seed does; returns its id. */
export async function makeTool(
  over: Partial<Pick<ToolDoc<Timestamp>, 'name' | 'partNumber' | 'priceCents' | 'packSize' | 'priceBreaks' | 'minimumQuantity' | 'availableQuantity' | 'createdAt'> & { id: string }> = {},
): Promise<string> {
  seq++;
  const name = over.name ?? `Test Part ${seq}`;
  const ref = over.id ? db.collection('tools').doc(over.id) : db.collection('tools').doc();
  const doc: ToolDoc<Timestamp> = {
    name,
    description: `Description of ${name}`,
    image: '/images/tools/filter-drier.svg',
    partNumber: over.partNumber ?? `TP-${seq}-${Date.now().toString(36).toUpperCase()}`,
    priceCents: over.priceCents ?? 1999,
    packSize: over.packSize ?? 1,
    priceBreaks: over.priceBreaks ?? [],
    minimumQuantity: over.minimumQuantity ?? 2,
    availableQuantity: over.availableQuantity ?? 100,
    searchTerms: searchTermsFor(name),
    createdAt: over.createdAt ?? Timestamp.fromMillis(Date.UTC(2026, 0, 1) + seq * 1000),
  };
  await ref.set(doc);
  return ref.id;
}
