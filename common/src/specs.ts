import { z } from 'zod';
import { textField } from './strict';
import { CATALOGUE_VOCABULARY } from './search/vocabulary';

/**
 * A tool's category and specifications as an admin sets them (CONTRACT §11): POST /addItem,
 * PATCH /manage/{id} and the product form validate with these. The keys are the catalogue's
 * (GET /specs, search/vocabulary.ts); a value is text as printed on the part ("R-134a", "1/3").
 */

export const SPEC_VALUE_MAX = 40;

const CATEGORY_KEYS = CATALOGUE_VOCABULARY.categories.map((c) => c.key);
const SPEC_BY_KEY = new Map(CATALOGUE_VOCABULARY.specs.map((s) => [s.key, s]));

const CATEGORY_MESSAGE = `category is one of ${CATEGORY_KEYS.join(', ')} (GET /specs), or null`;

/** One of the catalogue's category keys, or null: not yet given. */
export const categorySchema = z
  .union([z.null(), z.string()], { error: CATEGORY_MESSAGE })
  .refine((v) => v === null || CATEGORY_KEYS.includes(v), CATEGORY_MESSAGE);

/**
 * The value without the spec's unit typed after it ("115 V" and "115V" are 115 for Voltage): the
 * unit is said once, by the spec, so every tool's value reads and filters alike.
 */
export function withoutUnit(key: string, value: string): string {
  const unit = SPEC_BY_KEY.get(key)?.unit;
  if (!unit) return value;
  const lower = value.toLowerCase();
  const u = unit.toLowerCase();
  return lower.endsWith(u) ? value.slice(0, -unit.length).trimEnd() : value;
}

/** One spec's value: 1 to 40 characters on one line, its unit taken off. */
const specValueSchema = (key: string) => {
  const spec = SPEC_BY_KEY.get(key);
  const label = spec ? `${spec.label}${spec.unit ? ` (${spec.unit})` : ''}` : key;
  return textField(label, { max: SPEC_VALUE_MAX })
    .transform((v) => withoutUnit(key, v))
    .refine((v) => v.length > 0, `${label} needs a value, not only its unit`);
};

/**
 * The whole map of specs (it replaces the stored one): keys from GET /specs, each value text.
 * `{}` clears them. An unknown key is refused by name.
 */
export const specsSchema = z
  .record(z.string(), z.string({ error: 'Each spec value is text, like "115"' }), {
    error: 'specs is an object of spec key to value, like { "voltage": "115" }',
  })
  .transform((specs, ctx) => {
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(specs)) {
      if (!SPEC_BY_KEY.has(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key.slice(0, 40)} is not a spec of the catalogue (GET /specs lists them)` });
        continue;
      }
      const parsed = specValueSchema(key).safeParse(value);
      if (parsed.success) out[key] = parsed.data;
      else ctx.addIssue({ code: 'custom', path: [key], message: parsed.error.issues[0]?.message ?? `${key} is not valid` });
    }
    return out;
  });

/** A form's category: its empty choice is "not given" (null). */
export const categoryFormSchema = z
  .string({ error: CATEGORY_MESSAGE })
  .transform((v) => (v.trim() === '' ? null : v))
  .pipe(categorySchema);

/** A form's specs: one input per spec, an empty one not given. */
export const specsFormSchema = z
  .record(z.string(), z.string({ error: 'Each spec value is text, like "115"' }), {
    error: 'specs is an object of spec key to value, like { "voltage": "115" }',
  })
  .transform((specs) => Object.fromEntries(Object.entries(specs).filter(([, v]) => v.trim() !== '')))
  .pipe(specsSchema);
