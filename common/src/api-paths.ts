/**
 * REST paths of SPEC §7 as served by the function `api` (Hosting rewrites them on the same origin).
 * Builders encode their arguments so an email or id never breaks the path.
 */
import type { ReturnState } from './returns/returns';

const enc = encodeURIComponent;

/** `?a=1&b=2` from the defined values, or '' when there are none. */
function queryString(values: Record<string, string | number | undefined>): string {
  const parts = Object.entries(values)
    .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
    .map(([k, v]) => `${enc(k)}=${enc(String(v))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Manage All Orders filters (common/booking orderFilterSchema). */
export interface OrderFilterParams {
  state?: string;
  /** CONTRACT §14 (decision 0079): paid or confirmed orders with lines left to ship, oldest first; not with `state`. */
  toShip?: 'true';
  from?: string;
  to?: string;
}

/** GET /shipping/options (CONTRACT §14): one place (a member's ship-to, an address's parts, or a placed order) and, for a form's own parts, `lines`. */
export interface ShippingOptionsParams {
  shipToId?: string;
  country?: string;
  region?: string;
  postalCode?: string;
  bookingId?: string;
  /** `<toolId or part number>:<quantity>,...`; none: the buyer's cart. */
  lines?: string;
}

export const API = {
  tools: '/tools',
  tool: (id: string) => `/tool/${enc(id)}`,
  /** CONTRACT §11: the catalogue's categories and spec keys, with labels and units. */
  specs: '/specs',
  /** CONTRACT §11: the catalogue's search (q, category, spec.<key>, sort, cursor, limit). */
  search: '/search',
  /** CONTRACT §11: the part a number names (ours, older, discontinued, OEM, competitor). */
  resolvePart: (number: string) => `/parts/resolve?number=${enc(number)}`,
  /** CONTRACT §11: POST (admin) a text/csv of partNumber,number,kind,brand. */
  importAliases: '/parts/aliases/import',
  /** CONTRACT §12: GET ?q= (3+ characters after norm), or ?brand=&applianceType=&cursor=. */
  models: (query: { q?: string; brand?: string; applianceType?: string; cursor?: string } = {}) => `/models${queryString(query)}`,
  /** CONTRACT §12: GET the model (any spelling of its number), DELETE (admin). */
  model: (modelKey: string) => `/models/${enc(modelKey)}`,
  /** CONTRACT §12: POST (admin) { models } or { csv, diagrams }. */
  importModels: '/models/import',
  /** CONTRACT §12: the models a tool fits, paged. */
  toolModels: (id: string, cursor?: string) => `/tool/${enc(id)}/models${queryString({ cursor })}`,
  reviews: '/reviewsget',
  addReview: '/reviews',
  /** CONTRACT §9: DELETE (admin) hides a review. */
  hideReview: (id: string) => `/reviews/${enc(id)}`,
  booking: '/booking',
  myBookings: (email: string) => `/booking?email=${enc(email)}`,
  cancelBooking: (email: string, id: string) => `/booking?email=${enc(email)}&id=${enc(id)}`,
  myBooking: (id: string) => `/mybooking/${enc(id)}`,
  quickOrder: '/booking/quick',
  /** CONTRACT §8: the signed-in buyer's cart (GET, PUT) and its checkout (POST). */
  cart: '/cart',
  /** CONTRACT §13: POST adds lines to the stored cart on the server (merged in one transaction). */
  cartLines: '/cart/lines',
  checkout: '/booking/checkout',
  bookingDocument: (id: string) => `/booking/${enc(id)}/document`,
  syncUser: (email: string) => `/user/${enc(email)}`,
  isAdmin: (email: string) => `/admins/${enc(email)}`,
  userRecord: (email: string) => `/user?email=${enc(email)}`,
  userProfile: (email: string) => `/userProfile?email=${enc(email)}`,
  saveProfile: '/api/users/profile',
  allOrders: '/bookingOrder',
  filteredOrders: (filter: OrderFilterParams & { limit?: number; cursor?: string }) => `/bookingOrder${queryString({ ...filter })}`,
  exportOrders: (filter: OrderFilterParams = {}) => `/bookingOrder/export.csv${queryString({ ...filter })}`,
  markShipped: (id: string) => `/api/orders/shipped/${enc(id)}`,
  /** CONTRACT §14 (decision 0079): POST (shop admin, Idempotency-Key) ships lines of an order. */
  shipments: (id: string) => `/booking/${enc(id)}/shipments`,
  /** PATCH corrects tracking, DELETE cancels one not delivered. */
  shipment: (id: string, sid: string) => `/booking/${enc(id)}/shipments/${enc(sid)}`,
  /** POST records its delivery. */
  shipmentDelivered: (id: string, sid: string) => `/booking/${enc(id)}/shipments/${enc(sid)}/delivered`,
  /** GET its packing slip (PDF). */
  packingSlip: (id: string, sid: string) => `/booking/${enc(id)}/shipments/${enc(sid)}/document`,
  deleteOrder: (id: string) => `/bookingOrder/${enc(id)}`,
  refundOrder: (id: string) => `/bookingOrder/${enc(id)}/refund`,
  /** Shop admin: void a confirmed on-account order's invoice, which releases the order (decision 0066). */
  voidInvoice: (id: string) => `/booking/${enc(id)}/invoice/void`,
  addTool: '/addItem',
  deleteTool: (id: string) => `/manage/${enc(id)}`,
  editTool: (id: string) => `/manage/${enc(id)}`,
  allUsers: '/allusers',
  makeAdmin: (email: string) => `/user/admin/${enc(email)}`,
  removeAdmin: (email: string) => `/alluserr/${enc(email)}`,
  createPaymentIntent: '/create-payment-intent',
  recordPayment: (id: string) => `/cardBooking/${enc(id)}`,
  stripeWebhook: '/stripe/webhook',
  health: '/healthz',
  /** CONTRACT §10: POST (shop admin) makes a company; GET (shop admin) lists them, paged. */
  companies: '/companies',
  /** CONTRACT §10: GET (shop admin or that company's admin), PATCH (shop admin). */
  company: (id: string) => `/companies/${enc(id)}`,
  /** CONTRACT §10: POST (shop admin or that company's admin) invites a person by email. */
  companyInvitations: (id: string) => `/companies/${enc(id)}/invitations`,
  /** CONTRACT §10: DELETE withdraws a pending invitation. */
  companyInvitation: (id: string, email: string) => `/companies/${enc(id)}/invitations/${enc(email)}`,
  /** CONTRACT §10: PATCH role or spending limit, DELETE removes the member. */
  companyMember: (id: string, uid: string) => `/companies/${enc(id)}/members/${enc(uid)}`,
  /** CONTRACT §10 "Pay on account" (decision 0058): GET (shop admin) the company's invoices, paged. */
  companyInvoices: (id: string) => `/companies/${enc(id)}/invoices`,
  /** CONTRACT §10: the caller's company, role and spending limit, or 404. */
  myCompany: '/me/company',
  /** CONTRACT §10 (decision 0056): every order of the company, paged (shop admin or that company's admin). */
  companyOrders: (id: string) => `/companies/${enc(id)}/orders`,
  /** The company's orders waiting for approval, paged, oldest first. */
  companyApprovals: (id: string) => `/companies/${enc(id)}/approvals`,
  /** POST { note? } (an admin of the order's company). */
  approveBooking: (id: string) => `/booking/${enc(id)}/approve`,
  /** POST { note } (an admin of the order's company). */
  declineBooking: (id: string) => `/booking/${enc(id)}/decline`,
  /** CONTRACT §10 (decision 0057): GET (shop admin) a company's contract prices, paged. */
  companyPrices: (id: string) => `/companies/${enc(id)}/prices`,
  /** CONTRACT §14: the shop's shipping methods (admin) and a buyer's options. */
  shippingMethods: '/shipping/methods',
  shippingMethod: (id: string) => `/shipping/methods/${enc(id)}`,
  shippingOptions: (q: ShippingOptionsParams = {}) => `/shipping/options${queryString({ ...q })}`,
  /** CONTRACT §10: PUT (shop admin) sets, DELETE removes a company's contract price for a tool. */
  companyPrice: (id: string, toolId: string) => `/companies/${enc(id)}/prices/${enc(toolId)}`,
  /** CONTRACT §10: the caller's company's contract prices for the tools named (`?toolIds=a,b`). */
  myPrices: '/me/prices',
  /** CONTRACT §16 (decision 0086): GET an order's returns and what is returnable; POST (Idempotency-Key) requests one. */
  bookingReturns: (id: string) => `/booking/${enc(id)}/returns`,
  /** CONTRACT §16: GET (shop admin) the returns in a state, oldest first, paged. */
  returns: (query: { state?: ReturnState; cursor?: string } = {}) => `/returns${queryString({ state: query.state, cursor: query.cursor })}`,
  /** POST (shop admin) { restockingFeePercent? }. */
  returnApprove: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/approve`,
  /** POST (shop admin) { reason }. */
  returnDecline: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/decline`,
  /** POST (shop admin) { lines }: what came back. */
  returnReceive: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/receive`,
  /** POST (shop admin): the refund of a received return, once. */
  returnRefund: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/refund`,
  /** GET (buyer callers) the RMA slip (PDF). */
  returnSlip: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/slip`,
  // CONTRACT §15's exemption calls are common/tax/exemption.paths.ts: apart, so the first chunk every page loads does not carry them.
} as const;

/** Path prefixes Hosting rewrites to the function (firebase.json must list the same). */
export const API_REWRITE_SOURCES = [
  '/tools',
  '/tool/**',
  '/specs',
  '/search',
  '/parts/**',
  '/models',
  '/models/**',
  '/cart',
  '/cart/**',
  '/reviewsget',
  '/reviews',
  '/reviews/**',
  '/booking',
  '/booking/**',
  '/mybooking/**',
  '/user',
  '/user/**',
  '/admins/**',
  '/userProfile',
  '/api/**',
  '/bookingOrder',
  '/bookingOrder/**',
  '/addItem',
  '/manage/**',
  '/allusers',
  '/alluserr/**',
  '/create-payment-intent',
  '/cardBooking/**',
  '/stripe/webhook',
  '/healthz',
  '/openapi.json',
  '/companies',
  '/companies/**',
  '/me/**',
  '/shipping/**',
  '/tax/**',
  '/exemptions',
  /** CONTRACT §16: the shop admin's list of returns (an order's own are under /booking/**). */
  '/returns',
] as const;

/** Response header that carries the cursor of the next page on paginated lists. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
