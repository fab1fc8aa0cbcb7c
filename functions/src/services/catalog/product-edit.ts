import { commercialProblems, type Commercial, type ToolPatch } from '@fridgeparts/common/tool';
import { pricedTool } from '@fridgeparts/common/documents/tools';
import { MAX_QUANTITY } from '@fridgeparts/common/constants';
import { isDocumentId as isDocId } from '@fridgeparts/common/ids';
import { collections, db, type ToolDoc } from '../../data/firestore';
import { badRequest, notFound, preconditionFailed } from '../../errors';
import { detailOf, versionOf, type VersionedDetail } from './catalog';
import { searchEntryOf, stageSearchEntry } from './search-snapshot';
import { readReplacement, sameNumber, stageNumberClaims } from './part-number-registry';
import { aliasFields } from '@fridgeparts/common/documents/tools';
import { restockFields } from '@fridgeparts/common/availability/availability';
import { allocateArrivingStock } from '../stock/backorders';

type Changes = Partial<
  Pick<
    ToolDoc,
    | 'priceCents'
    | 'availableQuantity'
    | 'minimumQuantity'
    | 'packSize'
    | 'priceBreaks'
    | 'category'
    | 'specs'
    | 'aliases'
    | 'replacedBy'
    | 'discontinued'
    | 'weight'
    | 'freight'
    | 'leadTimeDays'
    | 'restock'
    | 'backorderedQuantity'
    | 'coreDepositCents'
    | 'taxCode'
  >
>;

/** The commercial fields, stored by the names the rules between them read (commercialProblems). */
const COMMERCIAL: readonly (keyof Commercial)[] = ['priceCents', 'availableQuantity', 'minimumQuantity', 'packSize', 'priceBreaks'];
const isCommercial = (field: string): field is keyof Commercial => (COMMERCIAL as readonly string[]).includes(field);

export const STALE_TOOL_MESSAGE = 'This product changed while you were editing: here are the current values. Check them and save again.';

/** The stock after `addStock`, or the field problem that refuses it (CONTRACT §13: never below 0). */
export function stockAfter(stock: number, addStock: number): { stock: number } | { problem: string } {
  const next = stock + addStock;
  if (next < 0) return { problem: `Only ${stock} in stock: a write-off of ${-addStock} would leave ${next}. Write off at most ${stock}.` };
  if (next > MAX_QUANTITY) return { problem: `Stock can be at most ${MAX_QUANTITY}: ${stock} in stock plus ${addStock} is more.` };
  return { stock: next };
}

/**
 * PATCH /manage/{id} (admin, CONTRACT §7, §9, §11 and §13): any of price, stock, minimum, pack size,
 * price breaks, category, specs, aliases and replacement; only the fields sent change. The tool is read in the edit's transaction, and there:
 * - with If-Match (`expected`: the versions it names), a tool whose version is none of them is refused with 412 and the current
 *   tool, and nothing is written (a booking made while the admin typed is never wiped);
 * - `addStock` is added to the stock as read in the transaction (stock that arrived, or below 0 a
 *   write-off that may not leave less than 0), while `availableQuantity` sets it;
 * - the sent fields are merged over the stored tool and held to POST /addItem's rules that they
 *   take part in (common/tool.ts commercialProblems): an edit never sets a minimum above the stock,
 *   and never lands on a tool deleted meanwhile. A delivery or write-off alone is not held to the
 *   minimum: it records what is on the shelf, as a booking may leave less than the minimum.
 * - `category` and `specs` (keys of GET /specs) replace what is stored; the search finds the tool by
 *   them once the snapshot's entry, written in the same transaction, reaches the instances;
 * - `aliases` replaces the list: its superseded numbers are claimed in the registry in the same
 *   transaction (400 naming the part that holds one already), those dropped are freed;
 * - `replacedBy` (an id or a part number, or null) is followed to the end of its chain there: 400
 *   for no such part, the tool itself, or a loop (part-number-registry.ts readReplacement).
 * Bookings keep their own price, so an edit changes only what later bookings pay. Name,
 * description, image and part number stay. Answers the tool as written, as GET /tool/{id} does, with its new ETag.
 */
export async function editTool(id: string, edit: ToolPatch, expected?: string[]): Promise<VersionedDetail> {
  const missing = () => notFound(`There is no tool with id "${id}". It may have been removed from the catalogue.`);
  if (!isDocId(id)) throw missing();
  const ref = collections.tools().doc(id);
  const sent: Changes = {
    priceCents: edit.priceCents,
    availableQuantity: edit.availableQuantity,
    minimumQuantity: edit.minimumQuantity,
    packSize: edit.packSize,
    priceBreaks: edit.priceBreaks,
    category: edit.category,
    specs: edit.specs,
    // CONTRACT §14: how it ships and the deliveries expected (restock replaces the list).
    weight: edit.weight,
    freight: edit.freight,
    leadTimeDays: edit.leadTimeDays,
    restock: edit.restock && restockFields(edit.restock),
    // Decision 0088: the deposit per unit (0: none); orders placed before keep the deposit they
    // were placed with. CONTRACT §15: the tax code, null back to the shop's default.
    coreDepositCents: edit.coreDeposit,
    taxCode: edit.taxCode,
  };
  const changes = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as Changes;
  const changed = Object.keys(changes).filter(isCommercial);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const stored = snap.data();
    if (!stored) throw missing();
    if (expected) {
      if (!expected.includes(versionOf(snap).version)) {
        // The tool as GET /tool/{id} answers it, so the form shows what it would have read.
        const current = await detailOf(snap);
        throw preconditionFailed(STALE_TOOL_MESSAGE, { tool: current.tool }, current.version);
      }
    }
    const write: Changes = { ...changes };
    if (edit.addStock !== undefined) {
      const after = stockAfter(stored.availableQuantity, edit.addStock);
      if ('problem' in after) throw badRequest(after.problem, { addStock: after.problem });
      write.availableQuantity = after.stock;
    }
    // Older documents have no pack size or breaks: their defaults (pricedTool) count as stored.
    if (edit.aliases !== undefined) write.aliases = aliasFields(edit.aliases);
    const claims =
      edit.aliases === undefined
        ? () => undefined
        : await stageNumberClaims(tx, id, stored, { partNumber: stored.partNumber, aliases: write.aliases }, (number) => {
            const i = edit.aliases!.findIndex((a) => sameNumber(a.number, number));
            return `aliases.${i}.number`;
          });
    if (edit.replacedBy !== undefined) {
      write.replacedBy = edit.replacedBy === null ? null : (await readReplacement(tx, id, edit.replacedBy)).id;
      write.discontinued = write.replacedBy !== null;
    }
    const merged = { ...pricedTool(stored), ...write };
    const problems = commercialProblems(merged, changed);
    const first = Object.values(problems)[0];
    if (first) throw badRequest(first, problems);
    // CONTRACT §14 (decision 0080): stock that arrives goes to the tool's open backorders first,
    // oldest order first, here in the edit's transaction; the tool keeps what is left.
    const allocation =
      write.availableQuantity !== undefined && write.availableQuantity > stored.availableQuantity
        ? await allocateArrivingStock(tx, ref, stored, write.availableQuantity)
        : null;
    if (allocation && (allocation.allocated > 0 || allocation.backorderedLeft !== (stored.backorderedQuantity ?? 0))) {
      write.availableQuantity = allocation.stockLeft;
      write.backorderedQuantity = allocation.backorderedLeft;
    }
    const indexEntry = await stageSearchEntry(tx, id);
    tx.update(ref, write);
    allocation?.write();
    claims();
    // The search snapshot's entry changes with the tool, in its transaction (CONTRACT §11).
    indexEntry(searchEntryOf(id, { ...stored, ...write }));
  });
  return detailOf(await ref.get());
}
