import { z } from 'zod';
import { MAX_PRICE_CENTS, MAX_QUANTITY } from './constants';
import { dollarsToCents } from './money';
import { pageQuerySchema } from './pagination';
import { textField, wholeNumber } from './strict';
import { isShopImageUrl } from './image-url';
import { PART_NUMBER_PATTERN, priceBreakProblem, type PriceBreakCents } from './pricing';

/** A tool as the API returns it (SPEC §3, prices in dollars). */
export interface Tool {
  _id: string;
  name: string;
  description: string;
  image: string;
  price: number;
  minimumQuantity: number;
  availableQuantity: number;
  /** CONTRACT §7: unique, capitals, digits and dashes (FP-CMP-134A-033). */
  partNumber: string;
  /** Quantities are multiples of this (1 = single units). */
  packSize: number;
  /** Ascending; unit price in dollars from minQuantity on (common/pricing.ts). */
  priceBreaks: { minQuantity: number; price: number }[];
  createdAt: string;
}

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

export const partNumberSchema = textField('Part number', { max: 32 })
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(PART_NUMBER_PATTERN, 'Part number uses capitals, digits and dashes, like FP-CMP-134A-033'));

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
  for (const part of text.split(/[,;\n]/).map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d{1,7})\s*[:=@]\s*\$?\s*(\d{1,9}(?:\.\d{1,2})?)$/.exec(part);
    const cents = m ? dollarsToCents(m[2]) : null;
    if (!m || cents === null || cents <= 0 || Number(m[1]) < 2) return null;
    out.push({ minQuantity: Number(m[1]), priceCents: cents });
  }
  return out.length > 10 ? null : out;
}

/** The form's text for stored breaks (the edit form starts from it). */
export function priceBreaksText(breaks: { minQuantity: number; price: number }[]): string {
  return breaks.map((b) => `${b.minQuantity}: ${b.price.toFixed(2)}`).join(', ');
}

const PACK_SIZE_MESSAGE = 'Pack size must be a whole number from 1 to 10000';

/** The commercial fields an admin sets when adding and edits later (PATCH /manage/{id}). */
const commercialFields = {
  price: dollars('Price must be a positive amount in dollars, like 129.99'),
  minimumQuantity: quantity('Minimum quantity'),
  availableQuantity: quantity('Available quantity'),
  packSize: wholeNumber(PACK_SIZE_MESSAGE, { min: 1, max: 10_000 }).default(1),
  priceBreaks: priceBreaksSchema.default([]),
};

type CommercialOutput = { price: number; minimumQuantity: number; availableQuantity: number; packSize: number; priceBreaks: PriceBreakCents[] };

/** Same rules for adding and editing: minimum within stock and a whole number of packs; breaks sane. */
function checkCommercial(t: CommercialOutput, ctx: z.RefinementCtx): void {
  if (t.minimumQuantity > t.availableQuantity) ctx.addIssue({ code: 'custom', path: ['minimumQuantity'], message: 'Minimum quantity can not be higher than available quantity' });
  if (t.minimumQuantity % t.packSize !== 0) ctx.addIssue({ code: 'custom', path: ['minimumQuantity'], message: `Minimum quantity must be a multiple of the pack size (${t.packSize})` });
  const breaks = priceBreakProblem(t.price, t.priceBreaks);
  if (breaks) ctx.addIssue({ code: 'custom', path: ['priceBreaks'], message: breaks });
}

/** Add A Product (POST /addItem): the form and the function validate with this one schema. */
export const toolInputSchema = z
  .object({
    image: imageUrlSchema,
    name: textField('Product name', { max: 120 }),
    description: textField('Description', { max: 2000, multiline: true }),
    partNumber: partNumberSchema,
    ...commercialFields,
  })
  .superRefine(checkCommercial);

/** Edit product (PATCH /manage/{id}, CONTRACT §7): price, stock, minimum, pack size and breaks. */
export const toolEditSchema = z.object(commercialFields).superRefine(checkCommercial);
export type ToolEditForm = z.input<typeof toolEditSchema>;
export type ToolEdit = z.output<typeof toolEditSchema>;
/** What the form holds (text in the inputs). */
export type ToolInputForm = z.input<typeof toolInputSchema>;
/** What the server stores: price already in cents. */
export type ToolInput = z.output<typeof toolInputSchema>;

export const TOOL_SORTS = ['oldest', 'newest', 'price-asc', 'price-desc'] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

/** GET /tools query. Without `limit` the whole catalogue, oldest first (CONTRACT §3). */
export const toolListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(TOOL_SORTS, { error: `sort must be one of ${TOOL_SORTS.join(', ')}` }).default('oldest'),
  q: textField('Search text', { max: 60, min: 0 }).optional(),
});
export type ToolListQuery = z.infer<typeof toolListQuerySchema>;
