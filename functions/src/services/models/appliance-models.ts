import { FieldPath, Timestamp, type DocumentReference, type WriteBatch } from 'firebase-admin/firestore';
import {
  diagramDocId,
  fitmentDocId,
  type ModelDiagramDoc,
  type ModelDirectoryEntry,
  type ModelFitmentDoc,
} from '@fridgeparts/common/documents/appliance-models';
import { diagramPath, isModelKey, MODEL_PAGE_SIZE, modelKeyOf, SECTION_ID_PATTERN } from '@fridgeparts/common/models/appliance-model';
import { readModelImport, type ModelInput, type ModelListQuery } from '@fridgeparts/common/models/appliance-model.schema';
import type {
  ApplianceModel,
  ModelCallout,
  ModelDeleteResponse,
  ModelImportResponse,
  ModelListResponse,
  ToolModelsResponse,
} from '@fridgeparts/common/models/appliance-model.answers';
import { isDocumentId } from '@fridgeparts/common/ids';
import { collections, db, type ModelDoc } from '../../data/firestore';
import { AppError, badRequest, notFound } from '../../errors';
import { readReplacedTools, resolvedFromOf, resolveNumbers, toolRefOf, unresolvedMessage, type NumberAnswer } from '../catalog/part-number-registry';
import { answerTool, shopDayNow } from '../catalog/tool-answer';
import { FITMENT_TOOLS_MAX } from '../catalog/tool-fitments';
import type { ShopDay } from '@fridgeparts/common/availability/availability';
import { brandsOf, findModels, forgetModelDirectory, modelDirectory, stageDirectory, suggestModels, summaryOf } from './model-directory';

/**
 * Appliance models (CONTRACT §12, decision 0051): the import and its delete, the model page, the
 * lists, the drawings, and the models a tool fits. Reads per request never follow the number of
 * models: a model page is one document (its callouts resolved from the search index, 0 reads), a
 * drawing one, a list page MODEL_PAGE_SIZE + 1, a tool's page of models MODEL_PAGE_SIZE + 1 and
 * the queries of its replacement chains, and a search none once this instance holds the directory.
 */

const INVALID_CURSOR = 'The page cursor is not valid. Start again from the first page.';
const encodeCursor = (value: string) => Buffer.from(value, 'utf8').toString('base64url');
function decodeCursor(cursor: string, valid: (value: string) => boolean): string {
  const value = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!valid(value)) throw badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  return value;
}
const isFitmentId = (id: string) => {
  const cut = id.indexOf('_');
  return cut > 0 && isModelKey(id.slice(0, cut)) && isDocumentId(id);
};

// ---------------------------------------------------------------------------------------------
// Reads

/** A model number as typed, as its key, or a 404 naming the nearest models. */
async function modelNotFound(typed: string, key: string): Promise<AppError> {
  const suggestions = key.length > 0 ? suggestModels(await modelDirectory(), key) : [];
  const near = suggestions.map((s) => s.modelNumber);
  return new AppError('not-found', `There is no model ${typed}.${near.length > 0 ? ` Did you mean ${near.join(', ')}?` : ''}`, undefined, {
    extra: { suggestions },
  });
}

/** How a callout's listed number stands now: the part to order, and "order as" when it is not the listed number's own part. */
function calloutOf(c: ModelDoc['sections'][number]['callouts'][number], answer: NumberAnswer | undefined, now: ShopDay): ModelCallout {
  if (!answer?.found) return { ...c, part: null, orderAs: null, resolvedFrom: null };
  const { part } = answer;
  const own = answer.match === 'current';
  return {
    ...c,
    part: {
      _id: part._id,
      partNumber: part.partNumber,
      name: part.name,
      price: part.price,
      availableQuantity: part.availableQuantity,
      // CONTRACT §14: from the stock the index holds (no read); the end of a chain is current.
      availability: answerTool(part, false, now).availability,
    },
    orderAs: own ? null : toolRefOf(part),
    resolvedFrom: resolvedFromOf(c.partNumber, answer),
  };
}

/** GET /models/{modelKey}: one read, its callouts resolved through the search index. */
export async function getModel(typed: string): Promise<ApplianceModel> {
  const key = modelKeyOf(typed);
  const snap = isModelKey(key) ? await collections.models().doc(key).get() : null;
  const model = snap?.data();
  if (!model) throw await modelNotFound(typed, key);
  const numbers = [...new Set(model.sections.flatMap((s) => s.callouts.map((c) => c.partNumber)))];
  const answers = numbers.length > 0 ? await resolveNumbers(numbers) : [];
  const byNumber = new Map(numbers.map((n, i) => [n, answers[i]]));
  const now = shopDayNow();
  return {
    ...summaryOf(model.modelKey, model),
    sections: model.sections.map((s) => ({
      id: s.id,
      name: s.name,
      diagram: diagramPath(model.modelKey, s.id),
      callouts: s.callouts.map((c) => calloutOf(c, byNumber.get(c.partNumber), now)),
    })),
  };
}

/** GET /models/{modelKey}/sections/{id}/diagram.svg: the drawing's text (one read). */
export async function getDiagram(typed: string, sectionId: string): Promise<string> {
  const key = modelKeyOf(typed);
  const snap = isModelKey(key) && SECTION_ID_PATTERN.test(sectionId) ? await collections.modelDiagrams().doc(diagramDocId(key, sectionId)).get() : null;
  const diagram = snap?.data();
  if (!diagram) throw notFound(`There is no drawing ${sectionId} of model ${typed}.`);
  return diagram.svg;
}

/**
 * GET /models: with `q`, up to MODEL_PAGE_SIZE models whose key starts with it, then those that
 * contain it (the directory in memory; brand and type narrow them; no cursor). Without, the
 * models of a brand and/or appliance type in key order, MODEL_PAGE_SIZE a page.
 */
export async function listModels(query: ModelListQuery): Promise<ModelListResponse> {
  const brandKey = query.brand?.toLowerCase();
  // The directory is held in memory (no read when warm): the brands to browse by come from it.
  const directory = await modelDirectory();
  const brands = brandsOf(directory, query.applianceType);
  if (query.q !== undefined) {
    const keep = (e: ModelDirectoryEntry) =>
      (brandKey === undefined || e.brand.toLowerCase() === brandKey) && (query.applianceType === undefined || e.applianceType === query.applianceType);
    return { models: findModels(directory, modelKeyOf(query.q), keep), cursor: null, brands };
  }
  let q = collections.models().select('modelKey', 'modelNumber', 'brand', 'applianceType', 'title');
  if (brandKey !== undefined) q = q.where('brandKey', '==', brandKey);
  if (query.applianceType !== undefined) q = q.where('applianceType', '==', query.applianceType);
  q = q.orderBy(FieldPath.documentId());
  if (query.cursor !== undefined) q = q.startAfter(decodeCursor(query.cursor, isModelKey));
  const snaps = await q.limit(MODEL_PAGE_SIZE + 1).get();
  const page = snaps.docs.slice(0, MODEL_PAGE_SIZE);
  return {
    models: page.map((d) => summaryOf(d.id, d.data() as ModelDirectoryEntry)),
    cursor: snaps.docs.length > MODEL_PAGE_SIZE ? encodeCursor(page.at(-1)!.id) : null,
    brands,
  };
}

/** The tools whose numbers count for `id`: itself and the tools it replaces, along chains. */
async function fitmentToolIds(id: string): Promise<string[]> {
  return [id, ...(await readReplacedTools(id)).map((r) => r.id)].slice(0, FITMENT_TOOLS_MAX);
}

/** GET /tool/{id}/models?cursor=: the models the tool fits, through the numbers it replaces too, in model-key order. */
export async function listToolModels(toolId: string, cursor: string | undefined): Promise<ToolModelsResponse> {
  const tool = isDocumentId(toolId) ? await collections.tools().doc(toolId).get() : null;
  if (!tool?.exists) throw notFound(`There is no tool with id "${toolId}". It may have been removed from the catalogue.`);
  let q = collections
    .modelFitments()
    .where('toolId', 'in', await fitmentToolIds(toolId))
    .orderBy(FieldPath.documentId());
  if (cursor !== undefined) q = q.startAfter(decodeCursor(cursor, isFitmentId));
  const snaps = await q.limit(MODEL_PAGE_SIZE + 1).get();
  const page = snaps.docs.slice(0, MODEL_PAGE_SIZE);
  return {
    models: page.map((d) => {
      const f = d.data();
      return { modelKey: f.modelKey, modelNumber: f.modelNumber, brand: f.brand, sectionId: f.sectionId, sectionName: f.sectionName, ref: f.ref };
    }),
    cursor: snaps.docs.length > MODEL_PAGE_SIZE ? encodeCursor(page.at(-1)!.id) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * Writes in batches within Firestore's limits: 500 writes and 10 MiB a commit. Drawings of up to
 * 200 KB make the bytes the limit that bites, so a batch is committed at either bound.
 */
const BATCH_MAX_WRITES = 450;
const BATCH_MAX_BYTES = 8 * 1024 * 1024;

class BatchedWrites {
  private batch: WriteBatch = db.batch();
  private writes = 0;
  private bytes = 0;
  private readonly commits: Promise<unknown>[] = [];

  set<T extends object>(ref: DocumentReference<T>, data: T, bytes: number): void {
    this.room(bytes);
    this.batch.set(ref, data);
  }

  delete(ref: DocumentReference): void {
    this.room(100);
    this.batch.delete(ref);
  }

  private room(bytes: number): void {
    if (this.writes + 1 > BATCH_MAX_WRITES || this.bytes + bytes > BATCH_MAX_BYTES) this.flush();
    this.writes++;
    this.bytes += bytes;
  }

  private flush(): void {
    if (this.writes === 0) return;
    this.commits.push(this.batch.commit());
    this.batch = db.batch();
    this.writes = 0;
    this.bytes = 0;
  }

  async done(): Promise<void> {
    this.flush();
    await Promise.all(this.commits);
  }
}

/** Rough bytes of a document as Firestore counts them: its JSON is close enough to stay far under the limit. */
const sizeOf = (data: object) => JSON.stringify(data).length + 200;

/** A model as stored, its drawings and its fitments: `listed` gives the tool each callout's number names. */
function documentsOf(input: ModelInput, listed: (partNumber: string) => string) {
  const modelKey = modelKeyOf(input.modelNumber);
  const fitments = new Map<string, ModelFitmentDoc>();
  for (const s of input.sections)
    for (const c of s.callouts) {
      const toolId = listed(c.partNumber);
      const id = fitmentDocId(modelKey, toolId);
      if (!fitments.has(id))
        fitments.set(id, { toolId, modelKey, modelNumber: input.modelNumber, brand: input.brand, sectionId: s.id, sectionName: s.name, ref: c.ref });
    }
  const model: ModelDoc = {
    modelKey,
    modelNumber: input.modelNumber,
    brand: input.brand,
    brandKey: input.brand.toLowerCase(),
    applianceType: input.applianceType,
    title: input.title,
    sections: input.sections.map((s) => ({
      id: s.id,
      name: s.name,
      callouts: s.callouts.map((c) => ({ ref: c.ref, partNumber: c.partNumber, quantity: c.quantity, note: c.note })),
    })),
    fitmentIds: [...fitments.keys()],
    updatedAt: Timestamp.now(),
  };
  const diagrams = input.sections.map((s): ModelDiagramDoc => ({ modelKey, sectionId: s.id, svg: s.diagramSvg }));
  const entry: ModelDirectoryEntry = { modelNumber: input.modelNumber, brand: input.brand, applianceType: input.applianceType, title: input.title };
  return { modelKey, model, diagrams, fitments, entry };
}

/** The stored models of `keys` (100 a read call), by key. */
async function readModels(keys: readonly string[]): Promise<Map<string, ModelDoc>> {
  const out = new Map<string, ModelDoc>();
  for (let i = 0; i < keys.length; i += 100) {
    const snaps = await db.getAll(...keys.slice(i, i + 100).map((k) => collections.models().doc(k)));
    for (const s of snaps) if (s.exists) out.set(s.id, s.data() as ModelDoc);
  }
  return out;
}

/** Deletes what a stored model has that its next version does not (drawings of sections gone, fitments of tools no longer listed). */
function deleteLeftovers(writes: BatchedWrites, stored: ModelDoc | undefined, keep: { sections: Set<string>; fitments: Set<string> }): void {
  if (!stored) return;
  for (const s of stored.sections) if (!keep.sections.has(s.id)) writes.delete(collections.modelDiagrams().doc(diagramDocId(stored.modelKey, s.id)));
  for (const id of stored.fitmentIds ?? []) if (!keep.fitments.has(id)) writes.delete(collections.modelFitments().doc(id));
}

/**
 * POST /models/import (admin, CONTRACT §12): `{ models }` or `{ csv, diagrams }`. All or nothing:
 * every model is read and checked (readModelImport) and every callout's number resolved (the part's
 * own, an older or discontinued one, an OEM or competitor number; not one several parts share)
 * before anything is written; a problem anywhere is 400 naming each bad model or line.
 *
 * Then the writes: each model's document, drawings and fitments in batches within Firestore's
 * limits, replacing a model imported before (its drawings and fitments no longer listed are
 * deleted), and last the directory in one transaction, so a model is found by search only once it
 * is whole. A failure between batches (Firestore away) answers 503; importing again finishes it,
 * since an import replaces what it names.
 */
export async function importModels(body: unknown): Promise<ModelImportResponse> {
  const read = readModelImport(body);
  const problems = { ...read.problems };
  if (problems.file) throw badRequest(problems.file, problems);

  // Every well-formed number of the file, in the models with other problems too: one answer names
  // all that is wrong, rather than an unknown number only once the shape problems are fixed.
  const numbers = [...new Set(read.numbers.map((n) => n.partNumber))];
  const answers = numbers.length > 0 ? await resolveNumbers(numbers) : [];
  const byNumber = new Map(numbers.map((n, i) => [n, answers[i]!]));
  for (const { field, label, partNumber } of read.numbers) {
    const answer = byNumber.get(partNumber)!;
    if (answer.found) continue;
    const message = unresolvedMessage(partNumber, answer);
    const had = problems[field];
    // A CSV line can have a problem of its own and an unknown number: both are said.
    if (had !== undefined) problems[field] = had.includes(message) ? had : `${had}; ${message}`;
    else problems[field] = field.startsWith('lines.') ? `Line ${field.slice(6)}: ${message}` : `${label}: ${message}`;
  }
  const bad = Object.keys(problems).length;
  if (bad > 0) {
    const first = Object.values(problems)[0]!;
    throw badRequest(`${bad === 1 ? first : `${bad} problems, the first: ${first}`} Nothing was imported: fix them and send the import again.`, problems);
  }

  const listed = (partNumber: string) => {
    const a = byNumber.get(partNumber) as Extract<NumberAnswer, { found: true }>;
    // The tool whose number it is (a discontinued one stays itself): its replacement finds it along the chain.
    return a.via?.toolId ?? a.part._id;
  };
  const docs = read.models.map((m) => documentsOf(m.input, listed));
  const stored = await readModels(docs.map((d) => d.modelKey));
  const writes = new BatchedWrites();
  for (const d of docs) {
    deleteLeftovers(writes, stored.get(d.modelKey), { sections: new Set(d.model.sections.map((s) => s.id)), fitments: new Set(d.fitments.keys()) });
    for (const diagram of d.diagrams) writes.set(collections.modelDiagrams().doc(diagramDocId(d.modelKey, diagram.sectionId)), diagram, sizeOf(diagram));
    for (const [id, f] of d.fitments) writes.set(collections.modelFitments().doc(id), f, sizeOf(f));
    writes.set(collections.models().doc(d.modelKey), d.model, sizeOf(d.model));
  }
  await writes.done();
  await db.runTransaction(async (tx) => (await stageDirectory(tx, new Map(docs.map((d) => [d.modelKey, d.entry]))))());
  forgetModelDirectory();
  return { imported: docs.length, modelKeys: docs.map((d) => d.modelKey) };
}

/** DELETE /models/{modelKey} (admin): the model leaves the directory first, then its drawings, fitments and document. */
export async function deleteModel(typed: string): Promise<ModelDeleteResponse> {
  const key = modelKeyOf(typed);
  const stored = isModelKey(key) ? (await readModels([key])).get(key) : undefined;
  if (!stored) throw notFound(`There is no model ${typed}.`);
  await db.runTransaction(async (tx) => (await stageDirectory(tx, new Map([[key, null]])))());
  forgetModelDirectory();
  const writes = new BatchedWrites();
  deleteLeftovers(writes, stored, { sections: new Set(), fitments: new Set() });
  writes.delete(collections.models().doc(key));
  await writes.done();
  return { deleted: key };
}
