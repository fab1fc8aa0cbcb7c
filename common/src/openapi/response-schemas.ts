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
import { availabilityAnswerSchema, errorBodyAnswerSchema, resolvedFromAnswerSchema, toolRefAnswerSchema } from '../answer-fields.schema';
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
import { bookingReturnsAnswerSchema, returnAnswerSchema, returnsPageAnswerSchema } from '../returns/returns.answers';
import { bookingAnswerSchema } from '../booking.answers';
import { companyInvoiceAnswerSchema, orderPaymentAnswerSchema } from '../invoice.answers';
import { cartAnswerSchema, cartMovedAnswerSchema } from '../cart.answers';
import { shopUserAnswerSchema, syncUserAnswerSchema } from '../user.answers';
import { reviewAnswerSchema } from '../review.answers';
import { profileAnswerSchema } from '../profile.answers';
import { paymentIntentAnswerSchema } from '../payment.answers';
import { partAliasAnswerSchema, toolAnswerSchema, toolMovedAnswerSchema, toolPageDetailAnswerSchema } from '../tool.answers';
import {
  aliasImportAnswerSchema,
  deletedCountAnswerSchema,
  hiddenReviewAnswerSchema,
  modifiedCountAnswerSchema,
  partNotFoundAnswerSchema,
  partResolveAnswerSchema,
  searchAnswerSchema,
  specsAnswerSchema,
  unknownNumbersAnswerSchema,
} from '../responses.answers';
import {
  applianceModelAnswerSchema,
  modelDeleteAnswerSchema,
  modelImportAnswerSchema,
  modelListAnswerSchema,
  modelNotFoundAnswerSchema,
  modelSummaryAnswerSchema,
  toolModelsAnswerSchema,
} from '../models/appliance-model.answers';

/**
 * The API's answers as zod schemas (CONTRACT §10: the OpenAPI document is generated from them,
 * openapi/document.ts), each named here as a component of the document. Every answer is written
 * once, in its entity's answers module (tool.answers.ts, booking.answers.ts, cart.answers.ts,
 * responses.answers.ts, company.answers.ts, contract-prices.answers.ts, invoice.answers.ts,
 * models/appliance-model.answers.ts, review.answers.ts, profile.answers.ts, user.answers.ts,
 * payment.answers.ts, shipping/, tax/, returns/; the shared fields and the error body in
 * answer-fields.schema.ts), and its `z.infer` is the answer type, which the web imports as a type
 * (decision 0073): no interface beside a schema is left to hold to it. The API tier then holds
 * every answer it receives to the document (tests/api/openapi-matching.ts).
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

export const errorBodySchema = named('Error', errorBodyAnswerSchema, 'The one error body of the API (CONTRACT §4)');

// ---------------------------------------------------------------------------------------------
// The catalogue

// Written beside the entity (tool.answers.ts, responses.answers.ts), the answer types being their z.infer (decision 0073); named here.
named('PartAlias', partAliasAnswerSchema, 'Another number the part is known by (CONTRACT §11)');
named('ResolvedFrom', resolvedFromAnswerSchema, 'The number a line was ordered by, when not its own');

export const availabilitySchema = named(
  'Availability',
  availabilityAnswerSchema,
  'CONTRACT §14: worked out when answered; dates YYYY-MM-DD in the shop calendar',
);

export const toolSchema = named('Tool', toolAnswerSchema);
export const toolRefSchema = named('ToolRef', toolRefAnswerSchema);
export const toolPageDetailSchema = named(
  'ToolDetail',
  toolPageDetailAnswerSchema,
  'GET /tool/{id}: the tool, what replaces it, what it replaces, how many models it fits',
);
export const toolListSchema = named('ToolList', z.array(toolSchema));
export const toolMovedBodySchema = named(
  'ToolMovedError',
  toolMovedAnswerSchema,
  '412 from PATCH /manage/{id}: the tool changed since the If-Match version; here it is now',
);

export const specsResponseSchema = named('Specs', specsAnswerSchema);
export const searchResponseSchema = named('SearchResult', searchAnswerSchema);
export const partResolveResponseSchema = named('PartResolution', partResolveAnswerSchema);
export const partNotFoundBodySchema = named('PartNotFoundError', partNotFoundAnswerSchema);
export const unknownNumbersBodySchema = named(
  'LinesRefusedError',
  unknownNumbersAnswerSchema,
  '400 naming each bad line in `fields`; `suggestions` by line field for numbers that name no part',
);

export const aliasImportResponseSchema = named('AliasImport', aliasImportAnswerSchema);

// ---------------------------------------------------------------------------------------------
// Appliance models (CONTRACT §12)

// Written beside the entity (models/appliance-model.answers.ts), the answer types being their z.infer (decision 0073); named here.
export const modelSummarySchema = named('ModelSummary', modelSummaryAnswerSchema);
export const modelListResponseSchema = named('ModelList', modelListAnswerSchema);
export const applianceModelSchema = named('ApplianceModel', applianceModelAnswerSchema);
export const modelNotFoundBodySchema = named('ModelNotFoundError', modelNotFoundAnswerSchema);
export const toolModelsResponseSchema = named('ToolModels', toolModelsAnswerSchema);
export const modelImportResponseSchema = named('ModelImport', modelImportAnswerSchema);
export const modelDeleteResponseSchema = named('ModelDeleted', modelDeleteAnswerSchema);

// ---------------------------------------------------------------------------------------------
// Bookings, the cart, payments

named('OrderShipping', orderShippingAnswerSchema, 'The shipping method chosen for an order and its amount, a copy kept with the order (CONTRACT §14)');

named('OrderPayment', orderPaymentAnswerSchema, 'How an order on account is paid: its Stripe invoice (CONTRACT §10, decision 0058); null fields while pending');

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

named(
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

// Written beside the entity (booking.answers.ts, cart.answers.ts), the answer types being their z.infer (decision 0073); named here.
export const bookingSchema = named('Booking', bookingAnswerSchema, 'A booking is an order (CONTRACT §3, §8)');
export const bookingListSchema = named('BookingList', z.array(bookingSchema));

export const cartSchema = named('Cart', cartAnswerSchema, 'The signed-in buyer’s cart (CONTRACT §8, §13); `version` is also the ETag');
export const cartMovedBodySchema = named(
  'CartMovedError',
  cartMovedAnswerSchema,
  '412 from PUT /cart and POST /booking/checkout: the cart moved since the version sent; here it is now',
);

export const paymentIntentResponseSchema = named('PaymentIntent', paymentIntentAnswerSchema);

/** What the webhook did with an event (functions services/payments/stripe-webhook.ts WebhookOutcome). */
export const WEBHOOK_OUTCOMES = ['recorded', 'refunded', 'no-change', 'duplicate', 'ignored', 'unknown-booking'] as const;
export const webhookResponseSchema = named('WebhookReceived', z.object({ received: z.literal(true), outcome: z.enum(WEBHOOK_OUTCOMES) }));

// ---------------------------------------------------------------------------------------------
// Small answers, people, reviews, profiles

export const deletedCountSchema = named('DeletedCount', deletedCountAnswerSchema);
export const modifiedCountSchema = named('ModifiedCount', modifiedCountAnswerSchema);
export const hiddenReviewSchema = named('HiddenReview', hiddenReviewAnswerSchema);

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
