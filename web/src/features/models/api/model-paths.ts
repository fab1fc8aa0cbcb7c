import { API } from '@fridgeparts/common/api-paths';
import type { ApplianceModel, ModelSection } from '@fridgeparts/common/models/appliance-model.answers';
import { modelKeyOf } from '@fridgeparts/common/models/model-basics';

/*
 * What the model screens read, apart from the hooks that read it: the early script
 * (web/src/early.ts) asks the same paths with the same Accept before the app has loaded, and must
 * not bring React or TanStack Query with it.
 */

/** GET /models/{modelKey}: the model, however its number was spelt in the address. */
export const modelPath = (modelNumber: string): string => API.model(modelKeyOf(modelNumber));

/** GET /models?q=: the models whose key starts with or contains the typed number (already a key). */
export const modelSearchPath = (key: string): string => API.models({ q: key });

/** GET /models?brand=&applianceType=&cursor=: a page of browsing. */
export const modelBrowsePath = (filter: { brand: string; applianceType: string }, cursor: string | null): string =>
  API.models({ brand: filter.brand || undefined, applianceType: filter.applianceType || undefined, cursor: cursor ?? undefined });

/** A section's drawing is read as SVG text (it is placed inline), with this Accept. */
export const DRAWING_ACCEPT = 'image/svg+xml';

/** The section the model page shows: the one `?section=` names, or the first. */
export const sectionOf = (model: Pick<ApplianceModel, 'sections'>, sectionId: string | null): ModelSection | undefined =>
  model.sections.find((s) => s.id === sectionId) ?? model.sections[0];
