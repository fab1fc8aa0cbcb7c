import { z } from './zod-setup';
import { day, dollars, isoTime, resolvedFromAnswerSchema } from './answer-fields.schema';
import { BOOKING_STATES } from './constants';
import { APPROVAL_DECISIONS, BOOKING_EVENT_TYPES } from './booking';
import { addressAnswerSchema } from './company.answers';
import { orderPaymentAnswerSchema } from './invoice.answers';
import { orderShippingAnswerSchema } from './shipping/order.answers';
import { shipmentAnswerSchema } from './shipping/shipments.answers';
import { orderTaxAnswerSchema } from './tax/tax.answers';

/**
 * A booking's answers (CONTRACT §3, §8) as zod schemas, and the answer types as their `z.infer`
 * (decision 0073): written once here, named in the OpenAPI document by
 * openapi/response-schemas.ts, imported by the web as types only (booking.ts says their names too,
 * erased). The request schemas and the constants are booking.ts's.
 */

/**
 * One line of an order (CONTRACT §8): `price` is the unit price after price breaks, `lineTotal`
 * price x quantity, both in dollars like every amount in JSON. `resolvedFrom`: the number it was
 * ordered by when not the part's own (CONTRACT §11), kept with the order from the quick order or
 * the cart line it came from; null otherwise.
 */
const bookingLineAnswerSchema = z.object({
  toolId: z.string(),
  partNumber: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  price: dollars,
  lineTotal: dollars,
  resolvedFrom: resolvedFromAnswerSchema.nullable(),
  /**
   * The line's running quantities (CONTRACT §14, §16; decision 0070): shipped, returned, and
   * waiting for stock. 0 until shipments, returns and backorders move them (a line of an order
   * shipped before they were kept: all shipped).
   */
  shippedQuantity: z.number().int().min(0),
  returnedQuantity: z.number().int().min(0),
  returnOpenQuantity: z.number().int().min(0).describe('Units in returns requested or approved, not yet received or declined (CONTRACT §16)'),
  backorderedQuantity: z.number().int().min(0),
  expectedOn: day.nullable().describe('YYYY-MM-DD the backordered part is expected (CONTRACT §14); null when nothing is backordered'),
  coreDeposit: dollars.describe('The refundable core deposit of the line, deposit x quantity (CONTRACT §16, decision 0088); 0: none'),
  /** Cores returned and inspected are no longer owed; 0 without a deposit. */
  coresOwed: z.number().int().min(0).describe('Cores still owed: units shipped less cores returned (decision 0088); 0 once kept'),
  coresDueOn: day.nullable().describe('YYYY-MM-DD the owed cores are due back, CORE_RETURN_DAYS after the line last shipped; null when none are owed'),
  /** The sweep kept their deposit. */
  coresKept: z.boolean().describe('The cores were not returned in time and their deposit was kept (decision 0088)'),
});
export type BookingLine = z.infer<typeof bookingLineAnswerSchema>;

/**
 * Set when the order was over the buyer's spending limit and so needed a company admin's approval
 * (decision 0056): the limit it passed and, once decided, who decided, when and why.
 */
const bookingApprovalAnswerSchema = z.object({
  /** The buyer's spending limit per order (dollars) when the order was placed. */
  spendingLimit: dollars,
  /** Null while the order waits (or if it expired waiting). */
  decision: z.enum(APPROVAL_DECISIONS).nullable(),
  decidedBy: z.object({ uid: z.string(), email: z.string() }).nullable(),
  decidedAt: isoTime.nullable(),
  note: z.string().nullable(),
  /** Decision 0061; null once decided, and for an order stored before this was kept. */
  expiresAt: isoTime.nullable().describe('While it waits: when it is released if nobody decides'),
});
export type BookingApproval = z.infer<typeof bookingApprovalAnswerSchema>;

/** An event of the order's timeline: `at` null when the order was written before this event's time was stored. */
const bookingEventAnswerSchema = z.object({ type: z.enum(BOOKING_EVENT_TYPES), at: isoTime.nullable() });
export type BookingEvent = z.infer<typeof bookingEventAnswerSchema>;

/**
 * A booking as read (SPEC §3 plus CONTRACT §3's toolId, quantity, total, createdAt, and state).
 * A booking is an order (CONTRACT §8): the single-item fields (toolId, partNumber, name, price,
 * quantity, itemMinimumQuantity, itemAvailableQuantity) describe its first line, `lines` holds
 * every line and `total` is their sum, so a one-line booking reads exactly as before.
 */
export const bookingAnswerSchema = z.object({
  _id: z.string(),
  toolId: z.string(),
  userName: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  price: dollars,
  quantity: z.number().int(),
  total: dollars,
  itemMinimumQuantity: z.number().int(),
  itemAvailableQuantity: z.number().int(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  status: z.literal('shipped').nullable(),
  /** Where the order is in its life: the one field that tells every case apart. */
  state: z.enum(BOOKING_STATES),
  /** CONTRACT §7: readable, unique, increasing (FP-2026-000123). Empty for bookings made before it. */
  orderNumber: z.string(),
  /** The buyer's purchase-order or job reference. */
  poNumber: z.string().nullable(),
  partNumber: z.string().nullable(),
  createdAt: isoTime,
  /**
   * Every line, the first one first (1 to 50). A document stored before lines existed is answered
   * as its one line (common/src/documents/bookings.ts orderLinesOf), so readers need no fallback.
   */
  lines: z.array(bookingLineAnswerSchema),
  /** How many lines the order has (lines.length); 1 for a one-line booking. */
  lineCount: z.number().int(),
  /**
   * The order's timeline (CONTRACT §8), oldest first: each event that happened, with the time it
   * was stored when it happened (`at` null for an event of an order written before its time was
   * kept, such as a shipment before `shippedAt`).
   */
  events: z.array(bookingEventAnswerSchema),
  /** The company the buyer ordered for (CONTRACT §10), or null for an order of no company. */
  companyId: z.string().nullable(),
  /** The company's ship-to location the order goes to (its address copied into `address`), or null. */
  shipToId: z.string().nullable(),
  /** Null for an order that never needed a company admin's approval. */
  approval: bookingApprovalAnswerSchema.nullable().describe('Set when the order was over the buyer’s spending limit (CONTRACT §10)'),
  /** How an order on account is paid (CONTRACT §10, decision 0058); null for an order paid by card. */
  payment: orderPaymentAnswerSchema.nullable(),
  /**
   * The shipping method chosen and what it cost (CONTRACT §14), a copy kept with the order and
   * included in `total`; null for an order placed before shipping was charged.
   */
  shipping: orderShippingAnswerSchema.nullable(),
  /**
   * Where it ships as an address object (CONTRACT §14): the ship-to's or the one the buyer gave;
   * null when the order was given the one-line `address` only (then "address not verified").
   */
  shippingAddress: addressAnswerSchema.nullable(),
  /** CONTRACT §14 (decision 0079): the order's shipments, not cancelled, oldest first. */
  shipments: z.array(shipmentAnswerSchema),
  shipComplete: z.boolean().describe('Wait for every line before shipping (CONTRACT §14)'),
  /** Decision 0083: the sales tax of the order's calculation (total: lines + shipping + tax). */
  tax: orderTaxAnswerSchema.nullable().describe('The sales tax, included in total; null for an order placed before tax (CONTRACT §15)'),
  /** Null for any order but a warranty replacement. */
  replacementFor: z
    .object({ returnId: z.string(), rmaNumber: z.string(), bookingId: z.string() })
    .nullable()
    .describe('A warranty replacement: the claim whose failed part it replaces (decision 0087)'),
});
export type Booking = z.infer<typeof bookingAnswerSchema>;
