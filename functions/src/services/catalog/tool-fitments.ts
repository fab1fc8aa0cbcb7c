import { collections } from '../../data/firestore';

// A tool's side of the appliance models' fitments (modelFitments/{modelKey}_{toolId}): the count a
// tool answer carries. In the catalogue, below the models' service (models/appliance-models.ts),
// which writes the fitments and lists them (docs/architecture.md, "Services by domain").

/** Tools a tool's models are looked up through: itself and up to 29 it replaces (Firestore's `in` takes 30). */
export const FITMENT_TOOLS_MAX = 30;

/**
 * `fitsModelCount` of GET /tool/{id}: the models listing any of `toolIds`' numbers (one count
 * query). A model listing both a tool's number and a number it replaces counts once per number.
 */
export async function countFittedModels(toolIds: readonly string[]): Promise<number> {
  const ids = toolIds.slice(0, FITMENT_TOOLS_MAX);
  const counted = await collections.modelFitments().where('toolId', 'in', ids).count().get();
  return counted.data().count;
}
