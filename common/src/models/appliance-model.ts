// The plain values of model-basics.ts (the web's first loads take them from there) said here too.
export {
  APPLIANCE_TYPES,
  isModelKey,
  MAX_MODELS_PER_IMPORT,
  MODEL_CSV_HEADER,
  MODEL_IMPORT_MAX_BYTES,
  MODEL_KEY_MIN,
  MODEL_KEY_PATTERN,
  MODEL_NUMBER_MAX,
  MODEL_PAGE_SIZE,
  MODEL_QUERY_MIN,
  modelKeyOf,
  type ApplianceType,
} from './model-basics';

/**
 * Appliance models (CONTRACT §12): the model number off the appliance's tag, its sections (an
 * assembly each: the freezer door, the compressor compartment), each section's drawing and its
 * numbered callouts, each callout a part number to order. The limits that keep a model inside
 * one Firestore document (decision 0051) and the plain rules: zod-free (decision 0073), its request
 * schemas in appliance-model.schema.ts and its answers in appliance-model.answers.ts.
 */

/**
 * Limits. A model document holds every section's callouts (the model page is one read), so they
 * keep it far under Firestore's 1 MiB: 20 sections x 100 callouts x ~300 bytes is about 600 KB.
 * Drawings are documents of their own (DRAWING_MAX_BYTES each).
 */
export const MODEL_BRAND_MAX = 60;
export const MODEL_TITLE_MAX = 120;
export const SECTION_NAME_MAX = 60;
export const CALLOUT_NOTE_MAX = 200;
export const CALLOUT_QUANTITY_MAX = 99;
export const MAX_SECTIONS = 20;
export const MAX_CALLOUTS_PER_SECTION = 100;

/** A section's id in its model: lower-case letters, digits and dashes ("freezer-door"). */
export const SECTION_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SECTION_ID_MAX = 40;
/** The id a section named "Freezer Door & Liner" gets when the import gives none: "freezer-door-liner". */
export function sectionIdOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SECTION_ID_MAX)
    .replace(/-+$/, '');
  return slug || 'section';
}

/** A callout's number on its drawing: "12", "12A", "4-1". */
export const CALLOUT_REF_PATTERN = /^[A-Za-z0-9]{1,4}(?:-[A-Za-z0-9]{1,3})?$/;

/** A callout's number to resolve: where it is (the field key and how a person reads it) and the number. */
export interface ImportNumber {
  /** The field key of the callout (`models.0.sections.1.callouts.2.partNumber`, `lines.12`). */
  field: string;
  /** `Callout 2 of Door` (the JSON form; the CSV form's field names its line). */
  label: string;
  partNumber: string;
}

/** The largest CSV the import reads, in lines (a callout a line): MAX_MODELS_PER_IMPORT models of 60 callouts or so. */
export const MODEL_CSV_MAX_LINES = 20_000;

// ---------------------------------------------------------------------------------------------
// Answers

/** Most brands a list answers (a manufacturer's drawings cover a handful). */
export const MODEL_BRANDS_MAX = 200;

/** The drawing's path on the shop (a route of the function; Hosting sends /models/** to it). */
export const diagramPath = (modelKey: string, sectionId: string) =>
  `/models/${encodeURIComponent(modelKey)}/sections/${encodeURIComponent(sectionId)}/diagram.svg`;
