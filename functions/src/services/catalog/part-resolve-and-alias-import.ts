import { aliasFields } from '@fridgeparts/common/documents/tools';
import { normalizePartNumber } from '@fridgeparts/common/search/part-number';
import { MAX_ALIASES, type PartAlias } from '@fridgeparts/common/search/part-alias';
import { parseAliasCsv, type AliasImportLine } from '@fridgeparts/common/parts';
import type { AliasImportResponse, PartResolveResponse } from '@fridgeparts/common/responses';
import { collections, db, type ToolDoc } from '../../data/firestore';
import { AppError, badRequest } from '../../errors';
import { readClaims, resolveNumbers, sameNumber, stageNumberClaims, unresolvedMessage, type NumberAnswer } from './part-number-registry';
import { searchEntryOf, stageSearchEntries } from './search-snapshot';
import { answerTool } from './tool-answer';

/** What a person reads of a resolution (CONTRACT §11). */
export function resolutionMessage(a: Extract<NumberAnswer, { found: true }>): string {
  const to = a.part.partNumber;
  if (!a.via) return `${to} is ${a.part.name}`;
  const brand = a.via.brand ? ` (${a.via.brand})` : '';
  switch (a.via.kind) {
    case 'discontinued':
    case 'superseded':
      return `${a.via.number} has been replaced by ${to}`;
    case 'oem':
      return `${a.via.number}${brand} is ${to}`;
    case 'competitor':
      return `${a.via.number}${brand} is equivalent to ${to}`;
  }
}

/**
 * GET /parts/resolve?number= (CONTRACT §11): the part a number names, from the search index (0
 * reads; the registry only for a number the index does not know yet). 404 with up to 5 suggestions,
 * nearest first, for none; 400 naming the parts for an OEM or competitor number several share.
 */
export async function resolvePart(number: string): Promise<PartResolveResponse> {
  const [a] = await resolveNumbers([number]);
  if (!a!.found) {
    if (a!.ambiguous.length > 1) throw badRequest(unresolvedMessage(number, a!), { number: unresolvedMessage(number, a!) });
    throw new AppError('not-found', `No part has the number ${number}.`, undefined, { extra: { suggestions: a!.suggestions } });
  }
  const { replacedBy: _, ...part } = a!.part;
  return {
    query: number,
    normalized: normalizePartNumber(number),
    match: a!.match,
    // The end of a chain is current (CONTRACT §11).
    part: answerTool(part, false),
    via: a!.via,
    chain: a!.chain,
    message: resolutionMessage(a!),
  };
}

/**
 * Tools an import's transaction writes at most. Each tool costs its own write, the registry's
 * writes of its new superseded numbers and a share of the snapshot's chunks: 100 tools with up to
 * 3 new superseded numbers each stay under Firestore's 500 writes a transaction (and the chunks of
 * 100 tools, a few at 900 KB, under its 10 MiB).
 */
export const IMPORT_TOOLS_PER_TRANSACTION = 100;

/**
 * POST /parts/aliases/import (admin, CONTRACT §11): a CSV of `partNumber,number,kind,brand`, each
 * line an alias added to the part (or, for a number the part already has, replacing that alias).
 * All or nothing: every line is checked first, against the file (parseAliasCsv) and against the
 * catalogue (the part exists, a superseded number no other part holds, at most 50 aliases a part),
 * and a problem on any line writes nothing: 400 with `fields` by the line's number (`lines.5`).
 *
 * Then the writes, in transactions of IMPORT_TOOLS_PER_TRANSACTION tools, each re-checking its
 * registry claims as it writes. A file of up to that many parts is one transaction. A larger one is
 * several: they can only fail on a number another admin claimed between the check and the write,
 * and an import is idempotent (an alias the part has is replaced by itself), so the answer then
 * says how many were written and sending the file again, corrected, finishes it.
 */
export async function importAliases(text: string): Promise<AliasImportResponse> {
  const { lines, problems } = parseAliasCsv(text);
  if (problems.file) throw badRequest(problems.file, problems);

  // Each line's part, by its part number (the registry; its tools read once).
  const partNumbers = [...new Set(lines.map((l) => l.partNumber))];
  const claims = new Map<string, { toolId: string } | null>();
  for (let i = 0; i < partNumbers.length; i += 300) {
    const page = partNumbers.slice(i, i + 300);
    for (const [n, c] of await readClaims(null, page)) claims.set(n, c && c.kind !== 'superseded' ? c : null);
  }
  const ids = [...new Set([...claims.values()].flatMap((c) => (c ? [c.toolId] : [])))];
  const tools = new Map<string, ToolDoc>();
  for (let i = 0; i < ids.length; i += 300) {
    const snaps = await db.getAll(...ids.slice(i, i + 300).map((id) => collections.tools().doc(id)));
    for (const s of snaps) if (s.exists) tools.set(s.id, s.data() as ToolDoc);
  }

  // Each part's aliases after the import, and the lines that give them.
  const byTool = new Map<string, { aliases: PartAlias[]; lines: AliasImportLine[] }>();
  for (const l of lines) {
    const key = `lines.${l.line}`;
    const toolId = claims.get(l.partNumber)?.toolId;
    const tool = toolId ? tools.get(toolId) : undefined;
    if (!toolId || !tool) {
      problems[key] = `Line ${l.line}: there is no part ${l.partNumber}`;
      continue;
    }
    if (sameNumber(l.alias.number, tool.partNumber ?? '')) {
      problems[key] = `Line ${l.line}: ${l.alias.number} is the part's own number`;
      continue;
    }
    const entry = byTool.get(toolId) ?? { aliases: aliasFields(tool.aliases), lines: [] };
    byTool.set(toolId, entry);
    entry.aliases = [...entry.aliases.filter((a) => !sameNumber(a.number, l.alias.number)), l.alias];
    entry.lines.push(l);
    if (entry.aliases.length > MAX_ALIASES) problems[key] = `Line ${l.line}: ${l.partNumber} would have more than ${MAX_ALIASES} aliases`;
  }

  // Superseded numbers: none twice in the file, none another part holds.
  const superseded = new Map<string, { toolId: string; line: AliasImportLine }>();
  for (const [toolId, e] of byTool)
    for (const l of e.lines) {
      if (l.alias.kind !== 'superseded') continue;
      const key = normalizePartNumber(l.alias.number);
      const earlier = superseded.get(key);
      if (earlier && earlier.toolId !== toolId)
        problems[`lines.${l.line}`] = `Line ${l.line}: ${l.alias.number} is also given to another part on line ${earlier.line.line}`;
      else superseded.set(key, { toolId, line: l });
    }
  const numbers = [...superseded.values()].map((s) => s.line.alias.number);
  for (let i = 0; i < numbers.length; i += 300) {
    const held = await readClaims(null, numbers.slice(i, i + 300));
    for (const [number, claim] of held) {
      const s = superseded.get(normalizePartNumber(number))!;
      if (claim && claim.toolId !== s.toolId) {
        const other = tools.get(claim.toolId)?.partNumber ?? (await collections.tools().doc(claim.toolId).get()).data()?.partNumber ?? 'another part';
        problems[`lines.${s.line.line}`] = `Line ${s.line.line}: ${number} is already a number of ${other}`;
      }
    }
  }
  const bad = Object.keys(problems).length;
  if (bad > 0) {
    throw badRequest(`${bad} lines of the file can not be imported, so nothing was imported. Fix the lines marked and send the file again.`, problems);
  }

  const groups = [...byTool.keys()];
  let imported = 0;
  for (let i = 0; i < groups.length; i += IMPORT_TOOLS_PER_TRANSACTION) {
    const group = groups.slice(i, i + IMPORT_TOOLS_PER_TRANSACTION);
    try {
      await writeImportGroup(group, byTool);
    } catch (err) {
      if (imported === 0) throw err;
      const message = err instanceof AppError ? err.message : 'the catalogue changed meanwhile';
      throw new AppError(
        'conflict',
        `${imported} aliases were imported, then ${message}. Send the file again, corrected: lines already imported change nothing.`,
      );
    }
    imported += group.reduce((n, id) => n + byTool.get(id)!.lines.length, 0);
  }
  return { imported };
}

/** One transaction of the import: each part's aliases, its registry claims and its snapshot entry. */
async function writeImportGroup(group: readonly string[], byTool: ReadonlyMap<string, { aliases: PartAlias[]; lines: AliasImportLine[] }>): Promise<void> {
  await db.runTransaction(async (tx) => {
    const snaps = await tx.getAll(...group.map((id) => collections.tools().doc(id)));
    const stored = new Map(snaps.filter((s) => s.exists).map((s) => [s.id, s.data() as ToolDoc]));
    const commits: (() => void)[] = [];
    for (const id of group) {
      const tool = stored.get(id);
      if (!tool) throw badRequest(`A part of the file was removed meanwhile (${id})`);
      const { lines } = byTool.get(id)!;
      commits.push(
        await stageNumberClaims(tx, id, tool, { partNumber: tool.partNumber, aliases: byTool.get(id)!.aliases }, (number) => {
          const l = lines.find((x) => sameNumber(x.alias.number, number));
          return l ? `lines.${l.line}` : 'file';
        }),
      );
    }
    const entries = await stageSearchEntries(tx, group);
    const written = new Map<string, ReturnType<typeof searchEntryOf>>();
    for (const id of group) {
      const aliases = aliasFields(byTool.get(id)!.aliases);
      tx.update(collections.tools().doc(id), { aliases });
      written.set(id, searchEntryOf(id, { ...stored.get(id)!, aliases }));
    }
    for (const c of commits) c();
    entries(written);
  });
}
