import {
  addressAnswerSchema,
  companyAnswerSchema,
  companyInvitationAnswerSchema,
  companyMemberAnswerSchema,
  companySummaryAnswerSchema,
  membershipAnswerSchema,
  myCompanyOrNoneAnswerSchema,
  noCompanyAnswerSchema,
  shipToAnswerSchema,
} from '../company.answers';
import { companyContractPriceAnswerSchema, contractPriceAnswerSchema, myPricesAnswerSchema } from '../contract-prices.answers';
import { z } from '../zod-setup';
import { day, dollars, isoTime } from '../answer-fields.schema';
import { shippingMethodAnswerSchema, shippingMethodListAnswerSchema } from '../shipping/methods.answers';
import { shipmentAnswerSchema } from '../shipping/shipments.answers';
import { shippingOptionsAnswerSchema } from '../shipping/options.answers';
import { orderShippingAnswerSchema } from '../shipping/order.answers';
import { orderTaxAnswerSchema } from '../tax/tax.answers';
import {
  exemptionAnswerSchema,
  exemptionForReviewAnswerSchema,
  exemptionListAnswerSchema,
  exemptionReviewPageAnswerSchema,
  taxExemptionAnswerSchema,
  taxRegistrationsAnswerSchema,
} from '../tax/exemption.answers';
import { ERROR_STATUS, type ErrorBody } from '../errors';
import { BOOKING_STATES } from '../constants';
import { bookingReturnsAnswerSchema, returnAnswerSchema, returnsPageAnswerSchema } from '../returns/returns.answers';
import { ALIAS_KINDS } from '../search/part-alias';
import { AVAILABILITY_STATUSES } from '../availability/availability';
import { APPLIANCE_TYPES, type ApplianceType } from '../models/model-basics';
import { APPROVAL_DECISIONS, BOOKING_EVENT_TYPES } from '../booking';
import type { Booking } from '../booking';
import { companyInvoiceAnswerSchema, orderPaymentAnswerSchema } from '../invoice.answers';
import type { Cart, CartMovedBody } from '../cart';
import { shopUserAnswerSchema, syncUserAnswerSchema } from '../user.answers';
import { reviewAnswerSchema } from '../review.answers';
import { profileAnswerSchema } from '../profile.answers';
import { paymentIntentAnswerSchema } from '../payment.answers';
import type { Tool, ToolPageDetail, ToolRef } from '../tool';
import type {
  AliasImportResponse,
  DeletedCountResponse,
  HiddenReviewResponse,
  ModifiedCountResponse,
  PartNotFoundBody,
  PartResolveResponse,
  SearchResponse,
  SpecsResponse,
  UnknownNumbersBody,
} from '../responses';
import type {
  ApplianceModel,
  ModelDeleteResponse,
  ModelImportResponse,
  ModelListResponse,
  ModelNotFoundBody,
  ToolModelsResponse,
} from '../models/appliance-model';

/**
 * The API's answers as zod schemas (CONTRACT §10: the OpenAPI document is generated from them,
 * openapi/document.ts), each named here as a component of the document. Where an entity has an
 * answers module (company.answers.ts, contract-prices.answers.ts, invoice.answers.ts,
 * review.answers.ts, profile.answers.ts, user.answers.ts, payment.answers.ts), the answer schema is
 * written there and its `z.infer` is the answer type, which the web imports as a type (decision
 * 0073). The others (tools, bookings, the cart, search, models) are still interfaces, each held to
 * its schema at compile time (the checks at the end, both directions). The API tier then holds every
 * answer it receives to the document (tests/api/openapi-matching.ts).
 *
 * Objects are z.object: the generated JSON Schema says `additionalProperties: false`, so a field
 * the server sends and the type does not declare fails the matching test too.
 */

/** Registered schemas become the document's components (openapi/document.ts), each under its id. */
export const responseRegistry = z.registry<{ id: string; description?: string }>();
const named = <S extends z.ZodType>(id: string, schema: S, description?: string): S => {
  (schema as z.ZodType).register(responseRegistry, { id, ...(description ? { description } : {}) });
  return schema;
};

// ---------------------------------------------------------------------------------------------
// Errors (CONTRACT §4): the one error body, and the ones that carry more beside `error`.

const ERROR_CODES = Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]];

const errorField = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional().describe('Each bad field (by path, e.g. lines.3.quantity) and what is wrong with it'),
  requestId: z.string().optional().describe('On `internal` only: the id of the log line'),
});

export const errorBodySchema = named('Error', z.object({ error: errorField }), 'The one error body of the API (CONTRACT §4)');

// ---------------------------------------------------------------------------------------------
// The catalogue

const partAliasSchema = named(
  'PartAlias',
  z.object({ number: z.string(), kind: z.enum(ALIAS_KINDS), brand: z.string().optional() }),
  'Another number the part is known by (CONTRACT §11)',
);
const resolvedKindSchema = z.enum([...ALIAS_KINDS, 'discontinued']);
const resolvedFromSchema = named(
  'ResolvedFrom',
  z.object({ number: z.string(), kind: resolvedKindSchema }),
  'The number a line was ordered by, when not its own',
);

export const availabilitySchema = named(
  'Availability',
  z.object({ status: z.enum(AVAILABILITY_STATUSES), available: z.number().int(), shipsOn: day, restockOn: day.optional() }),
  'CONTRACT §14: worked out when answered; dates YYYY-MM-DD in the shop calendar',
);

export const toolSchema = named(
  'Tool',
  z.object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string(),
    price: dollars,
    minimumQuantity: z.number().int(),
    availableQuantity: z.number().int(),
    partNumber: z.string(),
    packSize: z.number().int(),
    priceBreaks: z.array(z.object({ minQuantity: z.number().int(), price: dollars })),
    createdAt: isoTime,
    category: z.string().nullable(),
    specs: z.record(z.string(), z.string()),
    aliases: z.array(partAliasSchema),
    weight: z.number().nullable(),
    freight: z.boolean(),
    leadTimeDays: z.number().int(),
    restock: z.array(z.object({ quantity: z.number().int(), expectedOn: day })),
    availability: availabilitySchema,
    coreDeposit: dollars.describe('Decision 0088: the refundable core deposit per unit; 0: none'),
    taxCode: z.string().nullable().describe("CONTRACT §15: the Stripe tax code; null: the shop's default, txcd_99999999"),
  }),
);

export const toolRefSchema = named('ToolRef', z.object({ _id: z.string(), partNumber: z.string(), name: z.string() }));

export const toolPageDetailSchema = named(
  'ToolDetail',
  toolSchema.extend({
    replacedBy: toolRefSchema.nullable(),
    replaces: z.array(z.string()),
    fitsModelCount: z.number().int(),
  }),
  'GET /tool/{id}: the tool, what replaces it, what it replaces, how many models it fits',
);

export const toolListSchema = named('ToolList', z.array(toolSchema));

export const toolMovedBodySchema = named(
  'ToolMovedError',
  errorBodySchema.extend({ tool: toolPageDetailSchema }),
  '412 from PATCH /manage/{id}: the tool changed since the If-Match version; here it is now',
);

export const specsResponseSchema = named(
  'Specs',
  z.object({
    categories: z.array(z.object({ key: z.string(), label: z.string() })),
    specs: z.array(z.object({ key: z.string(), label: z.string(), unit: z.string() })),
  }),
);

const matchedBySchema = z.object({ kind: resolvedKindSchema, number: z.string(), brand: z.string().optional() });

export const searchResponseSchema = named(
  'SearchResult',
  z.object({
    hits: z.array(toolSchema.extend({ matchedBy: matchedBySchema.nullable() })),
    total: z.number().int(),
    facets: z.record(z.string(), z.record(z.string(), z.number().int())),
    cursor: z.string().nullable(),
  }),
);

export const partResolveResponseSchema = named(
  'PartResolution',
  z.object({
    query: z.string(),
    normalized: z.string(),
    match: z.enum(['current', ...ALIAS_KINDS, 'discontinued']),
    part: toolSchema,
    via: z.object({ number: z.string(), kind: resolvedKindSchema, brand: z.string().nullable(), toolId: z.string() }).nullable(),
    chain: z.array(z.string()),
    message: z.string(),
  }),
);

export const partNotFoundBodySchema = named('PartNotFoundError', errorBodySchema.extend({ suggestions: z.array(toolRefSchema) }));

export const unknownNumbersBodySchema = named(
  'LinesRefusedError',
  errorBodySchema.extend({ suggestions: z.record(z.string(), z.array(toolRefSchema)).optional() }),
  '400 naming each bad line in `fields`; `suggestions` by line field for numbers that name no part',
);

export const aliasImportResponseSchema = named('AliasImport', z.object({ imported: z.number().int() }));

// ---------------------------------------------------------------------------------------------
// Appliance models (CONTRACT §12)

const applianceTypeSchema = z.enum(APPLIANCE_TYPES.map((t) => t.key) as [ApplianceType, ...ApplianceType[]]);
const modelSummarySchema = named(
  'ModelSummary',
  z.object({ modelKey: z.string(), modelNumber: z.string(), brand: z.string(), applianceType: applianceTypeSchema, title: z.string() }),
);

export const modelListResponseSchema = named(
  'ModelList',
  z.object({
    models: z.array(modelSummarySchema),
    cursor: z.string().nullable(),
    brands: z.array(z.object({ brand: z.string(), models: z.number().int() })),
  }),
);

const calloutSchema = z.object({
  ref: z.string(),
  partNumber: z.string(),
  quantity: z.number().int(),
  note: z.string(),
  part: z
    .object({
      _id: z.string(),
      partNumber: z.string(),
      name: z.string(),
      price: dollars,
      availableQuantity: z.number().int(),
      availability: availabilitySchema,
    })
    .nullable(),
  orderAs: toolRefSchema.nullable(),
  resolvedFrom: resolvedFromSchema.nullable(),
});

export const applianceModelSchema = named(
  'ApplianceModel',
  modelSummarySchema.extend({
    sections: z.array(z.object({ id: z.string(), name: z.string(), diagram: z.string(), callouts: z.array(calloutSchema) })),
  }),
);

export const modelNotFoundBodySchema = named('ModelNotFoundError', errorBodySchema.extend({ suggestions: z.array(modelSummarySchema) }));

export const toolModelsResponseSchema = named(
  'ToolModels',
  z.object({
    models: z.array(
      z.object({ modelKey: z.string(), modelNumber: z.string(), brand: z.string(), sectionId: z.string(), sectionName: z.string(), ref: z.string() }),
    ),
    cursor: z.string().nullable(),
  }),
);

export const modelImportResponseSchema = named('ModelImport', z.object({ imported: z.number().int(), modelKeys: z.array(z.string()) }));
export const modelDeleteResponseSchema = named('ModelDeleted', z.object({ deleted: z.string() }));

// ---------------------------------------------------------------------------------------------
// Bookings, the cart, payments

const bookingLineSchema = z.object({
  toolId: z.string(),
  partNumber: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  price: dollars,
  lineTotal: dollars,
  resolvedFrom: resolvedFromSchema.nullable(),
  shippedQuantity: z.number().int().min(0),
  returnedQuantity: z.number().int().min(0),
  returnOpenQuantity: z.number().int().min(0).describe('Units in returns requested or approved, not yet received or declined (CONTRACT §16)'),
  backorderedQuantity: z.number().int().min(0),
  expectedOn: day.nullable().describe('YYYY-MM-DD the backordered part is expected (CONTRACT §14); null when nothing is backordered'),
  coreDeposit: dollars.describe('The refundable core deposit of the line, deposit x quantity (CONTRACT §16, decision 0088); 0: none'),
  coresOwed: z.number().int().min(0).describe('Cores still owed: units shipped less cores returned (decision 0088); 0 once kept'),
  coresDueOn: day.nullable().describe('YYYY-MM-DD the owed cores are due back, CORE_RETURN_DAYS after the line last shipped; null when none are owed'),
  coresKept: z.boolean().describe('The cores were not returned in time and their deposit was kept (decision 0088)'),
});

const addressSchema = addressAnswerSchema;

const orderShippingSchema = named(
  'OrderShipping',
  orderShippingAnswerSchema,
  'The shipping method chosen for an order and its amount, a copy kept with the order (CONTRACT §14)',
);

const orderPaymentSchema = named(
  'OrderPayment',
  orderPaymentAnswerSchema,
  'How an order on account is paid: its Stripe invoice (CONTRACT §10, decision 0058); null fields while pending',
);

named('TaxExemption', taxExemptionAnswerSchema, 'The certificate a cart or order was exempted by (CONTRACT §15, decision 0084)');

export const exemptionSchema = named(
  'Exemption',
  exemptionAnswerSchema,
  'A ship-to’s tax exemption certificate (CONTRACT §15, decision 0084); expired: approved and past its expiresOn',
);
export const exemptionListSchema = named('ExemptionList', exemptionListAnswerSchema, 'A company’s certificates, newest first');
named('ExemptionForReview', exemptionForReviewAnswerSchema, 'A certificate with its company and ship-to, for the shop admin’s review');
export const exemptionReviewPageSchema = named(
  'ExemptionReviewPage',
  exemptionReviewPageAnswerSchema,
  'One page of certificates by status (25 a page; pending oldest first, else newest first)',
);
export const taxRegistrationsSchema = named(
  'TaxRegistrations',
  taxRegistrationsAnswerSchema,
  'The states the shop collects sales tax in (Stripe’s active registrations)',
);

const orderTaxSchema = named(
  'OrderTax',
  orderTaxAnswerSchema,
  'The sales tax of an order or a cart (CONTRACT §15, decision 0083): Stripe Tax’s calculation, dollars; lines by lineId (an order line’s index, a cart line’s tool id)',
);

export const shipmentSchema = named(
  'Shipment',
  shipmentAnswerSchema,
  'One shipment of an order: its lines, carrier and tracking (CONTRACT §14, decision 0079)',
);

export const returnSchema = named(
  'Return',
  returnAnswerSchema,
  'A return of an order’s parts: its RMA number, lines and reasons, state, and refund (CONTRACT §16, decision 0086)',
);
export const bookingReturnsSchema = named(
  'BookingReturns',
  bookingReturnsAnswerSchema.extend({ returns: z.array(returnSchema) }),
  'An order’s returns, oldest first, and the lines that may still come back with the reasons whose window is open',
);
export const returnsPageSchema = named('ReturnsPage', returnsPageAnswerSchema.extend({ returns: z.array(returnSchema) }), 'One page of returns, oldest first');

export const companyInvoiceSchema = named('CompanyInvoice', companyInvoiceAnswerSchema, 'An order on account and its invoice (GET /companies/{id}/invoices)');
export const companyInvoiceListSchema = named('CompanyInvoiceList', z.array(companyInvoiceSchema));

export const bookingSchema = named(
  'Booking',
  z.object({
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
    state: z.enum(BOOKING_STATES),
    orderNumber: z.string(),
    poNumber: z.string().nullable(),
    partNumber: z.string().nullable(),
    createdAt: isoTime,
    lines: z.array(bookingLineSchema),
    lineCount: z.number().int(),
    events: z.array(z.object({ type: z.enum(BOOKING_EVENT_TYPES), at: isoTime.nullable() })),
    companyId: z.string().nullable(),
    shipToId: z.string().nullable(),
    approval: z
      .object({
        spendingLimit: dollars,
        decision: z.enum(APPROVAL_DECISIONS).nullable(),
        decidedBy: z.object({ uid: z.string(), email: z.string() }).nullable(),
        decidedAt: isoTime.nullable(),
        note: z.string().nullable(),
        expiresAt: isoTime.nullable().describe('While it waits: when it is released if nobody decides'),
      })
      .nullable()
      .describe('Set when the order was over the buyer’s spending limit (CONTRACT §10)'),
    payment: orderPaymentSchema.nullable(),
    shipping: orderShippingSchema.nullable(),
    shippingAddress: addressSchema.nullable(),
    shipments: z.array(shipmentSchema),
    shipComplete: z.boolean().describe('Wait for every line before shipping (CONTRACT §14)'),
    tax: orderTaxSchema.nullable().describe('The sales tax, included in total; null for an order placed before tax (CONTRACT §15)'),
    replacementFor: z
      .object({ returnId: z.string(), rmaNumber: z.string(), bookingId: z.string() })
      .nullable()
      .describe('A warranty replacement: the claim whose failed part it replaces (decision 0087)'),
  }),
  'A booking is an order (CONTRACT §3, §8)',
);

export const bookingListSchema = named('BookingList', z.array(bookingSchema));

const cartLineSchema = z.object({
  toolId: z.string(),
  partNumber: z.string().nullable(),
  name: z.string().nullable(),
  quantity: z.number().int(),
  price: dollars.nullable(),
  lineTotal: dollars.nullable(),
  minimumQuantity: z.number().int().nullable(),
  packSize: z.number().int().nullable(),
  availableQuantity: z.number().int().nullable(),
  availability: availabilitySchema.nullable(),
  problem: z.string().nullable(),
  resolvedFrom: resolvedFromSchema.nullable(),
  backorder: z.boolean(),
  backorderedQuantity: z.number().int().min(0),
  expectedOn: day.nullable(),
  coreDeposit: dollars.describe('The refundable core deposit of the line, deposit x quantity (decision 0088); 0: none'),
});

export const cartSchema = named(
  'Cart',
  z.object({
    lines: z.array(cartLineSchema),
    lineCount: z.number().int(),
    total: dollars,
    ready: z.boolean(),
    updatedAt: isoTime.nullable(),
    version: z.string(),
    tax: orderTaxSchema.nullable().describe('What checking out now would charge in sales tax; null when no ship-to is known (CONTRACT §15)'),
  }),
  'The signed-in buyer’s cart (CONTRACT §8, §13); `version` is also the ETag',
);

export const cartMovedBodySchema = named(
  'CartMovedError',
  errorBodySchema.extend({ cart: cartSchema }),
  '412 from PUT /cart and POST /booking/checkout: the cart moved since the version sent; here it is now',
);

export const paymentIntentResponseSchema = named('PaymentIntent', paymentIntentAnswerSchema);

/** What the webhook did with an event (functions services/payments/stripe-webhook.ts WebhookOutcome). */
export const WEBHOOK_OUTCOMES = ['recorded', 'refunded', 'no-change', 'duplicate', 'ignored', 'unknown-booking'] as const;
export const webhookResponseSchema = named('WebhookReceived', z.object({ received: z.literal(true), outcome: z.enum(WEBHOOK_OUTCOMES) }));

// ---------------------------------------------------------------------------------------------
// Small answers, people, reviews, profiles

export const deletedCountSchema = named('DeletedCount', z.object({ deletedCount: z.number().int() }));
export const modifiedCountSchema = named('ModifiedCount', z.object({ modifiedCount: z.number().int() }));
export const hiddenReviewSchema = named('HiddenReview', z.object({ _id: z.string(), hidden: z.literal(true), hiddenAt: isoTime }));

export const reviewSchema = named('Review', reviewAnswerSchema);
export const reviewListSchema = named('ReviewList', z.array(reviewSchema));

export const shopUserSchema = named('User', shopUserAnswerSchema);
export const userListSchema = named('UserList', z.array(shopUserSchema));
export const syncUserResponseSchema = named('SignedIn', syncUserAnswerSchema);
export const isAdminResponseSchema = named('IsAdmin', z.object({ admin: z.boolean() }));

export const profileSchema = named('Profile', profileAnswerSchema);
export const profileListSchema = named('ProfileList', z.array(profileSchema));

// ---------------------------------------------------------------------------------------------
// Companies (CONTRACT §10, decision 0055)

// Written beside the entity, the answer types being their z.infer (decision 0073); named here.
named('Address', addressAnswerSchema);
named('ShipTo', shipToAnswerSchema);
named('CompanyMember', companyMemberAnswerSchema);
named('CompanyInvitation', companyInvitationAnswerSchema);
export const companySchema = named('Company', companyAnswerSchema);
export const companySummarySchema = named('CompanySummary', companySummaryAnswerSchema);
export const companyListSchema = named('CompanyList', z.array(companySummarySchema));
export const myCompanySchema = named('MyCompany', membershipAnswerSchema);
export const noCompanySchema = named('NoCompany', noCompanyAnswerSchema, 'The caller is in no company (CONTRACT §10: an ordinary answer, not 404)');
export const myCompanyAnswerSchema = named('MyCompanyAnswer', myCompanyOrNoneAnswerSchema, 'GET /me/company: the caller’s membership, or none');
export const companyMovedBodySchema = named(
  'CompanyChanged',
  errorBodySchema.extend({ company: companySchema }),
  'The company changed since the If-Match version: the current one',
);

// Contract prices (CONTRACT §10, decision 0057)
export const contractPriceSchema = named('ContractPrice', contractPriceAnswerSchema);
export const companyContractPriceSchema = named('CompanyContractPrice', companyContractPriceAnswerSchema);
export const companyContractPriceListSchema = named('CompanyContractPriceList', z.array(companyContractPriceSchema));
export const myPricesSchema = named('MyPrices', myPricesAnswerSchema);

export const healthSchema = named('Health', z.object({ ok: z.literal(true) }));

/** GET /openapi.json: an OpenAPI 3.1 document (not re-described here: its own standard says what it holds). */
export const openApiDocumentSchema = named(
  'OpenApiDocument',
  z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
);

// ---------------------------------------------------------------------------------------------
// Shipping (CONTRACT §14, decision 0075)

// Written beside the entity, the answer types being their z.infer (decision 0073); named here.
export const shippingMethodSchema = named('ShippingMethod', shippingMethodAnswerSchema);
export const shippingMethodMovedSchema = named(
  'ShippingMethodMovedError',
  errorBodySchema.extend({ method: shippingMethodSchema }),
  '412 from PUT or DELETE /shipping/methods/{id}: the method changed since the If-Match version; here it is now',
);
export const shippingMethodListSchema = named('ShippingMethodList', shippingMethodListAnswerSchema);
export const shippingOptionsSchema = named('ShippingOptions', shippingOptionsAnswerSchema, 'Cheapest first; empty where no method serves');

// ---------------------------------------------------------------------------------------------
// Held to the interfaces the web app reads: each pair must be assignable both ways.

type Both<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agree<T extends true> = T;

/** Compile-time only: `tsc` fails here when a schema and its interface say different things. */
export type ResponseSchemasAgree = [
  Agree<Both<z.infer<typeof errorBodySchema>, ErrorBody>>,
  Agree<Both<z.infer<typeof toolSchema>, Tool>>,
  Agree<Both<z.infer<typeof toolRefSchema>, ToolRef>>,
  Agree<Both<z.infer<typeof toolPageDetailSchema>, ToolPageDetail>>,
  Agree<Both<z.infer<typeof toolMovedBodySchema>, ErrorBody & { tool: ToolPageDetail }>>,
  Agree<Both<z.infer<typeof specsResponseSchema>, SpecsResponse>>,
  Agree<Both<z.infer<typeof searchResponseSchema>, SearchResponse>>,
  Agree<Both<z.infer<typeof partResolveResponseSchema>, PartResolveResponse>>,
  Agree<Both<z.infer<typeof partNotFoundBodySchema>, PartNotFoundBody>>,
  Agree<Both<z.infer<typeof aliasImportResponseSchema>, AliasImportResponse>>,
  Agree<Both<z.infer<typeof modelListResponseSchema>, ModelListResponse>>,
  Agree<Both<z.infer<typeof applianceModelSchema>, ApplianceModel>>,
  Agree<Both<z.infer<typeof modelNotFoundBodySchema>, ModelNotFoundBody>>,
  Agree<Both<z.infer<typeof toolModelsResponseSchema>, ToolModelsResponse>>,
  Agree<Both<z.infer<typeof modelImportResponseSchema>, ModelImportResponse>>,
  Agree<Both<z.infer<typeof modelDeleteResponseSchema>, ModelDeleteResponse>>,
  Agree<Both<z.infer<typeof bookingSchema>, Booking>>,
  Agree<Both<z.infer<typeof cartSchema>, Cart>>,
  Agree<Both<z.infer<typeof cartMovedBodySchema>, CartMovedBody>>,
  Agree<Both<z.infer<typeof deletedCountSchema>, DeletedCountResponse>>,
  Agree<Both<z.infer<typeof modifiedCountSchema>, ModifiedCountResponse>>,
  Agree<Both<z.infer<typeof hiddenReviewSchema>, HiddenReviewResponse>>,
];

/**
 * UnknownNumbersBody declares `suggestions` always present; the server leaves it out when no line
 * names an unknown number (functions services/orders/cart.ts linesRefused), so the schema says optional:
 * the interface is assignable to the schema's type, not the other way.
 */
export type UnknownNumbersAgree = Agree<UnknownNumbersBody extends z.infer<typeof unknownNumbersBodySchema> ? true : false>;
