/**
 * Catalogue reads straight from Firestore under the security rules (DESIGN-CARD), with live
 * updates: stock shown on a card changes as soon as someone books. Lazy-loaded by use-tools.ts.
 */
import { collection, doc, limit, onSnapshot, orderBy, query } from 'firebase/firestore';
import { toolFromStored, type Tool } from '@fridgeparts/common/tool';
import { firestore } from '../../../lib/firestore-client';

type Stored = Parameters<typeof toolFromStored>[1];

export function watchNewestTools(count: number, onData: (tools: Tool[]) => void, onError: (e: Error) => void): () => void {
  const q = query(collection(firestore(), 'tools'), orderBy('createdAt', 'desc'), limit(count));
  return onSnapshot(q, (snap) => onData(snap.docs.map((d) => toolFromStored(d.id, d.data() as Stored))), onError);
}

export function watchTool(id: string, onData: (tool: Tool | null) => void, onError: (e: Error) => void): () => void {
  return onSnapshot(doc(firestore(), 'tools', id), (snap) => onData(snap.exists() ? toolFromStored(snap.id, snap.data() as Stored) : null), onError);
}
