import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import type { PartNumberDoc } from '@fridgeparts/common/documents/tools';
import { partNumberKey, registeredNumbers } from '@fridgeparts/common/search/part-registry';
import type { SearchEntry } from '@fridgeparts/common/documents/search-snapshot';
import { isDocumentId } from '@fridgeparts/common/ids';
import { MAX_CHAIN, type PartAlias, type ResolvedFrom } from '@fridgeparts/common/search/part-alias';
import { normalizePartNumber } from '@fridgeparts/common/search/part-number';
import type { Resolution } from '@fridgeparts/common/search/catalogue-search';
import type { ToolRef } from '@fridgeparts/common/tool';
import { collections, db, type ToolDoc } from '../../data/firestore';
import { badRequest } from '../../errors';
import { catalogueIndex } from './search-index';
import { searchEntryOf } from './search-snapshot';

/**
 * Part numbers and the numbers a part is known by (CONTRACT §11):
 * - the registry partNumbers/{normalised number} holds every part number and superseded number,
 *   claimed in the transaction that writes the tool, so no two tools share one after
 *   normalizePartNumber (OEM and competitor numbers may be shared: they are not registered);
 * - a number typed by a buyer resolves through the search index (0 reads), and through the
 *   registry when the index does not know it yet (a tool added within the index's re-check);
 * - `replacedBy` chains are followed at most MAX_CHAIN tools, in reads bounded by that.
 */

export const toolRefOf = (t: { _id: string; partNumber: string; name: string }): ToolRef => ({ _id: t._id, partNumber: t.partNumber, name: t.name });

/** A registry document's claim: legacy documents (keyed by the number as written) have no kind. */
const claimOf = (snap: DocumentSnapshot): PartNumberDoc | null => {
  const doc = snap.data() as PartNumberDoc | undefined;
  return doc && typeof doc.toolId === 'string' ? doc : null;
};

/**
 * The registry keys a number may be held under: its normalised key, and the number as written in
 * capitals when that differs (documents stored before the registry was normalised).
 */
const keysOf = (number: string): string[] => {
  const key = partNumberKey(number);
  const legacy = number.trim().toUpperCase();
  return legacy !== key && isDocumentId(legacy) ? [key, legacy] : [key];
};

/** Reads (in `tx`, or outside any with null) who holds each number: number → claim (null: free). */
export async function readClaims(tx: Transaction | null, numbers: readonly string[]): Promise<Map<string, PartNumberDoc | null>> {
  const keys = [...new Set(numbers.flatMap(keysOf))];
  const refs = keys.map((k) => collections.partNumbers().doc(k));
  const snaps = refs.length === 0 ? [] : tx ? await tx.getAll(...refs) : await db.getAll(...refs);
  const byKey = new Map(snaps.map((s) => [s.id, claimOf(s)]));
  return new Map(
    numbers.map((n) => [
      n,
      keysOf(n)
        .map((k) => byKey.get(k) ?? null)
        .find((c) => c !== null) ?? null,
    ]),
  );
}

/** "FP-GSK-UNI-096 (Magnetic Door Gasket)": another tool, as a refusal names it. */
async function describeTools(tx: Transaction, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter(isDocumentId);
  const snaps = unique.length > 0 ? await tx.getAll(...unique.map((id) => collections.tools().doc(id))) : [];
  return new Map(snaps.map((s) => [s.id, s.exists ? `${s.data()!.partNumber ?? s.id} (${s.data()!.name})` : `a removed part (${s.id})`]));
}

/**
 * The registry's writes when tool `toolId` goes from holding `before`'s numbers to `after`'s, or a
 * 400 naming each number another tool holds (`fields` by `fieldOf`). Reads (in `tx`, before any
 * write of it) the claims of both; the answer writes them when called after the reads.
 */
export async function stageNumberClaims(
  tx: Transaction,
  toolId: string,
  before: { partNumber?: string; aliases?: readonly PartAlias[] } | null,
  after: { partNumber?: string; aliases?: readonly PartAlias[] },
  fieldOf: (number: string) => string,
): Promise<() => void> {
  const held = before ? registeredNumbers(before) : [];
  const wanted = registeredNumbers(after);
  const ownKey = after.partNumber ? partNumberKey(after.partNumber) : null;
  const problems: Record<string, string> = {};
  for (const w of wanted) if (w.doc.kind === 'superseded' && w.key === ownKey) problems[fieldOf(w.doc.number!)] = `${w.doc.number} is this part's own number`;
  const claims = await readClaims(
    tx,
    [...held, ...wanted].map((n) => n.doc.number!),
  );
  const taken = wanted.filter((w) => {
    const c = claims.get(w.doc.number!);
    return c && c.toolId !== toolId;
  });
  const names = await describeTools(
    tx,
    taken.map((w) => claims.get(w.doc.number!)!.toolId),
  );
  for (const w of taken) {
    const other = names.get(claims.get(w.doc.number!)!.toolId) ?? 'another part';
    problems[fieldOf(w.doc.number!)] = `${w.doc.number} is already a number of ${other}`;
  }
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, problems);
  const wantedKeys = new Set(wanted.map((w) => w.key));
  return () => {
    for (const h of held) {
      const c = claims.get(h.doc.number!);
      if (!wantedKeys.has(h.key) && c?.toolId === toolId) for (const k of keysOf(h.doc.number!)) tx.delete(collections.partNumbers().doc(k));
    }
    for (const w of wanted) tx.set(collections.partNumbers().doc(w.key), { toolId, ...w.doc });
  };
}

/**
 * The tool `ref` names for `replacedBy` (its id or its part number), read in `tx`, and a 400 for
 * none, itself, or a chain that comes back to `toolId` or runs past MAX_CHAIN. Reads the chain
 * from the replacement on: at most MAX_CHAIN documents.
 */
export async function readReplacement(tx: Transaction, toolId: string, ref: string): Promise<{ id: string; tool: ToolDoc }> {
  const refuse = (message: string) => badRequest(message, { replacedBy: message });
  let id: string | null = null;
  let snap = isDocumentId(ref) ? await tx.get(collections.tools().doc(ref)) : null;
  if (snap?.exists) id = snap.id;
  else {
    const claim = (await readClaims(tx, [ref])).get(ref);
    if (claim && claim.kind !== 'superseded') {
      snap = await tx.get(collections.tools().doc(claim.toolId));
      if (snap.exists) id = snap.id;
    }
  }
  if (!id || !snap?.exists) throw refuse(`There is no part ${ref} to be replaced by`);
  if (id === toolId) throw refuse('A part can not be replaced by itself');
  const first = { id, tool: snap.data()! };
  let at = first.tool;
  for (let steps = 1; at.replacedBy; steps++) {
    if (at.replacedBy === toolId) throw refuse(`${first.tool.partNumber} is itself replaced, along its chain, by this part: that would make a loop`);
    if (steps >= MAX_CHAIN) throw refuse(`${first.tool.partNumber} is at the end of a chain of more than ${MAX_CHAIN} replacements`);
    const next = await tx.get(collections.tools().doc(at.replacedBy));
    if (!next.exists) throw refuse(`${first.tool.partNumber} is replaced by a part that has been removed`);
    at = next.data()!;
  }
  return first;
}

/** The end of a discontinued tool's chain (null for a current tool, or a chain that leads nowhere): at most MAX_CHAIN reads. */
export async function readChainEnd(tool: ToolDoc): Promise<ToolRef | null> {
  if (!tool.replacedBy) return null;
  let id = tool.replacedBy;
  for (let steps = 0; steps < MAX_CHAIN; steps++) {
    const snap = await collections.tools().doc(id).get();
    const t = snap.data();
    if (!t) return null;
    if (!t.replacedBy) return { _id: snap.id, partNumber: t.partNumber ?? '', name: t.name };
    id = t.replacedBy;
  }
  return null;
}

/** At most this many tools replaced by one are read for its `replaces` (a query per level of the chains). */
const MAX_REPLACED = 100;

/**
 * The tools replaced by `id`, along chains (A replaced by B replaced by `id`): one query per level
 * (`replacedBy in` the level's ids, Firestore's limit of 30 a query), at most MAX_CHAIN levels and
 * MAX_REPLACED tools, so reads follow the chains, never the catalogue.
 */
export async function readReplacedTools(id: string): Promise<{ id: string; tool: ToolDoc }[]> {
  const out: { id: string; tool: ToolDoc }[] = [];
  const seen = new Set([id]);
  let level = [id];
  for (let depth = 0; depth < MAX_CHAIN && level.length > 0 && seen.size <= MAX_REPLACED; depth++) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 30) {
      const snaps = await collections
        .tools()
        .where('replacedBy', 'in', level.slice(i, i + 30))
        .limit(MAX_REPLACED)
        .get();
      for (const d of snaps.docs) {
        if (seen.has(d.id)) continue;
        seen.add(d.id);
        next.push(d.id);
        out.push({ id: d.id, tool: d.data() });
      }
    }
    level = next;
  }
  return out;
}

/**
 * `replaces` of GET /tool/{id}: the tool's superseded numbers, and the part numbers (and superseded
 * numbers) of the tools replaced by it (`replaced`, readReplacedTools).
 */
export function replacesOf(tool: ToolDoc, replaced: readonly { tool: ToolDoc }[]): string[] {
  const out = (tool.aliases ?? []).filter((a) => a.kind === 'superseded').map((a) => a.number);
  for (const { tool: t } of replaced) {
    if (t.partNumber) out.push(t.partNumber);
    for (const a of t.aliases ?? []) if (a.kind === 'superseded') out.push(a.number);
  }
  return [...new Set(out)];
}

/** "FP-DFT-6H21 has been replaced by FP-DFT-8H25": the end of its chain from the index, else read. */
export async function replacedMessage(toolId: string, tool: ToolDoc): Promise<string> {
  const index = await catalogueIndex.ifReady();
  const end = index?.current(toolId) ?? null;
  const to = end && end._id !== toolId ? end.partNumber : ((await readChainEnd(tool))?.partNumber ?? null);
  const name = tool.partNumber ?? toolId;
  return to ? `${name} has been replaced by ${to}` : `${name} has been discontinued`;
}

/** What a number typed by a buyer names (CONTRACT §11). */
export type NumberAnswer = Extract<Resolution<SearchEntry>, { found: true }> | { found: false; ambiguous: SearchEntry[]; suggestions: ToolRef[] };

/** The registry's answer for numbers it holds whose tool exists and is current; others are left out. */
async function resolveFromRegistry(numbers: readonly string[]): Promise<Map<string, Extract<NumberAnswer, { found: true }>>> {
  const out = new Map<string, Extract<NumberAnswer, { found: true }>>();
  if (numbers.length === 0) return out;
  const claims = await readClaims(null, numbers);
  const ids = [...new Set([...claims.values()].flatMap((c) => (c ? [c.toolId] : [])))].filter(isDocumentId);
  const snaps = ids.length > 0 ? await db.getAll(...ids.map((id) => collections.tools().doc(id))) : [];
  const tools = new Map(snaps.filter((s) => s.exists).map((s) => [s.id, searchEntryOf(s.id, s.data() as ToolDoc)]));
  for (const n of numbers) {
    const claim = claims.get(n);
    const part = claim ? tools.get(claim.toolId) : undefined;
    // A discontinued tool's number leads along its chain: the index knows where it ends.
    if (!claim || !part || part.replacedBy) continue;
    const superseded = claim.kind === 'superseded';
    out.set(n, {
      found: true,
      match: superseded ? 'superseded' : 'current',
      part,
      via: superseded ? { number: claim.number ?? n, kind: 'superseded', brand: null, toolId: part._id } : null,
      chain: [part.partNumber],
    });
  }
  return out;
}

/**
 * Each number resolved, exactly after normalizePartNumber. With `from: 'index'` (GET
 * /parts/resolve) the search index answers first (0 reads) and the registry only numbers it does
 * not know yet (a tool added since its last re-check). With `from: 'registry'` (every order by
 * number) the registry answers first: a part number or superseded number of a current part costs
 * its claim and its tool (reads by the lines, never by the catalogue; the order reads the tool
 * anyway), so ordering by our numbers never waits for the index; discontinued, OEM and competitor
 * numbers, and suggestions, come from the index.
 */
export async function resolveNumbers(numbers: readonly string[], from: 'index' | 'registry' = 'index'): Promise<NumberAnswer[]> {
  const answers: (NumberAnswer | undefined)[] = [];
  if (from === 'registry') {
    const known = await resolveFromRegistry(numbers);
    numbers.forEach((n, i) => (answers[i] = known.get(n)));
  }
  const rest = numbers.filter((_, i) => answers[i] === undefined);
  if (rest.length === 0) return answers as NumberAnswer[];
  // An order's numbers never make this instance build a snapshot there is none of (ifReady): a
  // refused order writes nothing. GET /parts/resolve builds it, as a search does.
  const index = from === 'index' ? await catalogueIndex.current() : await catalogueIndex.ifReady();
  numbers.forEach((n, i) => {
    if (answers[i] || !index) return;
    const r = index.resolve(n);
    if (r.found) answers[i] = r;
    else if (r.parts.length > 1) answers[i] = { found: false, ambiguous: r.parts, suggestions: r.parts.map(toolRefOf) };
  });
  const unknown = numbers.filter((_, i) => answers[i] === undefined);
  const known = from === 'index' ? await resolveFromRegistry(unknown) : new Map<string, Extract<NumberAnswer, { found: true }>>();
  numbers.forEach((n, i) => {
    if (!answers[i]) answers[i] = known.get(n) ?? { found: false, ambiguous: [], suggestions: index?.suggest(n).map(toolRefOf) ?? [] };
  });
  return answers as NumberAnswer[];
}

/** How a line ordered by `typed` came to its part, or null when the number is the part's own. */
export const resolvedFromOf = (typed: string, a: Extract<NumberAnswer, { found: true }>): ResolvedFrom | null =>
  a.match === 'current' ? null : { number: typed, kind: a.match };

/** The refusal of a line whose number names no part, or several. */
export function unresolvedMessage(typed: string, a: Extract<NumberAnswer, { found: false }>): string {
  if (a.ambiguous.length > 1) {
    return `${typed} is the number of several parts (${a.ambiguous.map((t) => `${t.partNumber} ${t.name}`).join(', ')}): order by one of their part numbers`;
  }
  const near = a.suggestions.map((s) => s.partNumber);
  return `Unknown part number ${typed}${near.length > 0 ? `. Did you mean ${near.join(', ')}?` : ''}`;
}

/** Whether two numbers are one after normalisation. */
export const sameNumber = (a: string, b: string) => normalizePartNumber(a) === normalizePartNumber(b);
