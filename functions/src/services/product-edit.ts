import type { Tool, ToolEdit } from '@fridgeparts/common/tool';
import { isDocumentId as isDocId } from '@fridgeparts/common/ids';
import { collections, db, type ToolDoc } from '../data/firestore';
import { notFound } from '../errors';
import { toTool } from './catalog';

/**
 * PATCH /manage/{id} (admin, CONTRACT §7): price, stock, minimum, pack size and price breaks,
 * checked by the same schema rules as POST /addItem (common/tool.ts toolEditSchema). Written in a
 * transaction so an edit never lands on a tool deleted meanwhile. Bookings keep their own price,
 * so an edit changes only what later bookings pay. Name, description, image and part number stay.
 */
export async function editTool(id: string, edit: ToolEdit): Promise<Tool> {
  const missing = () => notFound(`There is no tool with id "${id}". It may have been removed from the catalogue.`);
  if (!isDocId(id)) throw missing();
  const ref = collections.tools().doc(id);
  const changes: Pick<ToolDoc, 'priceCents' | 'availableQuantity' | 'minimumQuantity' | 'packSize' | 'priceBreaks'> = {
    priceCents: edit.price,
    availableQuantity: edit.availableQuantity,
    minimumQuantity: edit.minimumQuantity,
    packSize: edit.packSize,
    priceBreaks: edit.priceBreaks,
  };
  await db.runTransaction(async (tx) => {
    if (!(await tx.get(ref)).exists) throw missing();
    tx.update(ref, changes);
  });
  return toTool(await ref.get());
}
