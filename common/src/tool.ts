import { z } from 'zod';
import { MAX_PRICE_CENTS, MAX_QUANTITY } from './constants';
import { dollarsToCents } from './money';
import { pageQuerySchema } from './pagination';
import { textField, wholeNumber } from './strict';

/** A tool as the API returns it (SPEC §3, prices in dollars). */
export interface Tool {
  _id: string;
  name: string;
  description: string;
  image: string;
  price: number;
  minimumQuantity: number;
  availableQuantity: number;
  createdAt: string;
}

/** Whole quantity; the add-product form sends numbers as text (SPEC §3), never [2] or "0x2". */
const quantity = (label: string) => wholeNumber(`${label} must be a whole number from 1 to ${MAX_QUANTITY}`, { min: 1, max: MAX_QUANTITY });

/** Image: an https URL, or a path the shop serves itself (/images/...). */
export const imageUrlSchema = textField('Image', { max: 2000 })
  .refine((v) => /^https:\/\/[^\s]+$/i.test(v) || /^\/images\/[\w\-./]+$/.test(v), 'Image must be an https:// URL');

/** Add A Product (POST /addItem): the form and the function validate with this one schema. */
export const toolInputSchema = z
  .object({
    image: imageUrlSchema,
    name: textField('Product name', { max: 120 }),
    description: textField('Description', { max: 2000, multiline: true }),
    price: z
      .union([z.string(), z.number()], { error: 'Price is required' })
      .transform((v, ctx) => {
        const cents = dollarsToCents(v);
        if (cents === null || cents <= 0 || cents > MAX_PRICE_CENTS) {
          ctx.addIssue({ code: 'custom', message: 'Price must be a positive amount in dollars, like 129.99' });
          return z.NEVER;
        }
        return cents;
      }),
    minimumQuantity: quantity('Minimum quantity'),
    availableQuantity: quantity('Available quantity'),
  })
  .refine((t) => t.minimumQuantity <= t.availableQuantity, {
    message: 'Minimum quantity can not be higher than available quantity',
    path: ['minimumQuantity'],
  });
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

/**
 * Search terms stored with each tool: every prefix (2+ letters) of every word of its name, lower
 * case, so "gask" finds "Door Gasket" with one indexed array-contains query.
 */
export function searchTermsFor(name: string): string[] {
  const terms = new Set<string>();
  for (const word of name.toLowerCase().split(/[^a-z0-9]+/)) {
    for (let end = 2; end <= Math.min(word.length, 20); end++) terms.add(word.slice(0, end));
  }
  return [...terms];
}

/** The single search term a query uses (its longest word, cut to the stored prefix length). */
export function searchTermFor(q: string): string | null {
  const words = q.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 2);
  if (words.length === 0) return null;
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  return longest.slice(0, 20);
}

/** Stored tool fields (Firestore) to the API shape; used by the function and the SPA's Firestore reads. */
export function toolFromStored(
  id: string,
  t: { name: string; description: string; image: string; priceCents: number; minimumQuantity: number; availableQuantity: number; createdAt?: { toDate(): Date } | null },
): Tool {
  return {
    _id: id,
    name: t.name,
    description: t.description,
    image: t.image,
    price: t.priceCents / 100,
    minimumQuantity: t.minimumQuantity,
    availableQuantity: t.availableQuantity,
    createdAt: (t.createdAt?.toDate() ?? new Date(0)).toISOString(),
  };
}
