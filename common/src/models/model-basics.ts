import { normalizePartNumber } from '../search/part-number';

/**
 * The plain values of appliance models (CONTRACT §12) that the web's first loads use: the kinds of
 * appliance, the page size, the shortest search, the model key, and the import's CSV header and
 * limits (the admin's import screen shows them and checks a file before sending it). Apart from appliance-model.ts
 * (which re-exports them) because that module builds the import's zod schemas, and a value
 * imported from it would bring zod into the Find-by-model page and the navigation bar.
 */

/** The kinds of appliance the shop's models are (the Find-by-model page browses and helps by these). */
export const APPLIANCE_TYPES = [
  { key: 'top-freezer-refrigerator', label: 'Top-freezer refrigerator' },
  { key: 'bottom-freezer-refrigerator', label: 'Bottom-freezer refrigerator' },
  { key: 'side-by-side-refrigerator', label: 'Side-by-side refrigerator' },
  { key: 'french-door-refrigerator', label: 'French-door refrigerator' },
  { key: 'upright-freezer', label: 'Upright freezer' },
  { key: 'chest-freezer', label: 'Chest freezer' },
  { key: 'commercial-reach-in', label: 'Commercial reach-in cooler' },
  { key: 'ice-machine', label: 'Ice machine' },
] as const;
export type ApplianceType = (typeof APPLIANCE_TYPES)[number]['key'];

/** The label of an appliance type ("Top-freezer refrigerator"), or the key itself for one this build does not know. */
export const applianceTypeLabel = (key: string): string => APPLIANCE_TYPES.find((t) => t.key === key)?.label ?? key;

export const MODEL_NUMBER_MAX = 40;
export const MODEL_KEY_MIN = 3;
/** Models a list answers at once (GET /models, GET /tool/{id}/models). */
export const MODEL_PAGE_SIZE = 20;
/** A query of GET /models?q= shorter than this after norm would match most models. */
export const MODEL_QUERY_MIN = 3;

/** A model's key: its number as norm() makes it (CONTRACT §11), letters and digits only. */
export const MODEL_KEY_PATTERN = new RegExp(`^[A-Z0-9]{${MODEL_KEY_MIN},${MODEL_NUMBER_MAX}}$`);
export const modelKeyOf = (modelNumber: string): string => normalizePartNumber(modelNumber);
export const isModelKey = (value: string): boolean => MODEL_KEY_PATTERN.test(value);

/** Whether GET /models?q= may be asked: at least MODEL_QUERY_MIN letters or digits once norm() has dropped the spaces and dashes. */
export const isModelQuery = (typed: string): boolean => modelKeyOf(typed).replace(/[^A-Z0-9]/g, '').length >= MODEL_QUERY_MIN;

/** The import's CSV form (POST /models/import `{ csv, diagrams }`): one callout a line, the model's and section's cells repeated. */
export const MODEL_CSV_HEADER = ['modelNumber', 'brand', 'applianceType', 'title', 'section', 'ref', 'partNumber', 'quantity', 'note'] as const;
/** Models in one import: their drawings must also fit the import's body (MODEL_IMPORT_MAX_BYTES). */
export const MAX_MODELS_PER_IMPORT = 200;
/** The import's largest body: a few dozen models with their drawings; a larger set goes in several imports. */
export const MODEL_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
