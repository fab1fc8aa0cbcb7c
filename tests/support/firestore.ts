import './env';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { COLLECTION_NAMES } from '../../common/src/documents/collections';
import { newToolDoc, type ToolDoc, type ToolFields } from '../../common/src/documents/tools';
import { PROJECT_ID } from './env';

if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
export const db = getFirestore();

/** Empties every collection the shop uses (works on the emulator and on the offline stand-in). */
export async function clearFirestore(): Promise<void> {
  for (const name of COLLECTION_NAMES) {
    const snap = await db.collection(name).get();
    for (let i = 0; i < snap.docs.length; i += 400) {
      const batch = db.batch();
      for (const d of snap.docs.slice(i, i + 400)) batch.delete(d.ref);
      await batch.commit();
    }
  }
}

let seq = 0;

/** Writes a tool straight into Firestore, as the seed does (common newToolDoc); returns its id. */
export async function makeTool(over: Partial<Omit<ToolFields, 'description' | 'image'> & Pick<ToolDoc<Timestamp>, 'createdAt'> & { id: string }> = {}): Promise<string> {
  seq++;
  const name = over.name ?? `Test Part ${seq}`;
  const ref = over.id ? db.collection('tools').doc(over.id) : db.collection('tools').doc();
  const fields: ToolFields = {
    name,
    description: `Description of ${name}`,
    image: '/images/tools/filter-drier.svg',
    partNumber: over.partNumber ?? `TP-${seq}-${Date.now().toString(36).toUpperCase()}`,
    priceCents: over.priceCents ?? 1999,
    packSize: over.packSize ?? 1,
    priceBreaks: over.priceBreaks ?? [],
    minimumQuantity: over.minimumQuantity ?? 2,
    availableQuantity: over.availableQuantity ?? 100,
  };
  await ref.set(newToolDoc(fields, over.createdAt ?? Timestamp.fromMillis(Date.UTC(2026, 0, 1) + seq * 1000)));
  return ref.id;
}
