import { COMPANY_ROLES, COMPANY_TERMS, type Company, type CompanySummary, type MyCompany, type MyCompanyAnswer } from '../company';
import type { CompanyContractPrice, ContractPrice, MyPrices } from '../contract-prices';
import { z } from '../zod-setup';
import { CARRIERS, type ShippingMethod, type ShippingMethodList } from '../shipping/methods';
import type { ShippingOptions } from '../shipping/options';
import { ERROR_STATUS, type ErrorBody } from '../errors';
import { BOOKING_STATES } from '../constants';
import { ALIAS_KINDS } from '../search/part-alias';
import { APPLIANCE_TYPES, type ApplianceType } from '../models/model-basics';
import { APPROVAL_DECISIONS, BOOKING_EVENT_TYPES } from '../booking';
import type { Booking } from '../booking';
import { INVOICE_PAYMENT_STATUSES, type CompanyInvoice } from '../invoice';
import type { Cart, CartMovedBody } from '../cart';
import type { ShopUser, SyncUserResponse } from '../user';
import type { Review } from '../review';
import type { Profile } from '../profile';
import type { PaymentIntentResponse } from '../payment';
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
 * openapi/document.ts). The TypeScript interfaces in tool.ts, booking.ts, cart.ts... stay what the
 * web app reads: the SPA keeps zod off most pages, so it never imports this module (docs/decisions
 * 0054). Each schema is held to its interface at compile time (the checks at the end, both
 * directions), so neither can drift from the other; the API tier then holds every answer it
 * receives to the document (tests/api/openapi-matching.ts).
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

const isoTime = z.string().describe('ISO 8601 time');
const dollars = z.number().describe('US dollars, two decimals');

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
  part: z.object({ _id: z.string(), partNumber: z.string(), name: z.string(), price: dollars, availableQuantity: z.number().int() }).nullable(),
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
  backorderedQuantity: z.number().int().min(0),
});

const addressSchema = named(
  'Address',
  z.object({ line1: z.string(), line2: z.string(), city: z.string(), region: z.string(), postalCode: z.string(), country: z.string() }),
);

const carrierSchema = z.enum(CARRIERS);
const orderShippingSchema = named(
  'OrderShipping',
  z.object({ methodId: z.string(), name: z.string(), carrier: carrierSchema, amount: dollars }),
  'The shipping method chosen for an order and its amount, a copy kept with the order (CONTRACT §14)',
);

const orderPaymentSchema = named(
  'OrderPayment',
  z.object({
    method: z.literal('invoice'),
    invoiceId: z.string().nullable(),
    number: z.string().nullable(),
    hostedInvoiceUrl: z.string().nullable(),
    dueDate: isoTime.nullable(),
    status: z.enum(INVOICE_PAYMENT_STATUSES),
  }),
  'How an order on account is paid: its Stripe invoice (CONTRACT §10, decision 0058); null fields while pending',
);

export const companyInvoiceSchema = named(
  'CompanyInvoice',
  z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    invoiceId: z.string().nullable(),
    invoiceNumber: z.string().nullable(),
    amount: dollars,
    dueDate: isoTime.nullable(),
    status: z.enum(INVOICE_PAYMENT_STATUSES),
    hostedInvoiceUrl: z.string().nullable(),
    createdAt: isoTime,
  }),
  'An order on account and its invoice (GET /companies/{id}/invoices)',
);
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
  problem: z.string().nullable(),
  resolvedFrom: resolvedFromSchema.nullable(),
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
  }),
  'The signed-in buyer’s cart (CONTRACT §8, §13); `version` is also the ETag',
);

export const cartMovedBodySchema = named(
  'CartMovedError',
  errorBodySchema.extend({ cart: cartSchema }),
  '412 from PUT /cart and POST /booking/checkout: the cart moved since the version sent; here it is now',
);

export const paymentIntentResponseSchema = named(
  'PaymentIntent',
  z.object({ clientSecret: z.string(), amount: z.number().int().describe('cents'), currency: z.string() }),
);

/** What the webhook did with an event (functions services/stripe-webhook.ts WebhookOutcome). */
export const WEBHOOK_OUTCOMES = ['recorded', 'refunded', 'no-change', 'duplicate', 'ignored', 'unknown-booking'] as const;
export const webhookResponseSchema = named('WebhookReceived', z.object({ received: z.literal(true), outcome: z.enum(WEBHOOK_OUTCOMES) }));

// ---------------------------------------------------------------------------------------------
// Small answers, people, reviews, profiles

export const deletedCountSchema = named('DeletedCount', z.object({ deletedCount: z.number().int() }));
export const modifiedCountSchema = named('ModifiedCount', z.object({ modifiedCount: z.number().int() }));
export const hiddenReviewSchema = named('HiddenReview', z.object({ _id: z.string(), hidden: z.literal(true), hiddenAt: isoTime }));

export const reviewSchema = named(
  'Review',
  z.object({
    _id: z.string(),
    image: z.string(),
    review: z.number().int(),
    description: z.string(),
    userName: z.string(),
    toolId: z.string().nullable(),
    verifiedBuyer: z.boolean(),
    createdAt: isoTime,
  }),
);
export const reviewListSchema = named('ReviewList', z.array(reviewSchema));

export const shopUserSchema = named('User', z.object({ _id: z.string(), email: z.string(), displayName: z.string(), role: z.enum(['admin', 'customer']) }));
export const userListSchema = named('UserList', z.array(shopUserSchema));
export const syncUserResponseSchema = named('SignedIn', z.object({ token: z.string(), admin: z.boolean() }));
export const isAdminResponseSchema = named('IsAdmin', z.object({ admin: z.boolean() }));

export const profileSchema = named(
  'Profile',
  z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    education: z.string(),
    location: z.string(),
    phone: z.string(),
    linkedlnProfile: z.string(),
  }),
);
export const profileListSchema = named('ProfileList', z.array(profileSchema));

// ---------------------------------------------------------------------------------------------
// Companies (CONTRACT §10, decision 0055)

const companyRoleSchema = z.enum(COMPANY_ROLES);
const companyFields = {
  _id: z.string(),
  name: z.string(),
  billingAddress: addressSchema,
  shipTo: z.array(named('ShipTo', z.object({ id: z.string(), label: z.string(), address: addressSchema }))),
  terms: z.enum(COMPANY_TERMS),
  creditLimit: dollars.nullable(),
  openInvoiceTotal: dollars,
  version: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
};
export const companySchema = named(
  'Company',
  z.object({
    ...companyFields,
    members: z.array(
      named('CompanyMember', z.object({ uid: z.string(), email: z.string(), role: companyRoleSchema, spendingLimit: dollars.nullable(), joinedAt: isoTime })),
    ),
    invitations: z.array(
      named('CompanyInvitation', z.object({ email: z.string(), role: companyRoleSchema, spendingLimit: dollars.nullable(), invitedAt: isoTime })),
    ),
  }),
);
export const companySummarySchema = named(
  'CompanySummary',
  z.object({ ...companyFields, memberCount: z.number().int(), adminCount: z.number().int(), invitationCount: z.number().int() }),
);
export const companyListSchema = named('CompanyList', z.array(companySummarySchema));
export const myCompanySchema = named('MyCompany', z.object({ company: companySchema, role: companyRoleSchema, spendingLimit: dollars.nullable() }));
export const noCompanySchema = named(
  'NoCompany',
  z.object({ company: z.null(), role: z.null(), spendingLimit: z.null() }),
  'The caller is in no company (CONTRACT §10: an ordinary answer, not 404)',
);
export const myCompanyAnswerSchema = named('MyCompanyAnswer', z.union([myCompanySchema, noCompanySchema]), 'GET /me/company: the caller’s membership, or none');
export const companyMovedBodySchema = named(
  'CompanyChanged',
  errorBodySchema.extend({ company: companySchema }),
  'The company changed since the If-Match version: the current one',
);

// Contract prices (CONTRACT §10, decision 0057)
const contractPriceFields = {
  toolId: z.string(),
  price: dollars,
  priceBreaks: z.array(z.object({ minQuantity: z.number().int(), price: dollars })),
};
export const contractPriceSchema = named('ContractPrice', z.object(contractPriceFields));
export const companyContractPriceSchema = named('CompanyContractPrice', z.object({ ...contractPriceFields, createdAt: isoTime, updatedAt: isoTime }));
export const companyContractPriceListSchema = named('CompanyContractPriceList', z.array(companyContractPriceSchema));
export const myPricesSchema = named('MyPrices', z.object({ prices: z.array(contractPriceSchema) }));

export const healthSchema = named('Health', z.object({ ok: z.literal(true) }));

/** GET /openapi.json: an OpenAPI 3.1 document (not re-described here: its own standard says what it holds). */
export const openApiDocumentSchema = named(
  'OpenApiDocument',
  z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) }),
);

// ---------------------------------------------------------------------------------------------
// Shipping (CONTRACT §14, decision 0075)

export const shippingMethodSchema = named(
  'ShippingMethod',
  z.object({
    id: z.string(),
    name: z.string(),
    carrier: carrierSchema,
    zones: z.array(z.object({ country: z.string(), regions: z.array(z.string()).optional() })),
    rates: z.array(z.object({ maxWeight: z.number().optional(), maxSubtotal: dollars.optional(), amount: dollars })),
    transitDays: z.object({ min: z.number().int(), max: z.number().int() }),
    freightOnly: z.boolean(),
    version: z.string(),
    updatedAt: isoTime,
  }),
);
export const shippingMethodListSchema = named('ShippingMethodList', z.object({ methods: z.array(shippingMethodSchema) }));
export const shippingOptionsSchema = named(
  'ShippingOptions',
  z.object({
    options: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        carrier: carrierSchema,
        amount: dollars,
        freeUpTo: dollars.optional(),
        deliveryEstimate: z.object({ minimum: z.iso.date(), maximum: z.iso.date() }),
        shipsOn: z.iso.date(),
      }),
    ),
  }),
  'Cheapest first; empty where no method serves',
);

// ---------------------------------------------------------------------------------------------
// Held to the interfaces the web app reads: each pair must be assignable both ways.

type Both<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agree<T extends true> = T;

/** Compile-time only: `tsc` fails here when a schema and its interface say different things. */
export type ResponseSchemasAgree = [
  Agree<Both<z.infer<typeof errorBodySchema>, ErrorBody>>,
  Agree<Both<z.infer<typeof toolSchema>, Tool>>,
  Agree<Both<z.infer<typeof shippingMethodSchema>, ShippingMethod>>,
  Agree<Both<z.infer<typeof shippingMethodListSchema>, ShippingMethodList>>,
  Agree<Both<z.infer<typeof shippingOptionsSchema>, ShippingOptions>>,
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
  Agree<Both<z.infer<typeof companyInvoiceSchema>, CompanyInvoice>>,
  Agree<Both<z.infer<typeof cartSchema>, Cart>>,
  Agree<Both<z.infer<typeof cartMovedBodySchema>, CartMovedBody>>,
  Agree<Both<z.infer<typeof paymentIntentResponseSchema>, PaymentIntentResponse>>,
  Agree<Both<z.infer<typeof deletedCountSchema>, DeletedCountResponse>>,
  Agree<Both<z.infer<typeof modifiedCountSchema>, ModifiedCountResponse>>,
  Agree<Both<z.infer<typeof hiddenReviewSchema>, HiddenReviewResponse>>,
  Agree<Both<z.infer<typeof reviewSchema>, Review>>,
  Agree<Both<z.infer<typeof shopUserSchema>, ShopUser>>,
  Agree<Both<z.infer<typeof syncUserResponseSchema>, SyncUserResponse>>,
  Agree<Both<z.infer<typeof profileSchema>, Profile>>,
  Agree<Both<z.infer<typeof companySchema>, Company>>,
  Agree<Both<z.infer<typeof companySummarySchema>, CompanySummary>>,
  Agree<Both<z.infer<typeof myCompanySchema>, MyCompany>>,
  Agree<Both<z.infer<typeof myCompanyAnswerSchema>, MyCompanyAnswer>>,
  Agree<Both<z.infer<typeof contractPriceSchema>, ContractPrice>>,
  Agree<Both<z.infer<typeof companyContractPriceSchema>, CompanyContractPrice>>,
  Agree<Both<z.infer<typeof myPricesSchema>, MyPrices>>,
];

/**
 * UnknownNumbersBody declares `suggestions` always present; the server leaves it out when no line
 * names an unknown number (functions services/cart.ts linesRefused), so the schema says optional:
 * the interface is assignable to the schema's type, not the other way.
 */
export type UnknownNumbersAgree = Agree<UnknownNumbersBody extends z.infer<typeof unknownNumbersBodySchema> ? true : false>;
