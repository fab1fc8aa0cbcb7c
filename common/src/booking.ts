import { z } from 'zod';
import { BOOKING_STATES, FIRST_FILTER_DAY, LAST_FILTER_DAY, MAX_QUANTITY, QUICK_ORDER_MAX_LINES, type BookingState } from './constants';
import { MESSAGES } from './messages';
import { documentIdSchema } from './ids';
import { pageQuerySchema } from './pagination';
import { emailSchema } from './user';
import { textField, wholeNumber } from './strict';
import { quantityProblem } from './pricing';
import { lookupNumberSchema } from './parts';
import { shipToIdSchema } from './company.schema';
import { BOTH_ADDRESSES_MESSAGE } from './shipping/order';
import { orderShippingFields } from './shipping/order.schema';

/**
 * Where a booking is in its life (constants.ts, which zod-free pages import). `paid` and `status`
 * stay for SPEC §3 readers; `state` is the one field that tells every case apart (a refunded
 * order keeps paid).
 */
export { BOOKING_STATES, QUICK_ORDER_MAX_LINES, type BookingState };

// The answers (Booking, BookingLine, BookingApproval, BookingEvent) are booking.answers.ts's, their
// types the schemas' z.infer (decision 0073); their names said here too, erased, where their callers look.
export type { Booking, BookingApproval, BookingEvent, BookingLine } from './booking.answers';

export const APPROVAL_DECISIONS = ['approved', 'declined'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export const BOOKING_EVENT_TYPES = ['booked', 'paid', 'shipped', 'refunded', 'expired'] as const;
export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];

/** Phone and address of an order (POST /booking, quick order, checkout). */
export const contactFields = {
  phone: textField('Phone', { max: 25 }).pipe(z.string().regex(/^\+?[0-9 ()./-]{6,25}$/, 'Phone must be a phone number, like +1 555 010 2030')),
  address: textField('Address', { max: 300, multiline: true }).pipe(z.string().min(5, 'Address is required (street, city)')),
};

/**
 * Where an order ships: a company member names one of the company's ship-to locations
 * (`shipToId`, CONTRACT §10) and the address is taken from it; anyone else sends `address`. So
 * `address` may be left out only when `shipToId` is sent; which of them the caller may send is
 * decided by the server, which reads their membership (decision 0056).
 */
const shipToFields = { address: contactFields.address.optional(), shipToId: shipToIdSchema.optional(), ...orderShippingFields };
export const ADDRESS_REQUIRED =
  "Address is required: shippingAddress (line1, city, postalCode, country...) or address (one line: street, city); a company's buyer sends shipToId, one of the company's ship-to locations, instead";
type WhereTo = { address?: string; shipToId?: string; shippingAddress?: unknown };
type WhereToRule = [(v: WhereTo) => boolean, { message: string; path: string[]; when: (p: { value: unknown }) => boolean }];
const whenObject = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null;
/** Runs even when other fields are bad, so a form shows every problem at once. */
const addressOrShipTo = [
  (v: WhereTo) => v.address !== undefined || v.shipToId !== undefined || v.shippingAddress !== undefined,
  { message: ADDRESS_REQUIRED, path: ['address'], when: whenObject },
] as WhereToRule;
/** The address once (CONTRACT §14): the object or the seed's one line, never both (which one wins would be a guess). */
const oneAddress = [
  (v: WhereTo) => v.address === undefined || v.shippingAddress === undefined,
  { message: BOTH_ADDRESSES_MESSAGE, path: ['shippingAddress'], when: whenObject },
] as WhereToRule;

/** A JSON integer, or the plain decimal text the quantity input sends; never [5], true or "1e1". */
const quantityField = wholeNumber(MESSAGES.quantityOutOfRange, { min: 1, max: MAX_QUANTITY });

/**
 * POST /booking body. Name, email, userName and price may be sent (SPEC §3) but are ignored:
 * the owner comes from the token and the price from the tool (CONTRACT §3).
 */
/** The buyer's purchase-order or job reference (CONTRACT §7), at most 35 characters. */
export const poNumberSchema = textField('PO number', { max: 35, min: 0 })
  .optional()
  .transform((v) => (v ? v : null));

const bookingFields = {
  toolId: documentIdSchema('toolId'),
  quantity: quantityField,
  ...contactFields,
  poNumber: poNumberSchema,
};
/**
 * CONTRACT §14 (decision 0080): `backorder: true` lets a line ask for more than is in stock (the
 * rest is backordered); `shipComplete` asks the shop to wait for every line. Both default false.
 */
const BACKORDER_MESSAGE = 'backorder is true or false: true backorders what is not in stock';
export const backorderField = z.boolean({ error: BACKORDER_MESSAGE }).optional();
export const shipCompleteField = z
  .boolean({ error: 'shipComplete is true (wait for every line) or false (ship what is ready)' })
  .optional()
  .transform((v) => v === true);
/**
 * The body as the API takes it: like quick order and checkout, a company member may name one of
 * the company's ship-to locations (`shipToId`) instead of the address (decision 0063); without it
 * a member's one-line order ships to the address sent, as before.
 */
export const bookingInputSchema = z
  .object({ ...bookingFields, ...shipToFields, backorder: backorderField, shipComplete: shipCompleteField })
  .refine(...addressOrShipTo)
  .refine(...oneAddress);
export type BookingInput = z.output<typeof bookingInputSchema>;

/** The booking modal's quantity: the server's rule, bounded by the tool it books (stock and pack size). */
function toolQuantity(tool: { minimumQuantity: number; availableQuantity: number; packSize?: number }) {
  const rules = { minimumQuantity: tool.minimumQuantity, availableQuantity: tool.availableQuantity, packSize: tool.packSize ?? 1 };
  return quantityField.superRefine((q, ctx) => {
    const problem = quantityProblem(rules, q);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** The booking modal's schema: the same fields, bounded by the tool it books (stock and pack size). */
export function bookingFormSchema(tool: { minimumQuantity: number; availableQuantity: number; packSize?: number }) {
  return z.object({ ...bookingFields, quantity: toolQuantity(tool) });
}

/** The booking modal's schema for a company member: a ship-to location chosen instead of an address typed (decision 0063). */
export function bookingMemberFormSchema(tool: { minimumQuantity: number; availableQuantity: number; packSize?: number }) {
  return z.object({ toolId: bookingFields.toolId, quantity: toolQuantity(tool), ...memberContactFields, poNumber: poNumberSchema });
}

/** POST /booking/quick (CONTRACT §7): 1 to 50 lines booked all together or not at all. */
export const quickOrderSchema = z
  .object({
    lines: z
      .array(z.object({ partNumber: lookupNumberSchema('partNumber'), quantity: quantityField, backorder: backorderField }), {
        error: 'lines must be a list of { partNumber, quantity, backorder? }',
      })
      .min(1, 'Add at least one line: a part number and a quantity')
      .max(QUICK_ORDER_MAX_LINES, `At most ${QUICK_ORDER_MAX_LINES} lines per quick order`),
    ...contactFields,
    ...shipToFields,
    poNumber: poNumberSchema,
    shipComplete: shipCompleteField,
  })
  .refine(...addressOrShipTo)
  .refine(...oneAddress);
export type QuickOrderInput = z.output<typeof quickOrderSchema>;

/**
 * The quick order page's form: the pasted lines as text (the page parses and checks them line by
 * line, and sends them as `lines`) and the order's contact, checked as the server checks it.
 */
export const quickOrderFormSchema = z.object({ text: z.string(), ...contactFields, poNumber: poNumberSchema });

/** A company member's order form when no ship-to location is chosen yet (the select's empty value). */
export const SHIP_TO_REQUIRED = "Choose where this order ships: one of your company's ship-to locations";
/**
 * A company member's contact on the web's order forms (CONTRACT §10, decision 0060): phone and a
 * chosen ship-to location instead of an address typed. The server's own `shipToIdSchema`, required.
 */
export const memberContactFields = { phone: contactFields.phone, shipToId: z.string().min(1, SHIP_TO_REQUIRED).pipe(shipToIdSchema) };
/** The quick order page's form for a company member. */
export const quickOrderMemberFormSchema = z.object({ text: z.string(), ...memberContactFields, poNumber: poNumberSchema });

/** The order-making bodies' shared where-to fields (checkout uses them too). */
export { shipToFields, addressOrShipTo, oneAddress };

/** POST /booking/{id}/approve (CONTRACT §10): an optional note to the buyer. */
export const APPROVAL_NOTE_MAX = 500;
const noteField = textField('Note', { max: APPROVAL_NOTE_MAX, multiline: true });
export const approveSchema = z.strictObject({ note: noteField.optional() });
export type ApproveInput = z.output<typeof approveSchema>;
/** POST /booking/{id}/decline: the note is required, so the buyer learns why. */
export const declineSchema = z.strictObject({
  note: textField('Note', { max: APPROVAL_NOTE_MAX, multiline: true, requiredMessage: 'Say why the order is declined in note: the buyer reads it' }),
});
export type DeclineInput = z.output<typeof declineSchema>;

export const cancelBookingQuerySchema = z.object({
  email: emailSchema,
  id: documentIdSchema('id of the booking'),
});

/**
 * PATCH /api/orders/shipped/{id}'s body as SPEC §7 has the client send it: `{ status: "shipped" }`.
 * The call itself says what changes, so the function reads no body (an empty one is as good); the
 * route table names this one so a client sending anything else is caught (web/src/test-support/api-contract.ts).
 */
export const markShippedSchema = z.strictObject({ status: z.literal('shipped', { error: 'status is "shipped"' }).optional() });

/** GET /booking?email= (My Orders): whose bookings, plus optional paging. */
export const myBookingsQuerySchema = pageQuerySchema.extend({ email: emailSchema });

/** YYYY-MM-DD that really exists (no 2026-02-30), years 0000 to 9999 included (Date.UTC would read 0001 as 1901). */
function isCalendarDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.toISOString().slice(0, 10) === v;
}

/**
 * A calendar day as YYYY-MM-DD, read as a UTC day, within the days Firestore can store from start
 * to end (FIRST_FILTER_DAY to LAST_FILTER_DAY, CONTRACT §13): one check for the list and the export.
 */
const dayField = (label: string) =>
  z.string({ error: `${label} must be a date like 2026-06-01` }).superRefine((v, ctx) => {
    if (!isCalendarDay(v)) ctx.addIssue({ code: 'custom', message: `${label} must be a date like 2026-06-01` });
    else if (v < FIRST_FILTER_DAY || v > LAST_FILTER_DAY) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a day from ${FIRST_FILTER_DAY} to ${LAST_FILTER_DAY}, the dates the shop can store` });
    }
  });

/**
 * Manage All Orders filters (CONTRACT §7): state and an inclusive UTC date range; `toShip=true`
 * (CONTRACT §14, decision 0079): paid or confirmed orders with lines left to ship, oldest first.
 */
const orderFilterFields = {
  state: z.enum(BOOKING_STATES, { error: `state must be one of ${BOOKING_STATES.join(', ')}` }).optional(),
  toShip: z
    .enum(['true', 'false'], { error: 'toShip is true or false' })
    .transform((v) => v === 'true')
    .optional(),
  from: dayField('from').optional(),
  to: dayField('to').optional(),
};
const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const RANGE_MESSAGE = { message: 'from must be on or before to', path: ['to'] };
const oneStateFilter = (q: { state?: string; toShip?: boolean }) => !(q.toShip && q.state);
const ONE_STATE_MESSAGE = { message: 'toShip and state can not be combined: toShip selects its own states', path: ['toShip'] };

/** GET /bookingOrder/export.csv query. */
export const orderFilterSchema = z.object(orderFilterFields).refine(rangeInOrder, RANGE_MESSAGE).refine(oneStateFilter, ONE_STATE_MESSAGE);
export type OrderFilter = z.output<typeof orderFilterSchema>;

/** GET /bookingOrder query: the filters plus paging. */
export const allOrdersQuerySchema = pageQuerySchema.extend(orderFilterFields).refine(rangeInOrder, RANGE_MESSAGE).refine(oneStateFilter, ONE_STATE_MESSAGE);
export type AllOrdersQuery = z.output<typeof allOrdersQuerySchema>;
