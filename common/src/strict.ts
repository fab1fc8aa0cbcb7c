import { z } from './zod-setup';

/**
 * Strict building blocks for every schema (issue 8): no coercion of arrays, booleans, hex,
 * binary or exponent strings into numbers, and only well-formed text. zod's `z.coerce` turned
 * `[5]`, `true`, `"0x5"` and `"1e1"` into numbers; these helpers accept a JSON number or, where a
 * form sends text (SPEC §3), a plain decimal string, and nothing else.
 */

/** A lone UTF-16 surrogate: text that can not be stored or shown faithfully. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0/C1 control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value) && !CONTROL.test(value);
}

export const MALFORMED_TEXT_MESSAGE = 'contains characters that are not valid text (control characters or broken Unicode)';

/**
 * Required (or optional, with min 0) trimmed text with a length limit, well-formed Unicode, and
 * no line breaks unless `multiline`.
 */
export function textField(label: string, opts: { max: number; min?: number; multiline?: boolean; requiredMessage?: string }) {
  const required = opts.requiredMessage ?? `${label} is required`;
  return z
    .string({ error: required })
    .max(opts.max * 4, `${label} is too long (at most ${opts.max} characters)`)
    .trim()
    .min(opts.min ?? 1, required)
    .max(opts.max, `${label} is too long (at most ${opts.max} characters)`)
    .refine(isWellFormedText, `${label} ${MALFORMED_TEXT_MESSAGE}`)
    .refine((v) => opts.multiline === true || !LINE_BREAK.test(v), `${label} must be on one line`);
}

const PLAIN_WHOLE = /^\s*\d{1,15}\s*$/;

/**
 * A whole number: a JSON integer, or (when `allowText`, for forms that send text) a plain
 * decimal string like "12". Arrays, booleans, "0x5", "1e1", "0b101", "5.0" and "" are refused.
 */
export function wholeNumber(message: string, opts: { min: number; max: number; allowText?: boolean }) {
  const accepted = opts.allowText === false ? z.number({ error: message }) : z.union([z.number(), z.string()], { error: message });
  return accepted.transform((v, ctx) => {
    const n = typeof v === 'number' ? v : PLAIN_WHOLE.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < opts.min || n > opts.max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}
