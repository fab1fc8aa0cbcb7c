import { z } from '../zod-setup';
import { availabilityAnswerSchema, dollars, errorBodyAnswerSchema, resolvedFromAnswerSchema, toolRefAnswerSchema } from '../answer-fields.schema';
import { APPLIANCE_TYPES, type ApplianceType } from './model-basics';

/**
 * The appliance models' answers (CONTRACT §12) as zod schemas, and the answer types as their
 * `z.infer` (decision 0073): written once here, named in the OpenAPI document by
 * openapi/response-schemas.ts, imported by the web as types only. The request schemas are
 * appliance-model.ts's, the plain values model-basics.ts's.
 */

const applianceTypeAnswer = z.enum(APPLIANCE_TYPES.map((t) => t.key) as [ApplianceType, ...ApplianceType[]]);

/** A model in a list (GET /models). */
export const modelSummaryAnswerSchema = z.object({
  modelKey: z.string(),
  modelNumber: z.string(),
  brand: z.string(),
  applianceType: applianceTypeAnswer,
  title: z.string(),
});
export type ModelSummary = z.infer<typeof modelSummaryAnswerSchema>;

/** A brand with its number of models, for browsing by brand. */
const modelBrandAnswerSchema = z.object({ brand: z.string(), models: z.number().int() });
export type ModelBrand = z.infer<typeof modelBrandAnswerSchema>;

/**
 * Lists of models answer this; `cursor` is null on the last page. `brands`: every brand with
 * models of the appliance type asked for (of any type if none), whatever brand or page was asked,
 * so a buyer can pick one; by name, at most MODEL_BRANDS_MAX.
 */
export const modelListAnswerSchema = z.object({
  models: z.array(modelSummaryAnswerSchema),
  cursor: z.string().nullable(),
  brands: z.array(modelBrandAnswerSchema),
});
export type ModelListResponse = z.infer<typeof modelListAnswerSchema>;

/** The part a callout's number names now, as the model page shows it (price in dollars; availability as every tool answer carries it, CONTRACT §14). */
const calloutPartAnswerSchema = z.object({
  _id: z.string(),
  partNumber: z.string(),
  name: z.string(),
  price: dollars,
  availableQuantity: z.number().int(),
  availability: availabilityAnswerSchema,
});
export type CalloutPart = z.infer<typeof calloutPartAnswerSchema>;

/**
 * A numbered part on a section's drawing: the number the manufacturer's list gives (`partNumber`, as
 * imported); `part`, the part to order (the end of any replacement chain), null when the number
 * names no part any more; `orderAs`, the part to order when the listed number is not its own
 * (superseded, discontinued, an OEM or competitor number): never silently; `resolvedFrom`, how the
 * listed number led to the part (CONTRACT §11's words), null when it is the part's own.
 */
const modelCalloutAnswerSchema = z.object({
  ref: z.string(),
  partNumber: z.string(),
  quantity: z.number().int(),
  note: z.string(),
  part: calloutPartAnswerSchema.nullable(),
  orderAs: toolRefAnswerSchema.nullable(),
  resolvedFrom: resolvedFromAnswerSchema.nullable(),
});
export type ModelCallout = z.infer<typeof modelCalloutAnswerSchema>;

/** `diagram`: the drawing's address on the shop (image/svg+xml), each callout's number on it as an element with data-ref. */
const modelSectionAnswerSchema = z.object({ id: z.string(), name: z.string(), diagram: z.string(), callouts: z.array(modelCalloutAnswerSchema) });
export type ModelSection = z.infer<typeof modelSectionAnswerSchema>;

/** GET /models/{modelKey}. */
export const applianceModelAnswerSchema = modelSummaryAnswerSchema.extend({ sections: z.array(modelSectionAnswerSchema) });
export type ApplianceModel = z.infer<typeof applianceModelAnswerSchema>;

/** GET /models/{modelKey} for an unknown key: 404 with the nearest models. */
export const modelNotFoundAnswerSchema = errorBodyAnswerSchema.extend({ suggestions: z.array(modelSummaryAnswerSchema) });
export type ModelNotFoundBody = z.infer<typeof modelNotFoundAnswerSchema>;

/** A model a tool fits, and where on it (GET /tool/{id}/models). */
const toolModelEntryAnswerSchema = z.object({
  modelKey: z.string(),
  modelNumber: z.string(),
  brand: z.string(),
  sectionId: z.string(),
  sectionName: z.string(),
  ref: z.string(),
});
export type ToolModelEntry = z.infer<typeof toolModelEntryAnswerSchema>;

export const toolModelsAnswerSchema = z.object({ models: z.array(toolModelEntryAnswerSchema), cursor: z.string().nullable() });
export type ToolModelsResponse = z.infer<typeof toolModelsAnswerSchema>;

/** POST /models/import: 201 with the keys of the models written (new or replaced). */
export const modelImportAnswerSchema = z.object({ imported: z.number().int(), modelKeys: z.array(z.string()) });
export type ModelImportResponse = z.infer<typeof modelImportAnswerSchema>;

/** DELETE /models/{modelKey}. */
export const modelDeleteAnswerSchema = z.object({ deleted: z.string() });
export type ModelDeleteResponse = z.infer<typeof modelDeleteAnswerSchema>;
