import type { ApplianceType } from '../models/model-basics';
import type { ToolModelEntry } from '../models/appliance-model.answers';
import type { StoredTime } from './time';

/**
 * Appliance models as stored (CONTRACT §12, decision 0051). Written only by the function (the
 * import and its delete, the seed through them); no client reads them (firestore.rules' default).
 */

/** A callout as stored: the number the manufacturer lists, resolved when the model is read. */
export interface CalloutDoc {
  ref: string;
  partNumber: string;
  quantity: number;
  note: string;
}

/** models/{modelKey}: the model with every section's callouts, so its page is one read. Drawings are modelDiagrams. */
export interface ModelDoc<Time extends StoredTime = StoredTime> {
  modelKey: string;
  modelNumber: string;
  brand: string;
  /** The brand as GET /models?brand= compares it: trimmed, lower case. */
  brandKey: string;
  applianceType: ApplianceType;
  title: string;
  sections: { id: string; name: string; callouts: CalloutDoc[] }[];
  /** The ids of its modelFitments documents, so a new import or a delete removes exactly those. */
  fitmentIds: string[];
  updatedAt: Time;
}

/** modelDiagrams/{modelKey}_{sectionId}: one section's drawing (up to DRAWING_MAX_BYTES of SVG). */
export interface ModelDiagramDoc {
  modelKey: string;
  sectionId: string;
  svg: string;
}

/**
 * modelFitments/{modelKey}_{toolId}: a model lists the tool `toolId`, whose number (own, superseded,
 * OEM, competitor, or a discontinued tool's) the callout gives: where it first appears. A tool's
 * models are the fitments of itself and of the tools it replaces, along chains.
 */
export type ModelFitmentDoc = ToolModelEntry & { toolId: string };

/** The entry of a model in the directory: what a list of models shows. */
export interface ModelDirectoryEntry {
  modelNumber: string;
  brand: string;
  applianceType: ApplianceType;
  title: string;
}

/**
 * modelDirectory/{bucket}: every model's entry, in MODEL_DIRECTORY_BUCKETS documents by a hash of
 * its key, so an instance holds every model key in memory from that many reads (GET /models?q=
 * finds keys that contain the query, which no Firestore query does). About 150 bytes an entry:
 * 16 buckets hold 60,000 models or more before one nears 1 MiB.
 */
export interface ModelDirectoryDoc {
  models: Record<string, ModelDirectoryEntry>;
}

export const MODEL_DIRECTORY_BUCKETS = 16;

/** The bucket of a model key (FNV-1a: stable across instances and releases). */
export function directoryBucketOf(modelKey: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < modelKey.length; i++) h = Math.imul(h ^ modelKey.charCodeAt(i), 0x01000193) >>> 0;
  return String(h % MODEL_DIRECTORY_BUCKETS);
}

/** The ids of a model's drawing and fitment documents. Model keys are [A-Z0-9], so `_` parts them from what follows. */
export const diagramDocId = (modelKey: string, sectionId: string) => `${modelKey}_${sectionId}`;
export const fitmentDocId = (modelKey: string, toolId: string) => `${modelKey}_${toolId}`;
