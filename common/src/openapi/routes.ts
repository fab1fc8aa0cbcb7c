import { z } from '../zod-setup';
import { emailSchema } from '../user';
import { documentIdSchema } from '../ids';
import { pageQuerySchema } from '../pagination';
import { toolInputSchema, toolListQuerySchema, toolPatchSchema } from '../tool';
import {
  allOrdersQuerySchema,
  approveSchema,
  bookingInputSchema,
  cancelBookingQuerySchema,
  declineSchema,
  markShippedSchema,
  myBookingsQuerySchema,
  orderFilterSchema,
  quickOrderSchema,
} from '../booking';
import { cartInputSchema, cartLinesInputSchema, checkoutSchema } from '../cart';
import { shippingMethodIdSchema, shippingMethodInputSchema } from '../shipping/methods.schema';
import { shippingOptionsQuerySchema } from '../shipping/options.schema';
import { cartQuerySchema } from '../tax/tax.schema';
import { exemptionApproveSchema, exemptionRejectSchema, exemptionReviewQuerySchema, exemptionUploadSchema } from '../tax/exemption.schema';
import { shipToIdSchema } from '../company.schema';
import { shipmentIdSchema, shipmentInputSchema, shipmentPatchSchema } from '../shipping/shipments.schema';
import {
  returnApproveSchema,
  returnDeclineSchema,
  returnIdSchema,
  returnReceiveSchema,
  coreReceiveSchema,
  returnRequestSchema,
  returnsQuerySchema,
} from '../returns/returns.schema';
import { reviewInputSchema, reviewListQuerySchema } from '../review';
import { profileInputSchema, profileQuerySchema } from '../profile';
import { createPaymentIntentSchema, recordPaymentSchema } from '../payment';
import { resolveQuerySchema } from '../parts';
import { modelImportBodySchema, modelListQuerySchema, toolModelsQuerySchema } from '../models/appliance-model.schema';
import { searchQuerySchema } from '../search/search-query';
import { CATALOGUE_VOCABULARY } from '../search/vocabulary';
import { NEXT_CURSOR_HEADER } from '../api-paths';
import { companyCreateSchema, companyListQuerySchema, companyPatchSchema, invitationSchema, memberPatchSchema, memberUidSchema } from '../company.schema';
import { contractPriceInputSchema, contractPriceListQuerySchema, myPricesQuerySchema } from '../contract-prices.schema';
import { companyInvoicesQuerySchema } from '../invoice.schema';
import * as R from './response-schemas';

/**
 * Every call the function serves, in one table (CONTRACT §10): the OpenAPI document is built from
 * it (document.ts), functions/src/http/openapi.test.ts holds it to the Express app's routes both
 * ways, and the API tier holds every answer to it (tests/api/openapi-matching.ts). Requests
 * reuse the schemas the function validates with; answers are response-schemas.ts.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: anyone; any signed-in account; one with a verified email address (ordering,
 * paying, reviewing: CONTRACT §9); an admin as the Auth record says now (CONTRACT §2).
 */
export type Access = 'public' | 'signed-in' | 'verified' | 'admin';

/** An answer's body: JSON with its schema, another media type with a text or binary body, or none. */
export type Body = { json: z.ZodType } | { media: 'text/csv' | 'application/pdf' | 'image/svg+xml'; binary?: boolean } | { none: true };

export interface ResponseSpec {
  description: string;
  body: Body;
  /** Response headers worth naming (their values are strings). */
  headers?: Record<string, string>;
}

export interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI path template: `{param}` where Express has `:param`. */
  path: string;
  summary: string;
  access: Access;
  tag: string;
  /** Path parameters, in order, with the schema the function parses them with (or plain text). */
  params?: Record<string, z.ZodType>;
  /** The query object's schema (its properties become query parameters). */
  query?: z.ZodType;
  /** Query parameters the query schema takes through a catch-all (GET /search's spec.<key>). */
  extraQuery?: Record<string, { schema: z.ZodType; description: string }>;
  /** The request body: JSON with its schema, or the alias import's CSV text. */
  requestBody?: { json: z.ZodType; required?: boolean } | { csv: true };
  /** The success answers (and any error answer with a body of its own), by status. */
  responses: Record<number, ResponseSpec>;
  /** Further error statuses answered with the one error body (the common ones are added by access). */
  errors?: number[];
  /**
   * A conditional write: takes If-Match (optional; without it the write is unconditional), which
   * must then be a list of entity tags or `*` (functions/src/http/if-match.ts answers 400
   * otherwise). A route without it ignores If-Match, so a client sending one there believes in a
   * condition that is never checked.
   */
  conditional?: true;
  /** Requires an Idempotency-Key header: a repeat with the same key answers the first result (decision 0079). */
  idempotent?: true;
}

/**
 * If-Match as the function reads it: `*`, or a comma-separated list of entity tags (optional W/,
 * then a double-quoted string), RFC 9110 §8.8.3. An unquoted `If-Match: 1` is 400.
 */
export const IF_MATCH_PATTERN = '^\\s*(\\*|(W/)?"[\\x21\\x23-\\x7e\\x80-\\xff]*"(\\s*,\\s*(W/)?"[\\x21\\x23-\\x7e\\x80-\\xff]*")*)\\s*$';

const json = (schema: z.ZodType) => ({ json: schema });
const ok = (description: string, schema: z.ZodType, headers?: Record<string, string>): ResponseSpec => ({ description, body: json(schema), headers });
const PAGED = { [NEXT_CURSOR_HEADER]: 'The next page’s cursor, absent on the last page' };
const ETAG = { ETag: 'The record’s version as a strong entity tag; send it back as If-Match' };

const id = (label: string) => ({ id: documentIdSchema(label) });
const email = { email: emailSchema };
const modelKey = { modelKey: z.string().describe('The model number, any spelling that norm()s to the key') };

/** GET /search's spec filters: one parameter per spec key of the catalogue's vocabulary. */
const specFilters = Object.fromEntries(
  CATALOGUE_VOCABULARY.specs.map((s) => [
    `spec.${s.key}`,
    { schema: z.union([z.string(), z.array(z.string())]), description: `${s.label}${s.unit ? ` (${s.unit})` : ''}: values are alternatives` },
  ]),
);

export const ROUTES: readonly RouteSpec[] = [
  // ---- Service
  { method: 'get', path: '/healthz', summary: 'Liveness', access: 'public', tag: 'service', responses: { 200: ok('Up', R.healthSchema) } },
  {
    method: 'get',
    path: '/openapi.json',
    summary: 'This document',
    access: 'public',
    tag: 'service',
    responses: { 200: ok('The OpenAPI 3.1 document of the API', R.openApiDocumentSchema) },
  },

  // ---- Catalogue (SPEC §7, CONTRACT §3, §11)
  {
    method: 'get',
    path: '/tools',
    summary: 'The catalogue, a page at a time (with q: the search’s hits as a plain list)',
    access: 'public',
    tag: 'catalogue',
    query: toolListQuerySchema,
    responses: { 200: ok('Tools', R.toolListSchema, PAGED) },
  },
  {
    method: 'get',
    path: '/tool/{id}',
    summary: 'A tool, what replaces it and what it replaces',
    access: 'public',
    tag: 'catalogue',
    params: { id: z.string() },
    responses: {
      200: ok('The tool', R.toolPageDetailSchema, ETAG),
      304: { description: 'Not modified (If-None-Match named the current version)', body: { none: true }, headers: ETAG },
    },
    errors: [404],
  },
  {
    method: 'get',
    path: '/specs',
    summary: 'The catalogue’s categories and spec keys',
    access: 'public',
    tag: 'catalogue',
    responses: { 200: ok('The vocabulary', R.specsResponseSchema) },
  },
  {
    method: 'get',
    path: '/search',
    summary: 'Search by number, words and specifications, with facets',
    access: 'public',
    tag: 'catalogue',
    query: searchQuerySchema,
    extraQuery: specFilters,
    responses: { 200: ok('Hits, total, facets and the next cursor', R.searchResponseSchema) },
  },
  {
    method: 'get',
    path: '/parts/resolve',
    summary: 'The part any number names',
    access: 'public',
    tag: 'catalogue',
    query: resolveQuerySchema,
    responses: {
      200: ok('The part and how the number led to it', R.partResolveResponseSchema),
      404: ok('No part has that number: the nearest ones', R.partNotFoundBodySchema),
    },
  },
  {
    method: 'post',
    path: '/parts/aliases/import',
    summary: 'Import aliases from CSV (all or nothing)',
    access: 'admin',
    tag: 'catalogue',
    requestBody: { csv: true },
    responses: { 201: ok('How many aliases were imported', R.aliasImportResponseSchema) },
    errors: [409],
  },

  // ---- Appliance models (CONTRACT §12)
  {
    method: 'get',
    path: '/models',
    summary: 'Find models by number, or browse by brand and appliance type',
    access: 'public',
    tag: 'models',
    query: modelListQuerySchema,
    responses: { 200: ok('Models, the next cursor and the brands', R.modelListResponseSchema) },
  },
  {
    method: 'post',
    path: '/models/import',
    summary: 'Import models with their sections, drawings and callouts (all or nothing)',
    access: 'admin',
    tag: 'models',
    requestBody: { json: modelImportBodySchema },
    responses: { 201: ok('The keys of the models written', R.modelImportResponseSchema) },
    errors: [409],
  },
  {
    method: 'get',
    path: '/models/{modelKey}',
    summary: 'A model with its sections and each callout’s part',
    access: 'public',
    tag: 'models',
    params: modelKey,
    responses: { 200: ok('The model', R.applianceModelSchema), 404: ok('No such model: the nearest ones', R.modelNotFoundBodySchema) },
  },
  {
    method: 'delete',
    path: '/models/{modelKey}',
    summary: 'Remove a model',
    access: 'admin',
    tag: 'models',
    params: modelKey,
    responses: { 200: ok('The key removed', R.modelDeleteResponseSchema) },
    errors: [404],
  },
  {
    method: 'get',
    path: '/models/{modelKey}/sections/{sectionId}/diagram.svg',
    summary: 'A section’s drawing',
    access: 'public',
    tag: 'models',
    params: { ...modelKey, sectionId: z.string() },
    responses: { 200: { description: 'The drawing', body: { media: 'image/svg+xml' } } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/tool/{id}/models',
    summary: 'The models a tool fits, a page at a time',
    access: 'public',
    tag: 'models',
    params: { id: z.string() },
    query: toolModelsQuerySchema,
    responses: { 200: ok('Models and where on them', R.toolModelsResponseSchema) },
    errors: [404],
  },

  // ---- Reviews
  {
    method: 'get',
    path: '/reviewsget',
    summary: 'Reviews, a page at a time (optionally one tool’s)',
    access: 'public',
    tag: 'reviews',
    query: reviewListQuerySchema,
    responses: { 200: ok('Reviews', R.reviewListSchema, PAGED) },
  },
  {
    method: 'post',
    path: '/reviews',
    summary: 'Give a review',
    access: 'verified',
    tag: 'reviews',
    requestBody: { json: reviewInputSchema },
    responses: { 201: ok('The review as stored', R.reviewSchema) },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/reviews/{id}',
    summary: 'Hide a review',
    access: 'admin',
    tag: 'reviews',
    params: id('Review id'),
    responses: { 200: ok('The review is hidden', R.hiddenReviewSchema) },
    errors: [404],
  },

  // ---- Users (CONTRACT §2)
  {
    method: 'put',
    path: '/user/{email}',
    summary: 'Record the signed-in user (sign-in sync)',
    access: 'signed-in',
    tag: 'users',
    params: email,
    responses: { 200: ok('A Bearer the API accepts, and the role', R.syncUserResponseSchema) },
  },
  {
    method: 'get',
    path: '/admins/{email}',
    summary: 'Whether an account is an admin (own, or any for an admin)',
    access: 'signed-in',
    tag: 'users',
    params: email,
    responses: { 200: ok('The role', R.isAdminResponseSchema) },
  },
  {
    method: 'get',
    path: '/user',
    summary: 'A user record (own, or any for an admin)',
    access: 'signed-in',
    tag: 'users',
    query: z.object(email),
    responses: { 200: ok('The user', R.shopUserSchema) },
    errors: [404],
  },
  {
    method: 'get',
    path: '/allusers',
    summary: 'Every user, a page at a time',
    access: 'admin',
    tag: 'users',
    query: pageQuerySchema,
    responses: { 200: ok('Users', R.userListSchema, PAGED) },
  },
  {
    method: 'put',
    path: '/user/admin/{email}',
    summary: 'Make an admin',
    access: 'admin',
    tag: 'users',
    params: email,
    responses: { 200: ok('1 when the user became an admin, 0 when they already were', R.modifiedCountSchema) },
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/alluserr/{email}',
    summary: 'Remove an admin’s role',
    access: 'admin',
    tag: 'users',
    params: email,
    responses: { 200: ok('1 when a role was removed, 0 when the user was not an admin', R.deletedCountSchema) },
    errors: [404, 409],
  },

  // ---- Cart (CONTRACT §8, §13)
  {
    method: 'get',
    path: '/cart',
    summary:
      'The signed-in buyer’s cart, priced and checked now; with shipToId or an address (country, region, postalCode, line1?, city?) and shippingMethodId?, its sales tax (CONTRACT §15)',
    access: 'signed-in',
    tag: 'cart',
    query: cartQuerySchema,
    responses: {
      200: ok('The cart', R.cartSchema, ETAG),
      304: { description: 'Not modified (If-None-Match named the current version)', body: { none: true }, headers: ETAG },
    },
  },
  {
    method: 'put',
    path: '/cart',
    summary: 'Replace the cart (conditional with If-Match or version)',
    access: 'signed-in',
    tag: 'cart',
    requestBody: { json: cartInputSchema },
    responses: {
      200: ok('The cart', R.cartSchema, ETAG),
      400: ok('Bad lines, named in fields (suggestions for unknown numbers)', R.unknownNumbersBodySchema),
      412: ok('The cart moved since the version sent', R.cartMovedBodySchema, ETAG),
    },
    conditional: true,
  },
  {
    method: 'post',
    path: '/cart/lines',
    summary: 'Add lines to the cart on the server (merged in one transaction)',
    access: 'signed-in',
    tag: 'cart',
    requestBody: { json: cartLinesInputSchema },
    responses: {
      200: ok('The cart', R.cartSchema, ETAG),
      400: ok('Bad lines, named in fields (suggestions for unknown numbers)', R.unknownNumbersBodySchema),
    },
  },
  {
    method: 'post',
    path: '/booking/checkout',
    summary: 'Book the cart as one order',
    access: 'verified',
    tag: 'orders',
    requestBody: { json: checkoutSchema },
    responses: {
      201: ok('The order', R.bookingSchema),
      400: ok('Bad lines, named in fields', R.unknownNumbersBodySchema),
      412: ok('The cart moved since the version sent', R.cartMovedBodySchema, ETAG),
    },
    errors: [409],
    conditional: true,
  },

  // ---- Bookings (CONTRACT §3, §7)
  {
    method: 'post',
    path: '/booking',
    summary: 'Book one tool',
    access: 'verified',
    tag: 'orders',
    requestBody: { json: bookingInputSchema },
    responses: { 201: ok('The order', R.bookingSchema) },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/booking/quick',
    summary: 'Book 1 to 50 lines by part number as one order',
    access: 'verified',
    tag: 'orders',
    requestBody: { json: quickOrderSchema },
    responses: { 201: ok('The order', R.bookingSchema), 400: ok('Bad lines, named in fields (suggestions for unknown numbers)', R.unknownNumbersBodySchema) },
    errors: [409],
  },
  {
    method: 'get',
    path: '/booking/{id}/document',
    summary: 'The order’s purchase order or invoice (owner or admin)',
    access: 'signed-in',
    tag: 'orders',
    params: { id: z.string() },
    responses: { 200: { description: 'The PDF', body: { media: 'application/pdf', binary: true } } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/booking',
    summary: 'A buyer’s orders (own, or any for an admin), a page at a time',
    access: 'signed-in',
    tag: 'orders',
    query: myBookingsQuerySchema,
    responses: { 200: ok('Orders', R.bookingListSchema, PAGED) },
  },
  {
    method: 'delete',
    path: '/booking',
    summary: 'Cancel an unpaid order of the caller',
    access: 'signed-in',
    tag: 'orders',
    query: cancelBookingQuerySchema,
    responses: { 200: ok('1 when cancelled', R.deletedCountSchema) },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/mybooking/{id}',
    summary: 'One order (owner or admin)',
    access: 'signed-in',
    tag: 'orders',
    params: { id: z.string() },
    responses: { 200: ok('The order', R.bookingSchema) },
    errors: [404],
  },

  // ---- Manage All Orders (admin)
  {
    method: 'get',
    path: '/bookingOrder',
    summary: 'Every order, filtered by state and date, a page at a time',
    access: 'admin',
    tag: 'orders',
    query: allOrdersQuerySchema,
    responses: { 200: ok('Orders', R.bookingListSchema, PAGED) },
  },
  {
    method: 'get',
    path: '/bookingOrder/export.csv',
    summary: 'The filtered orders as CSV, a row per order line',
    access: 'admin',
    tag: 'orders',
    query: orderFilterSchema,
    responses: { 200: { description: 'The CSV download', body: { media: 'text/csv' } } },
  },
  {
    method: 'patch',
    path: '/api/orders/shipped/{id}',
    summary: 'Mark a paid order shipped',
    access: 'admin',
    tag: 'orders',
    params: { id: z.string() },
    requestBody: { json: markShippedSchema, required: false },
    responses: { 200: ok('The order', R.bookingSchema) },
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/bookingOrder/{id}',
    summary: 'Delete an unpaid order',
    access: 'admin',
    tag: 'orders',
    params: { id: z.string() },
    responses: { 200: ok('1 when deleted', R.deletedCountSchema) },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/bookingOrder/{id}/refund',
    summary: 'Refund a paid, unshipped order in full',
    access: 'admin',
    tag: 'payments',
    params: { id: z.string() },
    responses: { 200: ok('The order', R.bookingSchema) },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/booking/{id}/invoice/void',
    summary:
      "Void a confirmed on-account order's open invoice at Stripe; the order is released and its stock comes back once; 409 when not on account, already void, paid, still being issued or shipped",
    access: 'admin',
    tag: 'payments',
    params: { id: z.string() },
    responses: { 200: ok('The order, released, its invoice void', R.bookingSchema) },
    errors: [404, 409],
  },

  // ---- Products (admin)
  {
    method: 'post',
    path: '/addItem',
    summary: 'Add a product',
    access: 'admin',
    tag: 'catalogue',
    requestBody: { json: toolInputSchema },
    responses: { 201: ok('The tool', R.toolSchema) },
    errors: [409],
  },
  {
    method: 'patch',
    path: '/manage/{id}',
    summary: 'Edit a product (conditional with If-Match)',
    access: 'admin',
    tag: 'catalogue',
    params: { id: z.string() },
    requestBody: { json: toolPatchSchema },
    responses: {
      200: ok('The tool as edited', R.toolPageDetailSchema, ETAG),
      412: ok('The tool changed since the If-Match version', R.toolMovedBodySchema, ETAG),
    },
    errors: [404, 409],
    conditional: true,
  },
  {
    method: 'delete',
    path: '/manage/{id}',
    summary: 'Remove a product',
    access: 'admin',
    tag: 'catalogue',
    params: { id: z.string() },
    responses: { 200: ok('1 when removed', R.deletedCountSchema) },
    errors: [404, 409],
  },

  // ---- Profiles
  {
    method: 'put',
    path: '/api/users/profile',
    summary: 'Save the caller’s profile (one per user)',
    access: 'signed-in',
    tag: 'users',
    requestBody: { json: profileInputSchema },
    responses: { 200: ok('The profile', R.profileSchema) },
  },
  {
    method: 'get',
    path: '/userProfile',
    summary: 'A user’s profile, as a list of zero or one (owner or admin)',
    access: 'signed-in',
    tag: 'users',
    query: profileQuerySchema,
    responses: { 200: ok('Profiles', R.profileListSchema) },
  },

  // ---- Payments (CONTRACT §5)
  {
    method: 'post',
    path: '/create-payment-intent',
    summary: 'Start (or reuse) the card payment of an order',
    access: 'verified',
    tag: 'payments',
    requestBody: { json: createPaymentIntentSchema },
    responses: { 200: ok('The client secret and the amount in cents', R.paymentIntentResponseSchema) },
    errors: [404, 409],
  },
  {
    method: 'patch',
    path: '/cardBooking/{id}',
    summary: 'Record a card payment the provider confirms',
    access: 'verified',
    tag: 'payments',
    params: { id: z.string() },
    requestBody: { json: recordPaymentSchema },
    responses: { 200: ok('The order', R.bookingSchema) },
    errors: [404, 409],
  },
  // ---- Companies (CONTRACT §10, decision 0055): a company's own admins are checked by the service
  {
    method: 'post',
    path: '/companies',
    summary: 'Create a company',
    access: 'admin',
    tag: 'companies',
    requestBody: { json: companyCreateSchema },
    responses: { 201: ok('The company', R.companySchema, ETAG) },
  },
  {
    method: 'get',
    path: '/companies',
    summary: 'Every company, a page at a time (their people counted)',
    access: 'admin',
    tag: 'companies',
    query: companyListQuerySchema,
    responses: { 200: ok('Companies', R.companyListSchema, PAGED) },
  },
  {
    method: 'get',
    path: '/companies/{id}',
    summary: 'A company with its people (shop admin, or an admin of that company)',
    access: 'signed-in',
    tag: 'companies',
    params: id('Company id'),
    responses: { 200: ok('The company', R.companySchema, ETAG) },
    errors: [403, 404],
  },
  {
    method: 'patch',
    path: '/companies/{id}',
    summary: 'Edit a company (conditional with If-Match)',
    access: 'admin',
    tag: 'companies',
    params: id('Company id'),
    requestBody: { json: companyPatchSchema },
    responses: {
      200: ok('The company as edited', R.companySchema, ETAG),
      412: ok('The company changed since the If-Match version', R.companyMovedBodySchema, ETAG),
    },
    errors: [404, 409],
    conditional: true,
  },
  {
    method: 'get',
    path: '/companies/{id}/invoices',
    summary: "A company's orders on account and their invoices, newest first, a page at a time (status narrows)",
    access: 'admin',
    tag: 'companies',
    params: id('Company id'),
    query: companyInvoicesQuerySchema,
    responses: { 200: ok('Invoices', R.companyInvoiceListSchema, PAGED) },
    errors: [404],
  },
  {
    method: 'post',
    path: '/companies/{id}/invitations',
    summary: 'Invite a person by email (shop admin, or an admin of that company); 200 when already invited',
    access: 'signed-in',
    tag: 'companies',
    params: id('Company id'),
    requestBody: { json: invitationSchema },
    responses: {
      201: ok('The company with the invitation', R.companySchema, ETAG),
      200: ok('The company (the invitation was already there)', R.companySchema, ETAG),
    },
    errors: [403, 404, 409],
  },
  {
    method: 'delete',
    path: '/companies/{id}/invitations/{email}',
    summary: 'Withdraw an invitation (shop admin, or an admin of that company)',
    access: 'signed-in',
    tag: 'companies',
    params: { ...id('Company id'), ...email },
    responses: { 200: ok('The company without it', R.companySchema, ETAG) },
    errors: [403, 404],
  },
  {
    method: 'patch',
    path: '/companies/{id}/members/{uid}',
    summary: 'Change a member’s role or spending limit (shop admin, or an admin of that company)',
    access: 'signed-in',
    tag: 'companies',
    params: { ...id('Company id'), uid: memberUidSchema },
    requestBody: { json: memberPatchSchema },
    responses: { 200: ok('The company', R.companySchema, ETAG) },
    errors: [403, 404, 409],
  },
  {
    method: 'delete',
    path: '/companies/{id}/members/{uid}',
    summary: 'Remove a member (shop admin, or an admin of that company; never the last admin)',
    access: 'signed-in',
    tag: 'companies',
    params: { ...id('Company id'), uid: memberUidSchema },
    responses: { 200: ok('The company without them', R.companySchema, ETAG) },
    errors: [403, 404, 409],
  },
  // ---- Approvals and the company's orders (CONTRACT §10, decision 0056)
  {
    method: 'get',
    path: '/companies/{id}/orders',
    summary: 'Every order of the company, newest first, a page at a time (shop admin, or an admin of that company)',
    access: 'signed-in',
    tag: 'companies',
    params: id('Company id'),
    query: pageQuerySchema,
    responses: { 200: ok('Orders', R.bookingListSchema, PAGED) },
    errors: [403, 404],
  },
  {
    method: 'get',
    path: '/companies/{id}/approvals',
    summary: 'The company’s orders waiting for approval, oldest first, a page at a time (shop admin, or an admin of that company)',
    access: 'signed-in',
    tag: 'companies',
    params: id('Company id'),
    query: pageQuerySchema,
    responses: { 200: ok('Orders waiting for approval', R.bookingListSchema, PAGED) },
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/booking/{id}/approve',
    summary: 'Approve an order waiting for approval (an admin of its company); 409 once decided',
    access: 'signed-in',
    tag: 'companies',
    params: { id: z.string() },
    requestBody: { json: approveSchema, required: false },
    responses: { 200: ok('The order, approved', R.bookingSchema) },
    errors: [403, 404, 409],
  },
  {
    method: 'post',
    path: '/booking/{id}/decline',
    summary: 'Decline an order waiting for approval, with a note (an admin of its company); its stock goes back; 409 once decided',
    access: 'signed-in',
    tag: 'companies',
    params: { id: z.string() },
    requestBody: { json: declineSchema },
    responses: { 200: ok('The order, declined', R.bookingSchema) },
    errors: [403, 404, 409],
  },
  {
    method: 'get',
    path: '/me/company',
    summary: 'The caller’s company, role and spending limit; all three null for someone in no company',
    access: 'signed-in',
    tag: 'companies',
    responses: { 200: ok('The caller’s company, or none', R.myCompanyAnswerSchema) },
  },
  // ---- Contract prices (CONTRACT §10, decision 0057)
  {
    method: 'put',
    path: '/companies/{id}/prices/{toolId}',
    summary: 'Set a company’s contract price and price breaks for a tool (201 when new, 200 when replaced)',
    access: 'admin',
    tag: 'companies',
    params: { ...id('Company id'), toolId: documentIdSchema('Tool id') },
    requestBody: { json: contractPriceInputSchema },
    responses: { 201: ok('The contract price as set', R.companyContractPriceSchema), 200: ok('The contract price as replaced', R.companyContractPriceSchema) },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/companies/{id}/prices/{toolId}',
    summary: 'Remove a company’s contract price for a tool (its members pay the list price again)',
    access: 'admin',
    tag: 'companies',
    params: { ...id('Company id'), toolId: documentIdSchema('Tool id') },
    responses: { 200: ok('One price removed', R.deletedCountSchema) },
    errors: [404],
  },
  {
    method: 'get',
    path: '/companies/{id}/prices',
    summary: 'A company’s contract prices, a page at a time, in the order they were first set',
    access: 'admin',
    tag: 'companies',
    params: id('Company id'),
    query: contractPriceListQuerySchema,
    responses: { 200: ok('Contract prices', R.companyContractPriceListSchema, PAGED) },
    errors: [404],
  },
  {
    method: 'get',
    path: '/me/prices',
    summary: 'The caller’s company’s contract prices for the tools named (none for anyone in no company); private, never cached',
    access: 'signed-in',
    tag: 'companies',
    query: myPricesQuerySchema,
    responses: { 200: ok('The contract prices that apply to the caller', R.myPricesSchema) },
  },
  // ---- Tax exemption certificates (CONTRACT §15, decision 0084)
  {
    method: 'get',
    path: '/tax/registrations',
    summary: 'The states the shop collects sales tax in: a certificate is taken for these only',
    access: 'signed-in',
    tag: 'tax',
    responses: { 200: ok('Stripe’s active registrations, by state', R.taxRegistrationsSchema) },
  },
  {
    method: 'post',
    path: '/companies/{id}/shipTo/{shipToId}/exemptions',
    summary:
      'Add a ship-to’s tax exemption certificate, pending review (that company’s admin, or a shop admin): the PDF as base64, at most 2 MiB; 400 naming the field for a state not registered, an expiry past, a signature ahead, a file that is not a PDF or too big',
    access: 'signed-in',
    tag: 'tax',
    params: { ...id('Company id'), shipToId: shipToIdSchema },
    requestBody: { json: exemptionUploadSchema },
    responses: { 201: ok('The certificate, pending', R.exemptionSchema) },
    errors: [403, 404, 409, 413],
  },
  {
    method: 'get',
    path: '/companies/{id}/exemptions',
    summary: 'A company’s tax exemption certificates, newest first (that company’s admin, or a shop admin)',
    access: 'signed-in',
    tag: 'tax',
    params: id('Company id'),
    responses: { 200: ok('Its certificates', R.exemptionListSchema) },
    errors: [403, 404],
  },
  {
    method: 'get',
    path: '/companies/{id}/exemptions/{eid}/certificate',
    summary: 'A certificate’s PDF, as uploaded (that company’s admin, or a shop admin); private, never cached',
    access: 'signed-in',
    tag: 'tax',
    params: { ...id('Company id'), eid: documentIdSchema('Certificate id') },
    responses: { 200: { description: 'The PDF', body: { media: 'application/pdf', binary: true } } },
    errors: [403, 404],
  },
  {
    method: 'post',
    path: '/companies/{id}/shipTo/{shipToId}/exemptions/{eid}/approve',
    summary: 'Approve a certificate: the ship-to’s orders in its state are exempt while it is valid (an approved one is answered as it is; a rejected one 409)',
    access: 'admin',
    tag: 'tax',
    params: { ...id('Company id'), shipToId: shipToIdSchema, eid: documentIdSchema('Certificate id') },
    requestBody: { json: exemptionApproveSchema, required: false },
    responses: { 200: ok('The certificate, approved', R.exemptionSchema) },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/companies/{id}/shipTo/{shipToId}/exemptions/{eid}/reject',
    summary: 'Reject a certificate with the reason; rejecting an approved one revokes it',
    access: 'admin',
    tag: 'tax',
    params: { ...id('Company id'), shipToId: shipToIdSchema, eid: documentIdSchema('Certificate id') },
    requestBody: { json: exemptionRejectSchema },
    responses: { 200: ok('The certificate, rejected', R.exemptionSchema) },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/exemptions',
    summary: 'Certificates to review, by status (pending by default), 25 a page with their company and ship-to',
    access: 'admin',
    tag: 'tax',
    query: exemptionReviewQuerySchema,
    responses: { 200: ok('One page', R.exemptionReviewPageSchema) },
  },
  // ---- Shipping (CONTRACT §14, decision 0075)
  {
    method: 'get',
    path: '/shipping/methods',
    summary: 'The shop’s shipping methods and their rates',
    access: 'admin',
    tag: 'shipping',
    responses: { 200: ok('Every method, by id', R.shippingMethodListSchema) },
  },
  {
    method: 'put',
    path: '/shipping/methods/{id}',
    summary: 'Create (201) or replace (200) a shipping method: zones, rates (the first the order fits), transit days',
    access: 'admin',
    tag: 'shipping',
    params: { id: shippingMethodIdSchema },
    requestBody: { json: shippingMethodInputSchema },
    responses: {
      201: ok('The method as created', R.shippingMethodSchema, ETAG),
      200: ok('The method as replaced', R.shippingMethodSchema, ETAG),
      412: ok('Changed since the If-Match version: the method now, nothing written', R.shippingMethodMovedSchema, ETAG),
    },
    errors: [404, 409],
    conditional: true,
  },
  {
    method: 'delete',
    path: '/shipping/methods/{id}',
    summary: 'Remove a shipping method (placed orders keep their copy)',
    access: 'admin',
    tag: 'shipping',
    params: { id: shippingMethodIdSchema },
    responses: {
      200: ok('One method removed', R.deletedCountSchema),
      412: ok('Changed since the If-Match version: the method now, nothing removed', R.shippingMethodMovedSchema, ETAG),
    },
    errors: [404],
    conditional: true,
  },
  // ---- Shipments (CONTRACT §14, decision 0079)
  {
    method: 'post',
    path: '/booking/{id}/shipments',
    summary: 'Ship lines of a paid or confirmed order (each quantity at most what is left to ship), with carrier and tracking; one email to the buyer',
    access: 'admin',
    tag: 'shipping',
    params: { id: z.string() },
    requestBody: { json: shipmentInputSchema },
    responses: { 201: ok('The shipment (the same one again for a repeated Idempotency-Key)', R.shipmentSchema) },
    errors: [404, 409],
    idempotent: true,
  },
  {
    method: 'patch',
    path: '/booking/{id}/shipments/{sid}',
    summary: 'Correct a shipment’s carrier, service or tracking',
    access: 'admin',
    tag: 'shipping',
    params: { id: z.string(), sid: shipmentIdSchema },
    requestBody: { json: shipmentPatchSchema },
    responses: { 200: ok('The shipment as corrected', R.shipmentSchema) },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/booking/{id}/shipments/{sid}',
    summary: 'Cancel a shipment not yet delivered: its quantities are unshipped again; 409 once delivered',
    access: 'admin',
    tag: 'shipping',
    params: { id: z.string(), sid: shipmentIdSchema },
    responses: { 200: ok('The order without it', R.bookingSchema) },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/booking/{id}/shipments/{sid}/delivered',
    summary: 'Record a shipment’s delivery (once; a repeat answers the same); one email to the buyer',
    access: 'admin',
    tag: 'shipping',
    params: { id: z.string(), sid: shipmentIdSchema },
    responses: { 200: ok('The shipment, delivered', R.shipmentSchema) },
    errors: [404],
  },
  {
    method: 'get',
    path: '/booking/{id}/shipments/{sid}/document',
    summary: 'A shipment’s packing slip (lines, quantities, ship-to, carrier, tracking; no prices): the buyer, their company admin or a shop admin',
    access: 'signed-in',
    tag: 'shipping',
    params: { id: z.string(), sid: shipmentIdSchema },
    responses: { 200: { description: 'The PDF', body: { media: 'application/pdf', binary: true } } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/booking/{id}/returns',
    summary:
      'An order’s returns and what may still come back (each line’s quantity and the reasons whose window is open): the buyer, their company admin or a shop admin',
    access: 'signed-in',
    tag: 'returns',
    params: { id: z.string() },
    responses: { 200: ok('The returns, oldest first, and the returnable lines', R.bookingReturnsSchema) },
    errors: [404],
  },
  {
    method: 'post',
    path: '/booking/{id}/returns',
    summary:
      'Request a return of shipped lines (each quantity at most shipped less returned less requested, within its reason’s window); the buyer is emailed. a core return holds only deposit lines (decision 0088)',
    access: 'signed-in',
    tag: 'returns',
    params: { id: z.string() },
    requestBody: { json: returnRequestSchema },
    responses: { 201: ok('The return, requested, with its RMA number (the same one again for a repeated Idempotency-Key)', R.returnSchema) },
    errors: [404, 409],
    idempotent: true,
  },
  {
    method: 'get',
    path: '/returns',
    summary: 'Every return, or those in one state, oldest first, 25 a page',
    access: 'admin',
    tag: 'returns',
    query: returnsQuerySchema,
    responses: { 200: ok('One page of returns and the next page’s cursor', R.returnsPageSchema) },
  },
  {
    method: 'post',
    path: '/booking/{id}/returns/{rid}/approve',
    summary:
      'Approve a requested return with its restocking fee (default 15% when a line is not-needed, else 0); the buyer is emailed the RMA number and the address',
    access: 'admin',
    tag: 'returns',
    params: { id: z.string(), rid: returnIdSchema },
    requestBody: { json: returnApproveSchema, required: false },
    responses: { 200: ok('The return, approved (a replay answers it as it is)', R.returnSchema) },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/booking/{id}/returns/{rid}/decline',
    summary: 'Decline a return not yet received, with the reason: its quantities may be returned again; the buyer is emailed',
    access: 'admin',
    tag: 'returns',
    params: { id: z.string(), rid: returnIdSchema },
    requestBody: { json: returnDeclineSchema },
    responses: { 200: ok('The return, declined', R.returnSchema) },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/booking/{id}/returns/{rid}/receive',
    summary:
      'Count an approved return’s parts in, per line resaleable and damaged: resaleable units back to stock (waiting backorders first), damaged written off; a core return’s lines are inspected instead (accepted, partial with its amount, or rejected; decision 0088); the buyer is emailed. Once: a second receive is 409',
    access: 'admin',
    tag: 'returns',
    params: { id: z.string(), rid: returnIdSchema },
    requestBody: { json: z.union([returnReceiveSchema, coreReceiveSchema]) },
    responses: { 200: ok('The return, received, with the refund due', R.returnSchema) },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/booking/{id}/returns/{rid}/refund',
    summary:
      'Refund a received return, once: parts received less the restocking fee, the shipping for wrong-part and damaged-in-transit lines, and their tax; a card order by a Stripe Refund and a tax reversal, an order on account by a credit note on its invoice. Two at once make one; a replay answers the same',
    access: 'admin',
    tag: 'returns',
    params: { id: z.string(), rid: returnIdSchema },
    responses: { 200: ok('The return, refunded, with the amounts', R.returnSchema) },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/booking/{id}/returns/{rid}/slip',
    summary:
      'A return’s RMA slip (RMA and order numbers, lines, quantities, reasons, the return address, the state): the buyer, their company admin or a shop admin',
    access: 'signed-in',
    tag: 'returns',
    params: { id: z.string(), rid: returnIdSchema },
    responses: { 200: { description: 'The PDF', body: { media: 'application/pdf', binary: true } } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/shipping/options',
    summary: 'The shipping the caller may choose for their cart (or lines) to a ship-to or an address, or for a placed order; cheapest first',
    access: 'signed-in',
    tag: 'shipping',
    query: shippingOptionsQuerySchema,
    responses: { 200: ok('The options, with delivery estimates', R.shippingOptionsSchema) },
    errors: [404],
  },
  {
    method: 'post',
    path: '/stripe/webhook',
    summary: 'Stripe’s signed events (no token: the Stripe-Signature header)',
    access: 'public',
    tag: 'payments',
    requestBody: { json: z.looseObject({ id: z.string(), type: z.string() }) },
    responses: { 200: ok('What the event did', R.webhookResponseSchema) },
  },
];

/** `/tool/{id}` as Express writes it: `/tool/:id`. */
export const expressPathOf = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');
