import { z } from '../zod-setup';
import { textField, wholeNumber } from '../strict';
import { lookupNumberSchema } from '../parts';
import { csvCells } from '../csv';
import {
  APPLIANCE_TYPES,
  isModelKey,
  MAX_MODELS_PER_IMPORT,
  MODEL_CSV_HEADER,
  MODEL_KEY_MIN,
  MODEL_NUMBER_MAX,
  MODEL_QUERY_MIN,
  modelKeyOf,
  type ApplianceType,
} from './model-basics';
import {
  CALLOUT_NOTE_MAX,
  CALLOUT_QUANTITY_MAX,
  CALLOUT_REF_PATTERN,
  MAX_CALLOUTS_PER_SECTION,
  MAX_SECTIONS,
  MODEL_BRAND_MAX,
  MODEL_CSV_MAX_LINES,
  MODEL_TITLE_MAX,
  SECTION_ID_MAX,
  SECTION_ID_PATTERN,
  SECTION_NAME_MAX,
  sectionIdOf,
  type ImportNumber,
} from './appliance-model';
import { checkDrawingSvg } from './drawing-svg';

/**
 * The appliance models' request schemas (CONTRACT §12, decision 0051): the import's body, each
 * model, section and callout in it, and the list queries. The limits and plain rules are
 * appliance-model.ts's (zod-free), the answers appliance-model.answers.ts's (decision 0073).
 */

const APPLIANCE_TYPE_KEYS = APPLIANCE_TYPES.map((t) => t.key) as [ApplianceType, ...ApplianceType[]];

const modelNumberSchema = textField('Model number', { max: MODEL_NUMBER_MAX }).refine(
  (v) => isModelKey(modelKeyOf(v)),
  `Model number must have ${MODEL_KEY_MIN} to ${MODEL_NUMBER_MAX} letters and digits (spaces, dashes, dots and slashes are ignored)`,
);

export const calloutInputSchema = z.strictObject({
  ref: z
    .string({ error: 'ref is required' })
    .trim()
    .regex(CALLOUT_REF_PATTERN, 'ref is the number on the drawing: up to 4 letters or digits, and an optional dash and 3 more ("12", "12A", "4-1")'),
  partNumber: lookupNumberSchema('partNumber'),
  quantity: wholeNumber(`quantity must be a whole number from 1 to ${CALLOUT_QUANTITY_MAX}`, { min: 1, max: CALLOUT_QUANTITY_MAX }).default(1),
  note: textField('note', { max: CALLOUT_NOTE_MAX, min: 0 }).default(''),
});
export type CalloutInput = z.output<typeof calloutInputSchema>;

/** A section as imported: its drawing as SVG text, checked here (drawing-svg.ts), and its callouts. */
export const sectionInputSchema = z
  .strictObject({
    id: z
      .string()
      .trim()
      .max(SECTION_ID_MAX, `id is at most ${SECTION_ID_MAX} characters`)
      .regex(SECTION_ID_PATTERN, 'id is lower-case letters, digits and dashes')
      .optional(),
    name: textField('Section name', { max: SECTION_NAME_MAX }),
    // Checked on its own, so a bad drawing is named even when a callout of the section is wrong too.
    diagramSvg: z.string({ error: 'diagramSvg (the drawing as SVG text) is required' }).superRefine((svg, ctx) => {
      const drawing = checkDrawingSvg(svg);
      if (!drawing.ok) ctx.addIssue({ code: 'custom', message: `The drawing ${drawing.problem}` });
    }),
    callouts: z
      .array(calloutInputSchema, { error: 'callouts must be a list of { ref, partNumber, quantity, note }' })
      .min(1, 'A section needs at least one callout')
      .max(MAX_CALLOUTS_PER_SECTION, `At most ${MAX_CALLOUTS_PER_SECTION} callouts per section`),
  })
  .superRefine(
    (section, ctx) => {
      // Also over a section with other problems (`when` below), so a duplicate ref or one missing
      // from the drawing is named in the same answer as a bad quantity, not on the next try: the
      // fields are read as sent, each only when it is what the schema wants.
      const { name, diagramSvg, callouts } = section as { name?: unknown; diagramSvg?: unknown; callouts: unknown[] };
      const title = typeof name === 'string' ? name.trim() : 'this section';
      const drawing = typeof diagramSvg === 'string' ? checkDrawingSvg(diagramSvg) : null;
      const seen = new Map<string, number>();
      callouts.forEach((c, i) => {
        const raw = (c as { ref?: unknown } | null)?.ref;
        if (typeof raw !== 'string' || !CALLOUT_REF_PATTERN.test(raw.trim())) return;
        const ref = raw.trim();
        const key = ref.toUpperCase();
        const earlier = seen.get(key);
        if (earlier !== undefined)
          ctx.addIssue({ code: 'custom', path: ['callouts', i, 'ref'], message: `Callout ${ref} is already callout ${earlier + 1} of ${title}` });
        else seen.set(key, i);
        if (drawing?.ok && !drawing.refs.has(ref))
          ctx.addIssue({
            code: 'custom',
            path: ['callouts', i, 'ref'],
            message: `The drawing of ${title} has no callout ${ref} (an element with data-ref="${ref}")`,
          });
      });
    },
    { when: (payload) => Array.isArray((payload.value as { callouts?: unknown } | null)?.callouts) },
  )
  .transform((s) => ({ ...s, id: s.id ?? sectionIdOf(s.name) }));
export type SectionInput = z.output<typeof sectionInputSchema>;

/** One model as POST /models/import takes it (JSON). */
export const modelInputSchema = z
  .strictObject({
    modelNumber: modelNumberSchema,
    brand: textField('Brand', { max: MODEL_BRAND_MAX }),
    applianceType: z.enum(APPLIANCE_TYPE_KEYS, { error: `applianceType must be one of ${APPLIANCE_TYPE_KEYS.join(', ')}` }),
    title: textField('Title', { max: MODEL_TITLE_MAX }),
    sections: z
      .array(sectionInputSchema, { error: 'sections must be a list of { id, name, diagramSvg, callouts }' })
      .min(1, 'A model needs at least one section')
      .max(MAX_SECTIONS, `At most ${MAX_SECTIONS} sections per model`),
  })
  .superRefine((model, ctx) => {
    const seen = new Map<string, number>();
    model.sections.forEach((s, i) => {
      const earlier = seen.get(s.id);
      if (earlier !== undefined)
        ctx.addIssue({ code: 'custom', path: ['sections', i, 'id'], message: `Section ${s.name} has the id ${s.id} of section ${earlier + 1}` });
      else seen.set(s.id, i);
    });
  });
export type ModelInput = z.output<typeof modelInputSchema>;

// ---------------------------------------------------------------------------------------------
// The import's body

/**
 * POST /models/import's body: `{ models: [...] }`, or the CSV form `{ csv, diagrams }` where
 * `diagrams` holds each section's SVG by "modelNumber/section" (or by the section's name alone
 * when no other model of the file has a section of that name). Both are JSON, so the drawings
 * travel with the rows and the import stays one all-or-nothing call.
 */
export const modelImportBodySchema = z.union(
  [
    z.strictObject({
      models: z
        .array(z.unknown(), { error: 'models must be a list' })
        .min(1, 'models is empty')
        .max(MAX_MODELS_PER_IMPORT, `At most ${MAX_MODELS_PER_IMPORT} models per import`),
    }),
    z.strictObject({
      csv: z.string({ error: 'csv is the file as text' }).min(1, 'csv is empty'),
      diagrams: z.record(z.string().max(MODEL_NUMBER_MAX + SECTION_NAME_MAX + 1, 'A diagram key is "modelNumber/section"'), z.string(), {
        error: 'diagrams maps "modelNumber/section" to the SVG text',
      }),
    }),
  ],
  { error: 'Send { models: [...] } or { csv, diagrams }' },
);

/** What an import read: the models that passed, their problems by field, and where each model came from. */
export interface ModelImportRead {
  models: { input: ModelInput; index: number }[];
  problems: Record<string, string>;
  /** The field key naming a model (`models.3`, `lines.12`), or one of its callouts. */
  fieldOf: (modelIndex: number, at?: { section: number; callout?: number }) => string;
  /**
   * Every callout number of the import that is well formed, in the models that failed their
   * checks too: the import resolves them all, so an unknown number is named in the same answer
   * as the shape problems, not only on the next try once those are fixed (issue 43, item 8).
   */
  numbers: ImportNumber[];
}

/** Where a model of the CSV form came from: its first line, each section's first line and diagram key, each callout's line. */
interface CsvOrigin {
  line: number;
  /** `missing`: the file sent no drawing for the section (a problem of its first line, not of a drawing). */
  sections: { line: number; diagramKey: string; missing: boolean; callouts: number[] }[];
}

/** Reads the whole import: each model checked on its own, so every bad model or line is named. */
export function readModelImport(body: unknown): ModelImportRead {
  const parsed = modelImportBodySchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      models: [],
      problems: { [issue?.path.join('.') || 'file']: issue?.message ?? 'Send { models: [...] } or { csv, diagrams }' },
      fieldOf: () => 'file',
      numbers: [],
    };
  }
  if ('models' in parsed.data) {
    const fieldOf: ModelImportRead['fieldOf'] = (i, at) =>
      at ? `models.${i}.sections.${at.section}${at.callout === undefined ? '' : `.callouts.${at.callout}.partNumber`}` : `models.${i}`;
    return checkModels(parsed.data.models, (i, path) => `models.${i}${path.length > 0 ? `.${path.join('.')}` : ''}`, fieldOf);
  }
  const csv = modelsOfCsv(parsed.data.csv, parsed.data.diagrams);
  if (csv.problems.file) return { models: [], problems: csv.problems, fieldOf: () => 'file', numbers: [] };
  const lineOf = (i: number, path: readonly PropertyKey[]): string => {
    const origin = csv.origins[i]!;
    const [, section, field, callout] = path as [unknown, number | undefined, unknown, number | undefined];
    if (path[0] !== 'sections' || section === undefined || !origin.sections[section]) return `lines.${origin.line}`;
    const s = origin.sections[section];
    if (field === 'diagramSvg') return s.missing ? `lines.${s.line}` : `diagrams.${s.diagramKey}`;
    if (field === 'callouts' && callout !== undefined && s.callouts[callout] !== undefined) return `lines.${s.callouts[callout]}`;
    return `lines.${s.line}`;
  };
  const read = checkModels(
    csv.models,
    lineOf,
    (i, at) =>
      at ? lineOf(i, at.callout === undefined ? ['sections', at.section] : ['sections', at.section, 'callouts', at.callout]) : `lines.${csv.origins[i]!.line}`,
    csv.problems,
  );
  // A person reads "Line 12: ..." beside the file, as the alias import says it.
  for (const [key, message] of Object.entries(read.problems)) {
    const line = /^lines\.(\d+)$/.exec(key)?.[1];
    if (line && !message.startsWith('Line ')) read.problems[key] = `Line ${line}: ${message}`;
  }
  return read;
}

/** Each model through modelInputSchema, and no model number twice in one import. */
function checkModels(
  raw: readonly unknown[],
  keyOf: (i: number, path: readonly PropertyKey[]) => string,
  fieldOf: ModelImportRead['fieldOf'],
  found: Record<string, string> = {},
): ModelImportRead {
  // Problems found first (the CSV's own) are kept: each key says its first problem.
  const problems: Record<string, string> = { ...found };
  const models: ModelImportRead['models'] = [];
  const keys = new Map<string, number>();
  const numbers: ImportNumber[] = [];
  raw.forEach((m, index) => {
    const result = modelInputSchema.safeParse(m);
    numbers.push(...numbersOf(result.success ? result.data : m, index, fieldOf));
    if (!result.success) {
      for (const issue of result.error.issues) problems[keyOf(index, issue.path)] ??= issue.message;
      return;
    }
    const key = modelKeyOf(result.data.modelNumber);
    const earlier = keys.get(key);
    if (earlier !== undefined) {
      problems[keyOf(index, ['modelNumber'])] = `${result.data.modelNumber} is also model ${earlier + 1} of this import`;
      return;
    }
    keys.set(key, index);
    models.push({ input: result.data, index });
  });
  return { models, problems, fieldOf, numbers };
}

const partNumberSchema = lookupNumberSchema('partNumber');
const textOf = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback);

/**
 * The callout numbers of one model as sent, read loosely: a model that fails its checks still
 * names its numbers (a number that is itself malformed is the schema's problem, not looked up).
 */
function numbersOf(model: unknown, index: number, fieldOf: ModelImportRead['fieldOf']): ImportNumber[] {
  const sections = (model as { sections?: unknown } | null)?.sections;
  if (!Array.isArray(sections)) return [];
  return sections.flatMap((s: unknown, section) => {
    const { name, callouts } = (s ?? {}) as { name?: unknown; callouts?: unknown };
    if (!Array.isArray(callouts)) return [];
    return callouts.flatMap((c: unknown, callout) => {
      const { ref, partNumber } = (c ?? {}) as { ref?: unknown; partNumber?: unknown };
      const parsed = partNumberSchema.safeParse(partNumber);
      if (!parsed.success) return [];
      const label = `Callout ${textOf(ref, String(callout + 1))} of ${textOf(name, `section ${section + 1}`)}`;
      return [{ field: fieldOf(index, { section, callout }), label, partNumber: parsed.data }];
    });
  });
}

/**
 * The CSV form as models (not yet checked: modelInputSchema does that, naming lines through the
 * origins). Rows of one model number (after norm) make one model, in the order first seen; rows
 * of one section name make one section. A model's brand, type and title come from its first line;
 * a later line that says otherwise is a problem of that line.
 */
function modelsOfCsv(
  text: string,
  diagrams: Record<string, string>,
): { models: Record<string, unknown>[]; origins: CsvOrigin[]; problems: Record<string, string> } {
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = csvCells(rows[0] ?? '')?.map((h) => h.trim());
  const none = { models: [], origins: [] };
  if (!header || header.join(',') !== MODEL_CSV_HEADER.join(','))
    return { ...none, problems: { file: `The first line must be the header ${MODEL_CSV_HEADER.join(',')}` } };
  const count = rows.slice(1).filter((r) => r.trim() !== '').length;
  if (count === 0) return { ...none, problems: { file: 'The file has no callouts after its header' } };
  if (count > MODEL_CSV_MAX_LINES) return { ...none, problems: { file: `At most ${MODEL_CSV_MAX_LINES} lines per file (this one has ${count})` } };

  const problems: Record<string, string> = {};
  const models: { model: Record<string, unknown>; sections: Map<string, { section: Record<string, unknown>; callouts: unknown[] }> }[] = [];
  const origins: CsvOrigin[] = [];
  const byKey = new Map<string, number>();
  const sectionNames = new Map<string, number>();
  rows.forEach((row, i) => {
    const line = i + 1;
    if (i === 0 || row.trim() === '') return;
    const cells = csvCells(row)?.map((c) => c.trim());
    if (!cells || cells.length < 7 || cells.length > MODEL_CSV_HEADER.length) {
      problems[`lines.${line}`] = `Line ${line} must have the cells ${MODEL_CSV_HEADER.join(',')}`;
      return;
    }
    const [modelNumber = '', brand = '', applianceType = '', title = '', section = '', ref = '', partNumber = '', quantity = '', note = ''] = cells;
    const key = modelKeyOf(modelNumber);
    let at = byKey.get(key);
    if (at === undefined) {
      at = models.length;
      byKey.set(key, at);
      models.push({ model: { modelNumber, brand, applianceType, title, sections: [] }, sections: new Map() });
      origins.push({ line, sections: [] });
    } else {
      const m = models[at]!.model;
      const differs = (['brand', 'applianceType', 'title'] as const).find((f) => ({ brand, applianceType, title })[f] !== m[f]);
      if (differs) problems[`lines.${line}`] = `Line ${line}: ${differs} differs from line ${origins[at]!.line} of model ${modelNumber}`;
    }
    const entry = models[at]!;
    const origin = origins[at]!;
    let s = entry.sections.get(section.toLowerCase());
    if (!s) {
      const diagramKey = `${modelNumber}/${section}`;
      s = { section: { name: section, callouts: [] }, callouts: [] };
      (s.section as { callouts: unknown[] }).callouts = s.callouts;
      entry.sections.set(section.toLowerCase(), s);
      (entry.model.sections as unknown[]).push(s.section);
      origin.sections.push({ line, diagramKey, missing: false, callouts: [] });
      sectionNames.set(section.toLowerCase(), (sectionNames.get(section.toLowerCase()) ?? 0) + 1);
    }
    s.callouts.push({ ref, partNumber, ...(quantity === '' ? {} : { quantity }), note });
    origin.sections[[...entry.sections.values()].indexOf(s)]!.callouts.push(line);
  });

  // Each section's drawing: by "modelNumber/section" (the model number as the file writes it, or
  // any spelling that norms to it), else by the section's name when it is unique in the file.
  const byModelSection = new Map<string, string>();
  for (const k of Object.keys(diagrams)) {
    const slash = k.indexOf('/');
    if (slash > 0)
      byModelSection.set(
        `${modelKeyOf(k.slice(0, slash))}/${k
          .slice(slash + 1)
          .trim()
          .toLowerCase()}`,
        k,
      );
  }
  const used = new Set<string>();
  models.forEach((entry, i) => {
    const key = modelKeyOf(String(entry.model.modelNumber));
    (entry.model.sections as Record<string, unknown>[]).forEach((section, j) => {
      const name = String(section.name);
      const origin = origins[i]!.sections[j]!;
      const found =
        byModelSection.get(`${key}/${name.toLowerCase()}`) ?? (sectionNames.get(name.toLowerCase()) === 1 && diagrams[name] !== undefined ? name : undefined);
      if (found === undefined) {
        problems[`lines.${origin.line}`] ??=
          `Line ${origin.line}: there is no drawing for section ${name} of ${String(entry.model.modelNumber)}: send it in diagrams as "${origin.diagramKey}"`;
        section.diagramSvg = '';
        origin.missing = true;
        return;
      }
      origin.diagramKey = found;
      used.add(found);
      section.diagramSvg = diagrams[found];
    });
  });
  for (const k of Object.keys(diagrams)) if (!used.has(k)) problems[`diagrams.${k}`] = `The drawing ${k} belongs to no section of the file`;
  return { models: models.map((m) => m.model), origins, problems };
}

// ---------------------------------------------------------------------------------------------
// Queries

const cursorSchema = textField('cursor', { max: 200 });

/** GET /models: `q` (at least 3 characters after norm), or browsing by brand and appliance type, paged. */
export const modelListQuerySchema = z.strictObject(
  {
    q: textField('q', { max: 64 })
      .refine((v) => modelKeyOf(v).length >= MODEL_QUERY_MIN, `Type at least ${MODEL_QUERY_MIN} letters or digits of the model number`)
      .optional(),
    brand: textField('brand', { max: MODEL_BRAND_MAX }).optional(),
    applianceType: z.enum(APPLIANCE_TYPE_KEYS, { error: `applianceType must be one of ${APPLIANCE_TYPE_KEYS.join(', ')}` }).optional(),
    cursor: cursorSchema.optional(),
  },
  { error: 'GET /models takes q, brand, applianceType and cursor' },
);
export type ModelListQuery = z.output<typeof modelListQuerySchema>;

/** GET /tool/{id}/models?cursor=. */
export const toolModelsQuerySchema = z.strictObject({ cursor: cursorSchema.optional() }, { error: 'GET /tool/{id}/models takes only cursor' });
