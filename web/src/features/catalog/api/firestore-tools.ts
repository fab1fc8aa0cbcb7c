/**
 * Catalogue reads straight from Firestore under the security rules (DESIGN-CARD), with live
 * updates: stock shown on a card changes as soon as someone books. Lazy-loaded by use-tools.ts.
 */
import { collection, doc, limit, onSnapshot, orderBy, query, type Timestamp } from 'firebase/firestore';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import { toolFromDoc, type ToolDoc } from '@fridgeparts/common/documents/tools';
import type { Tool } from '@fridgeparts/common/tool';
import { firestore } from '../../../lib/infra/firestore-client';

/** At most MAX_PAGE_SIZE (100): firestore.rules refuses a list of tools that asks for more, or for no limit. */
export function watchNewestTools(count: number, onData: (tools: Tool[]) => void, onError: (e: Error) => void): () => void {
  const q = query(collection(firestore(), 'tools'), orderBy('createdAt', 'desc'), limit(Math.min(count, MAX_PAGE_SIZE)));
  return onSnapshot(q, (snap) => onData(snap.docs.map((d) => toolFromDoc(d.id, d.data() as ToolDoc<Timestamp>))), onError);
}

export function watchTool(id: string, onData: (tool: Tool | null) => void, onError: (e: Error) => void): () => void {
  return onSnapshot(doc(firestore(), 'tools', id), (snap) => onData(snap.exists() ? toolFromDoc(snap.id, snap.data() as ToolDoc<Timestamp>) : null), onError);
}
