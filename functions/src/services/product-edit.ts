import { commercialProblems, type Tool, type ToolPatch } from '@fridgeparts/common/tool';
import { pricedTool } from '@fridgeparts/common/documents/tools';
import { isDocumentId as isDocId } from '@fridgeparts/common/ids';
import { collections, db, type ToolDoc } from '../data/firestore';
import { badRequest, notFound } from '../errors';
import { toTool } from './catalog';

type Changes = Partial<Pick<ToolDoc, 'priceCents' | 'availableQuantity' | 'minimumQuantity' | 'packSize' | 'priceBreaks'>>;

/**
 * PATCH /manage/{id} (admin, CONTRACT §7 and §9): any of price, stock, minimum, pack size and price
 * breaks; only the fields sent change. The tool is read in the edit's transaction, the sent fields
 * merged over it and the result held to POST /addItem's rules that the sent fields take part in
 * (common/tool.ts commercialProblems): an edit never sets a minimum above the stock, and never
 * lands on a tool deleted meanwhile.
 * Bookings keep their own price, so an edit changes only what later bookings pay. Name,
 * description, image and part number stay.
 */
export async function editTool(id: string, edit: ToolPatch): Promise<Tool> {
  const missing = () => notFound(`There is no tool with id "${id}". It may have been removed from the catalogue.`);
  if (!isDocId(id)) throw missing();
  const ref = collections.tools().doc(id);
  const sent: Changes = {
    priceCents: edit.price,
    availableQuantity: edit.availableQuantity,
    minimumQuantity: edit.minimumQuantity,
    packSize: edit.packSize,
    priceBreaks: edit.priceBreaks,
  };
  const changes = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as Changes;
  const changed = (Object.keys(edit) as (keyof ToolPatch)[]).filter((k) => edit[k] !== undefined);
  await db.runTransaction(async (tx) => {
    const stored = (await tx.get(ref)).data();
    if (!stored) throw missing();
    // Older documents have no pack size or breaks: their defaults (pricedTool) count as stored.
    const merged = { ...pricedTool(stored), ...changes };
    const problems = commercialProblems({ ...merged, price: merged.priceCents }, changed);
    const first = Object.values(problems)[0];
    if (first) throw badRequest(first, problems);
    tx.update(ref, changes);
  });
  return toTool(await ref.get());
}
