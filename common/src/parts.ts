import { z } from 'zod';
import { textField } from './strict';
import { ALIAS_KINDS, MAX_ALIASES, PART_LOOKUP_MAX, type PartAlias } from './search/part-alias';
import { normalizePartNumber } from './search/part-number';
import { csvCells } from './csv';

// Said here too, where the alias import's callers look (csv.ts keeps it free of zod for the web).
export { csvCells } from './csv';

/**
 * The part numbers a buyer types and an admin keeps (CONTRACT §11): what GET /parts/resolve takes,
 * the aliases PATCH /manage/{id} and POST /addItem store, `replacedBy`, and the alias import's CSV.
 * The function and the web form validate with these.
 */

/** Any C0 or C1 control character, tab included: a number never has one. */
const CONTROL = /\p{Cc}/u;

/** A number as typed: 2 to 64 characters (trimmed), no control characters, some letter or digit. */
export const lookupNumberSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .max(PART_LOOKUP_MAX * 4, `${label} is too long (at most ${PART_LOOKUP_MAX} characters)`)
    .refine((v) => !CONTROL.test(v), `${label} must not contain control characters`)
    .pipe(textField(label, { max: PART_LOOKUP_MAX, min: 2, requiredMessage: `${label} must have at least 2 characters` }))
    .refine((v) => normalizePartNumber(v).length > 0, `${label} must have a letter or a digit`);

/** GET /parts/resolve?number= (CONTRACT §11). */
export const resolveQuerySchema = z.strictObject({ number: lookupNumberSchema('number') }, { error: 'Send one number: /parts/resolve?number=FP-DG-100' });
export type ResolveQuery = z.output<typeof resolveQuerySchema>;

const BRAND_REQUIRED = 'A brand is required for an OEM or competitor number';

/** One alias: its number, its kind, and for `oem` and `competitor` the brand. */
export const aliasInputSchema = z
  .strictObject({
    number: lookupNumberSchema('Alias number'),
    kind: z.enum(ALIAS_KINDS, { error: `kind must be one of ${ALIAS_KINDS.join(', ')}` }),
    brand: textField('Brand', { max: 60, min: 0 }).optional(),
  })
  .transform((a, ctx): PartAlias => {
    const brand = a.brand || undefined;
    if (a.kind !== 'superseded' && !brand) ctx.addIssue({ code: 'custom', path: ['brand'], message: BRAND_REQUIRED });
    return { number: a.number, kind: a.kind, ...(brand ? { brand } : {}) };
  });

/** A tool's whole list of aliases (it replaces the stored one): at most 50, no number twice. */
export const aliasesSchema = z
  .array(aliasInputSchema, { error: 'aliases must be a list of { number, kind, brand? }' })
  .max(MAX_ALIASES, `At most ${MAX_ALIASES} aliases per part`)
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((a, i) => {
      const key = normalizePartNumber(a.number);
      const earlier = seen.get(key);
      if (earlier !== undefined) ctx.addIssue({ code: 'custom', path: [i, 'number'], message: `${a.number} is already alias ${earlier + 1} of this list` });
      else seen.set(key, i);
    });
  });

/** `replacedBy`: the replacement's id or part number, or null (no longer discontinued). */
export const replacedBySchema = z.union([z.null(), lookupNumberSchema('replacedBy')], {
  error: 'replacedBy is the id or part number of the replacement, or null',
});

// ---------------------------------------------------------------------------------------------
// POST /parts/aliases/import

/** The largest CSV body the import reads, and the most lines (the header not counted). */
export const ALIAS_IMPORT_MAX_BYTES = 1024 * 1024;
export const ALIAS_IMPORT_MAX_LINES = 5_000;
export const ALIAS_IMPORT_HEADER = ['partNumber', 'number', 'kind', 'brand'] as const;

/** One line of the file, read: its line number in the file (1 is the header). */
export interface AliasImportLine {
  line: number;
  partNumber: string;
  alias: PartAlias;
}

/**
 * The import's file read line by line (CONTRACT §11): the header `partNumber,number,kind,brand`,
 * then one alias a line (blank lines skipped). Problems are keyed `lines.{n}`, n the line's number
 * in the file, so a person finds it in their editor; `file` for the file as a whole. Lines are
 * checked alone here (cells, kind, brand, the same number twice in the file); the part numbers
 * and clashes with the catalogue are the function's.
 */
export function parseAliasCsv(text: string): { lines: AliasImportLine[]; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const rows = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = csvCells(rows[0] ?? '')?.map((h) => h.trim());
  if (!header || header.join(',') !== ALIAS_IMPORT_HEADER.join(',')) {
    return { lines: [], problems: { file: `The first line must be the header ${ALIAS_IMPORT_HEADER.join(',')}` } };
  }
  const count = rows.slice(1).filter((r) => r.trim() !== '').length;
  if (count === 0) return { lines: [], problems: { file: 'The file has no aliases after its header' } };
  if (count > ALIAS_IMPORT_MAX_LINES) return { lines: [], problems: { file: `At most ${ALIAS_IMPORT_MAX_LINES} aliases per file (this one has ${count})` } };
  const lines: AliasImportLine[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const lineNo = i + 1;
    if (i === 0 || row.trim() === '') return;
    const key = `lines.${lineNo}`;
    const cells = csvCells(row);
    if (!cells || cells.length < 3 || cells.length > 4) {
      problems[key] = `Line ${lineNo} must have the cells partNumber,number,kind,brand`;
      return;
    }
    const [partNumber = '', number = '', kind = '', brand = ''] = cells.map((c) => c.trim());
    const parsed = aliasInputSchema.safeParse({ number, kind, ...(brand ? { brand } : {}) });
    const pn = lookupNumberSchema('partNumber').safeParse(partNumber);
    if (!pn.success) {
      problems[key] = `Line ${lineNo}: ${pn.error.issues[0]?.message ?? 'bad part number'}`;
      return;
    }
    if (!parsed.success) {
      problems[key] = `Line ${lineNo}: ${parsed.error.issues[0]?.message ?? 'bad alias'}`;
      return;
    }
    const twice = `${normalizePartNumber(pn.data)} ${normalizePartNumber(parsed.data.number)}`;
    const earlier = seen.get(twice);
    if (earlier !== undefined) {
      problems[key] = `Line ${lineNo} repeats line ${earlier}`;
      return;
    }
    seen.set(twice, lineNo);
    lines.push({ line: lineNo, partNumber: pn.data, alias: parsed.data });
  });
  return { lines, problems };
}
