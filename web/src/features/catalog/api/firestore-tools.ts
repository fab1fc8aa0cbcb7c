/**
 * Catalogue reads straight from Firestore under the security rules (DESIGN-CARD), with live
 * updates: stock shown on a card changes as soon as someone books. Lazy-loaded by use-tools.ts.
 */
import { collection, doc, limit, onSnapshot, orderBy, query, type Timestamp } from 'firebase/firestore';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import { toolAnswer, toolFromDoc, type ToolDoc } from '@fridgeparts/common/documents/tools';
import type { Tool } from '@fridgeparts/common/tool';
import { firestore } from '../../../lib/infra/firestore-client';

/**
 * A live document as the tool answers say it (CONTRACT §14): its availability worked out from the
 * stock just read, by the server's own pure function at the shop's default cut-off (decision 0077).
 */
const liveTool = (id: string, d: ToolDoc<Timestamp>): Tool => toolAnswer(toolFromDoc(id, d), Boolean(d.replacedBy), new Date());

/** At most MAX_PAGE_SIZE (100): firestore.rules refuses a list of tools that asks for more, or for no limit. */
export function watchNewestTools(count: number, onData: (tools: Tool[]) => void, onError: (e: Error) => void): () => void {
  const q = query(collection(firestore(), 'tools'), orderBy('createdAt', 'desc'), limit(Math.min(count, MAX_PAGE_SIZE)));
  return onSnapshot(q, (snap) => onData(snap.docs.map((d) => liveTool(d.id, d.data() as ToolDoc<Timestamp>))), onError);
}

export function watchTool(id: string, onData: (tool: Tool | null) => void, onError: (e: Error) => void): () => void {
  return onSnapshot(doc(firestore(), 'tools', id), (snap) => onData(snap.exists() ? liveTool(snap.id, snap.data() as ToolDoc<Timestamp>) : null), onError);
}
