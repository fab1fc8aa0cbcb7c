import { z } from 'zod';
import { MAX_PRICE_CENTS, MAX_QUANTITY } from './constants';
import { dollarsToCents } from './money';
import { pageQuerySchema } from './pagination';
import { textField, wholeNumber } from './strict';
import { isShopImageUrl } from './image-url';
import { PART_NUMBER_PATTERN, priceBreakProblem, type PriceBreakCents, type PricedTool } from './pricing';
import { aliasesSchema, replacedBySchema } from './parts';
import { categoryFormSchema, categorySchema, specsFormSchema, specsSchema } from './specs';
import type { Tool } from './tool.answers';
import { restockSchema } from './availability/restock-schema';
import { freightSchema, leadTimeDaysSchema, toolShippingFields, toolShippingPatchFields, weightSchema } from './shipping/parcel.schema';
import { WEIGHT_MESSAGE } from './shipping/parcel';
import { DEFAULT_TAX_CODE, TAX_CODE_PATTERN } from './tax/tax';

// The answers (Tool, ToolRef, ToolDetail, ToolPageDetail) are tool.answers.ts's, their types the
// schemas' z.infer (decision 0073); their names said here too, erased, where their callers look.
export type { Tool, ToolDetail, ToolMovedBody, ToolPageDetail, ToolRef } from './tool.answers';

/** A tool as stored and held in the search snapshot: the answer without its availability, which depends on the clock. */
export type ToolFacts = Omit<Tool, 'availability'>;

/** Whole quantity; the add-product form sends numbers as text (SPEC §3), never [2] or "0x2". */
const quantity = (label: string) => wholeNumber(`${label} must be a whole number from 1 to ${MAX_QUANTITY}`, { min: 1, max: MAX_QUANTITY });

/** Image: an https URL, or a path the shop serves itself (/images/...); CONTRACT §9, image-url.ts. */
export const imageUrlSchema = textField('Image', { max: 2000 }).refine(isShopImageUrl, 'Image must be an https:// URL or a path under /images/');

const dollars = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const cents = dollarsToCents(v);
    if (cents === null || cents <= 0 || cents > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

/** The largest core deposit per unit an admin may set: $10,000.00. */
export const MAX_CORE_DEPOSIT_CENTS = 1_000_000;
export const CORE_DEPOSIT_MESSAGE = 'Core deposit must be an amount in dollars from 0 to 10,000.00, like 75.00 (0 or empty: none)';

/**
 * The refundable core deposit per unit (decision 0088): dollars as a JSON number or the form's
 * text, at most 2 decimals, 0 to $10,000; empty text and 0 are "none". The output is cents.
 */
export const coreDepositSchema = z.union([z.string(), z.number()], { error: CORE_DEPOSIT_MESSAGE }).transform((v, ctx) => {
  if (typeof v === 'string' && v.trim() === '') return 0;
  const cents = dollarsToCents(v);
  if (cents === null || cents > MAX_CORE_DEPOSIT_CENTS) {
    ctx.addIssue({ code: 'custom', message: CORE_DEPOSIT_MESSAGE });
    return z.NEVER;
  }
  return cents;
});

export const TAX_CODE_MESSAGE = `Tax code is a Stripe product tax code, txcd_ and 8 digits, like ${DEFAULT_TAX_CODE} (empty: the shop's default, ${DEFAULT_TAX_CODE}, general tangible goods)`;

/**
 * The part's Stripe tax code (CONTRACT §15): `txcd_` and 8 digits; null or empty text is "none",
 * and the part is taxed under the shop's default, txcd_99999999 (docs/tax.md).
 */
export const taxCodeSchema = z.union([z.string().max(64, TAX_CODE_MESSAGE), z.null()], { error: TAX_CODE_MESSAGE }).transform((v, ctx): string | null => {
  const code = v === null ? '' : v.trim();
  if (code === '') return null;
  if (!TAX_CODE_PATTERN.test(code)) {
    ctx.addIssue({ code: 'custom', message: TAX_CODE_MESSAGE });
    return z.NEVER;
  }
  return code;
});

const PART_NUMBER_MESSAGE = 'Part number uses capitals, digits and dashes, like FP-CMP-134A-033';

export const partNumberSchema = textField('Part number', { max: 32 })
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(PART_NUMBER_PATTERN, PART_NUMBER_MESSAGE));

/**
 * POST /addItem's part number (CONTRACT §9): missing or empty text means "not given", and the
 * shop assigns the next free FP-ITEM-000123 (functions services/catalog/catalog.ts addTool).
 */
const optionalPartNumberSchema = textField('Part number', { max: 32, min: 0 })
  .transform((v, ctx) => {
    if (v === '') return undefined;
    const upper = v.toUpperCase();
    if (PART_NUMBER_PATTERN.test(upper)) return upper;
    ctx.addIssue({ code: 'custom', message: PART_NUMBER_MESSAGE });
    return z.NEVER;
  })
  .optional();

/** The part number the shop assigns for sequence number `seq` (1 -> FP-ITEM-000001). */
export const assignedPartNumber = (seq: number): string => `FP-ITEM-${String(seq).padStart(6, '0')}`;

const PRICE_BREAK_MESSAGE = 'Price breaks are quantity: price pairs, like 100: 23.00, 250: 21.50';
const priceBreakItem = z.object({
  minQuantity: wholeNumber(PRICE_BREAK_MESSAGE, { min: 2, max: MAX_QUANTITY }),
  price: dollars(PRICE_BREAK_MESSAGE),
});

/**
 * Price breaks as JSON (`[{ minQuantity, price }]`) or as the form's text ("100: 23.00, 250: 21.50").
 * Stored as cents; their order and prices are checked against the list price by the object.
 */
export const priceBreaksSchema = z
  .union([z.array(priceBreakItem).max(10, 'At most 10 price breaks'), textField('Price breaks', { max: 300, min: 0 })], { error: PRICE_BREAK_MESSAGE })
  .transform((v, ctx): PriceBreakCents[] => {
    const items = typeof v === 'string' ? parseBreakText(v) : v.map((b) => ({ minQuantity: b.minQuantity, priceCents: b.price }));
    if (!items) {
      ctx.addIssue({ code: 'custom', message: PRICE_BREAK_MESSAGE });
      return z.NEVER;
    }
    return items;
  });

function parseBreakText(text: string): PriceBreakCents[] | null {
  if (!text.trim()) return [];
  const out: PriceBreakCents[] = [];
  for (const part of text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d{1,7})\s*[:=@]\s*\$?\s*(\d{1,9}(?:\.\d{1,2})?)$/.exec(part);
    const cents = m ? dollarsToCents(m[2]) : null;
    if (!m || cents === null || cents <= 0 || Number(m[1]) < 2) return null;
    out.push({ minQuantity: Number(m[1]), priceCents: cents });
  }
  return out.length > 10 ? null : out;
}

const PACK_SIZE_MESSAGE = 'Pack size must be a whole number from 1 to 10000';

/**
 * Each commercial field on its own, without defaults (PATCH /manage/{id} takes any of them), by
 * its name on the wire: `price` parses dollars to cents, which the tool schemas below (and
 * contract-prices.schema.ts) then name `priceCents` (withPriceCents).
 */
export const commercialField = {
  price: dollars('Price must be a positive amount in dollars, like 129.99'),
  minimumQuantity: quantity('Minimum quantity'),
  availableQuantity: quantity('Available quantity'),
  packSize: wholeNumber(PACK_SIZE_MESSAGE, { min: 1, max: 10_000 }),
  priceBreaks: priceBreaksSchema,
};

/** The commercial fields an admin sets when adding and edits later (PATCH /manage/{id}). */
const commercialFields = {
  ...commercialField,
  packSize: commercialField.packSize.default(1),
  priceBreaks: commercialField.priceBreaks.default([]),
};

/** A tool's commercial fields as parsed and as stored, price in cents: what pricing reads (PricedTool). */
export type Commercial = PricedTool;

/** The parsed tool with its price (cents) named `priceCents`; a price not sent stays not sent. */
type WithPriceCents<T extends { price?: number }> = Omit<T, 'price'> & (T extends { price: number } ? { priceCents: number } : { priceCents?: number });

/**
 * Dollars as `price` on the wire and in the forms, cents as `priceCents` once parsed (as
 * contract-prices.schema.ts). Renamed after the fields are checked, so a price's error keeps the
 * path `price`, where the forms show it and the API's field errors name it.
 */
function withPriceCents<T extends { price?: number }>({ price, ...rest }: T): WithPriceCents<T> {
  return (price === undefined ? rest : { ...rest, priceCents: price }) as WithPriceCents<T>;
}

type Rule = { field: keyof Commercial; uses: (keyof Commercial)[]; problem: (t: Commercial) => string | null };

/** Same rules for adding and editing: minimum within stock and a whole number of packs; breaks sane. */
const RULES: Rule[] = [
  {
    field: 'minimumQuantity',
    uses: ['minimumQuantity', 'availableQuantity'],
    problem: (t) => (t.minimumQuantity > t.availableQuantity ? 'Minimum quantity can not be higher than available quantity' : null),
  },
  {
    field: 'minimumQuantity',
    uses: ['minimumQuantity', 'packSize'],
    problem: (t) => (t.minimumQuantity % t.packSize !== 0 ? `Minimum quantity must be a multiple of the pack size (${t.packSize})` : null),
  },
  { field: 'priceBreaks', uses: ['priceCents', 'priceBreaks'], problem: (t) => priceBreakProblem(t.priceCents, t.priceBreaks) },
];

/**
 * The field each broken rule belongs to, with its message (empty: none; the first per field).
 * With `changed`, only the rules that read a changed field: PATCH /manage/{id} holds the stored
 * tool with the sent fields merged over it to the rules those fields take part in, so a price
 * change is not refused because orders took the stock below the minimum.
 */
export function commercialProblems(t: Commercial, changed?: readonly (keyof Commercial)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of RULES) {
    if (changed && !rule.uses.some((f) => changed.includes(f))) continue;
    const message = out[rule.field] ? null : rule.problem(t);
    if (message) out[rule.field] = message;
  }
  return out;
}

function checkCommercial(t: Commercial, ctx: z.RefinementCtx): void {
  for (const [field, message] of Object.entries(commercialProblems(t))) ctx.addIssue({ code: 'custom', path: [field], message });
}

/** Add A Product (POST /addItem): the form and the function validate with this one schema. */
export const toolInputSchema = z
  .object({
    image: imageUrlSchema,
    name: textField('Product name', { max: 120 }),
    description: textField('Description', { max: 2000, multiline: true }),
    partNumber: optionalPartNumberSchema,
    ...commercialFields,
    // CONTRACT §11: the other numbers it is known by; superseded ones are claimed like the part number.
    aliases: aliasesSchema.optional(),
    // CONTRACT §11: how it is found by category and specification (GET /specs names the keys); as
    // the form sends them, empty is not given.
    category: categoryFormSchema.optional(),
    specs: specsFormSchema.optional(),
    // CONTRACT §14: deliveries already expected.
    restock: restockSchema.optional(),
    // CONTRACT §14: how it ships; weight required for a new tool.
    ...toolShippingFields,
    // Decision 0088: the refundable core deposit per unit (absent, empty or 0: none); CONTRACT §15:
    // the tax code (absent or empty: the shop's default).
    coreDeposit: coreDepositSchema.optional(),
    taxCode: taxCodeSchema.optional(),
  })
  .transform(withPriceCents)
  .superRefine(checkCommercial);

export const ADD_STOCK_MESSAGE = `Add stock must be a whole number from -${MAX_QUANTITY} to ${MAX_QUANTITY}, other than 0 (below 0 writes stock off)`;
const SIGNED_WHOLE = /^\s*-?\d{1,15}\s*$/;

/**
 * Stock that arrived (or, below 0, was written off), added to the stock in the edit's transaction
 * (CONTRACT §13): bookings made while the admin typed are never given back. A JSON integer or the
 * form's text ("12", "-3"), never 0.
 */
export const addStockSchema = z.union([z.number(), z.string()], { error: ADD_STOCK_MESSAGE }).transform((v, ctx) => {
  const n = addStockOf(v);
  if (n === null) {
    ctx.addIssue({ code: 'custom', message: ADD_STOCK_MESSAGE });
    return z.NEVER;
  }
  return n;
});

/** The whole number a JSON number or text ("12", "-3") stands for as Add stock, or null when it is not one. */
export function addStockOf(v: number | string): number | null {
  const n = typeof v === 'number' ? v : SIGNED_WHOLE.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n !== 0 && Math.abs(n) <= MAX_QUANTITY ? n : null;
}

/** The form's empty text is "none" (null) for the category and the replacement. */
const noneWhenEmpty = (v: string) => (v.trim() === '' ? null : v);

/**
 * The edit dialog (CONTRACT §7, §11, §13): price, price breaks, pack size and minimum, and Add stock
 * (empty: none) instead of the stock itself; the category and specs (an empty spec is not given);
 * the other numbers and the replacement (empty: current), checked before sending. The rule between
 * minimum and stock is left to the server, which holds it against the stock as it is when the edit
 * lands. The dialog sends only what changed, empty text as null; each of its bodies is a
 * toolPatchSchema body.
 */
export const toolEditSchema = z
  .object({
    price: commercialField.price,
    priceBreaks: commercialField.priceBreaks,
    packSize: commercialField.packSize,
    minimumQuantity: commercialField.minimumQuantity,
    // The input's text; empty is none.
    addStock: z
      .string({ error: ADD_STOCK_MESSAGE })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === '') return undefined;
        const n = addStockOf(v);
        if (n === null) ctx.addIssue({ code: 'custom', message: ADD_STOCK_MESSAGE });
        return n ?? undefined;
      }),
    category: categoryFormSchema,
    specs: specsFormSchema,
    aliases: aliasesSchema,
    replacedBy: z.string().transform(noneWhenEmpty).pipe(replacedBySchema),
    // CONTRACT §14: empty weight is "not changed" (a tool stored before weights has none).
    weight: z.union([z.literal('').transform(() => undefined), weightSchema], { error: WEIGHT_MESSAGE }),
    freight: freightSchema,
    leadTimeDays: leadTimeDaysSchema,
    restock: restockSchema,
    // Decision 0088 and CONTRACT §15: empty is none (the deposit) and the shop's default (the tax code).
    coreDeposit: coreDepositSchema.optional(),
    taxCode: taxCodeSchema.optional(),
  })
  .transform(withPriceCents)
  .superRefine((t, ctx) => checkCommercial({ ...t, availableQuantity: Number.MAX_SAFE_INTEGER }, ctx));
export type ToolEdit = z.output<typeof toolEditSchema>;
/** What the dialog holds (text in the inputs); Add stock empty when nothing arrived. */
export type ToolEditForm = z.input<typeof toolEditSchema>;

const EDITABLE = [
  ...(Object.keys(commercialField) as (keyof typeof commercialField)[]),
  'addStock',
  'category',
  'specs',
  'aliases',
  'replacedBy',
  'weight',
  'freight',
  'leadTimeDays',
  'restock',
  'coreDeposit',
  'taxCode',
] as const;

export const BOTH_STOCK_MESSAGE = 'Send either availableQuantity (the new stock) or addStock (stock that arrived or was written off), not both';

/**
 * PATCH /manage/{id} (CONTRACT §9, §11, §13): any of the commercial fields, `category`, `specs`, `aliases` and `replacedBy`, at least one; only those
 * sent change. `addStock` adds to the stock as it is when the edit is written; `availableQuantity`
 * sets it (a script's call; the product form sends addStock, and always with If-Match). Both at
 * once is refused: which one wins would be a guess. Each is checked here; the rules between them
 * (commercialProblems) on the merged tool, in the edit's transaction (functions
 * services/catalog/product-edit.ts).
 */
export const toolPatchSchema = z
  .object({
    price: commercialField.price.optional(),
    minimumQuantity: commercialField.minimumQuantity.optional(),
    availableQuantity: commercialField.availableQuantity.optional(),
    packSize: commercialField.packSize.optional(),
    priceBreaks: commercialField.priceBreaks.optional(),
    addStock: addStockSchema.optional(),
    /** CONTRACT §11: a category key, or null for none. */
    category: categorySchema.optional(),
    /** CONTRACT §11: replaces the stored map; `{}` clears it. */
    specs: specsSchema.optional(),
    /** CONTRACT §11: replaces the stored list. */
    aliases: aliasesSchema.optional(),
    /** CONTRACT §11: the replacement's id or part number; null makes the tool current again. */
    replacedBy: replacedBySchema.optional(),
    /** CONTRACT §14: the deliveries expected; replaces the stored list, `[]` clears it. */
    restock: restockSchema.optional(),
    /** CONTRACT §14: weight (pounds), freight, leadTimeDays. */
    ...toolShippingPatchFields,
    /** Decision 0088: the core deposit per unit, dollars; 0 or empty removes it. Orders placed before keep theirs. */
    coreDeposit: coreDepositSchema.optional(),
    /** CONTRACT §15: the tax code; null or empty goes back to the shop's default. */
    taxCode: taxCodeSchema.optional(),
  })
  .superRefine((p, ctx) => {
    if (!EDITABLE.some((k) => p[k] !== undefined)) ctx.addIssue({ code: 'custom', message: `Send at least one field to change: ${EDITABLE.join(', ')}` });
    else if (p.availableQuantity !== undefined && p.addStock !== undefined) ctx.addIssue({ code: 'custom', path: ['addStock'], message: BOTH_STOCK_MESSAGE });
  })
  .transform(withPriceCents);
export type ToolPatch = z.output<typeof toolPatchSchema>;
/** What the form holds (text in the inputs). */
export type ToolInputForm = z.input<typeof toolInputSchema>;
/** What the server stores: price already in cents, as `priceCents`. */
export type ToolInput = z.output<typeof toolInputSchema>;

export const TOOL_SORTS = ['oldest', 'newest', 'price-asc', 'price-desc'] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

/**
 * GET /tools query. Without `q`, the catalogue oldest first unless `sort` says otherwise; with
 * `q`, the search's hits, best first unless `sort` says otherwise (CONTRACT §3, §11).
 */
export const toolListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(TOOL_SORTS, { error: `sort must be one of ${TOOL_SORTS.join(', ')}` }).optional(),
  q: textField('Search text', { max: 60, min: 0 }).optional(),
});
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;
