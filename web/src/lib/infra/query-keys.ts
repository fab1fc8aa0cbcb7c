import type { OrderFilterParams } from '@fridgeparts/common/api-paths';

/**
 * Every query key of the app, in one place because a write in one feature changes what another
 * shows (a booking changes the catalogue's stock; a refund changes My Orders), and features do
 * not import each other. Invalidating a prefix (`tools.all`) refreshes every view under it.
 */
export const queryKeys = {
  tools: {
    all: ['tools'] as const,
    newest: (count: number) => ['tools', 'newest', count] as const,
    one: (id: string) => ['tools', 'one', id] as const,
    /** The catalogue's search (GET /search): text, filters and order. */
    search: (query: { q: string; category: string[]; specs: Record<string, string[]>; sort: string }) => ['tools', 'search', query] as const,
    /** GET /tool/{id}'s replacedBy and replaces, apart from `one`, which a live snapshot overwrites. */
    lineage: (id: string) => ['tools', 'lineage', id] as const,
    /** The best hits of GET /search for the text typed (lib/use-search-hits.ts). */
    hits: (q: string, limit: number) => ['tools', 'hits', q, limit] as const,
    managed: () => ['tools', 'managed'] as const,
  },
  /** Appliance models (CONTRACT §12). */
  models: {
    all: ['models'] as const,
    /** GET /models?q=: the models whose key starts with or contains the typed number. */
    search: (key: string) => ['models', 'search', key] as const,
    /** GET /models?brand=&applianceType=, paged. */
    browse: (filter: { brand: string; applianceType: string }) => ['models', 'browse', filter] as const,
    one: (modelKey: string) => ['models', 'one', modelKey] as const,
    /** A section's drawing (SVG text), by its path. */
    drawing: (path: string) => ['models', 'drawing', path] as const,
    /** GET /tool/{id}/models, paged. */
    ofTool: (toolId: string) => ['models', 'of-tool', toolId] as const,
    /** The admin's list (GET /models, every model, paged): under `all`, so an import or a delete refreshes it with the rest. */
    /** The admin's list (Manage Models): every model, or those GET /models?q= finds for a key. */
    managed: (key = '') => ['models', 'managed', key] as const,
  },
  /** GET /parts/resolve for a number as the shop compares it (normalised). */
  parts: { resolve: (normalized: string) => ['parts', 'resolve', normalized] as const },
  /**
   * The product form's read of one tool with its ETag (CONTRACT §13). Outside `tools`: refreshing
   * the catalogue must never swap the values under an open form for newer ones with a newer tag.
   */
  toolEdit: (id: string) => ['tool-edit', id] as const,
  reviews: {
    all: ['reviews'] as const,
    list: (count: number, toolId: string | null) => ['reviews', count, toolId] as const,
  },
  orders: {
    all: ['orders'] as const,
    mine: (email: string) => ['orders', 'mine', email] as const,
    /** The customer's latest `limit` bookings (one list, not paged). */
    recent: (email: string, limit: number) => ['orders', 'recent', email, limit] as const,
    everyone: (filter: OrderFilterParams) => ['orders', 'everyone', filter] as const,
    one: (id: string) => ['orders', 'one', id] as const,
    /** A company's orders (GET /companies/{id}/orders), paged; under `all`, so any order change refreshes it. */
    company: (companyId: string) => ['orders', 'company', companyId] as const,
    /** A company's orders waiting for approval (GET /companies/{id}/approvals), paged. */
    approvals: (companyId: string) => ['orders', 'approvals', companyId] as const,
    /** A company's orders on account and their invoices (shop admin; decision 0063): under orders, so an order's change reads them again. */
    companyInvoices: (companyId: string, status: string) => ['orders', 'invoices', companyId, status] as const,
  },
  /**
   * Returns (CONTRACT §16): an order's returns with what is still returnable, and the shop admin's
   * list per state. A return's step changes both, and the order's lines (read again through `orders`).
   */
  returns: {
    all: ['returns'] as const,
    ofOrder: (bookingId: string) => ['returns', 'order', bookingId] as const,
    list: (state: string) => ['returns', 'list', state] as const,
  },
  /** Outside `orders`: refreshing the orders after a payment must not ask for a new intent. */
  paymentIntent: (bookingId: string) => ['payment-intent', bookingId] as const,
  /** The signed-in buyer's cart (CONTRACT §8), per account: the next person never sees it. */
  cart: (uid: string) => ['cart', uid] as const,
  /** CONTRACT §15: the cart's tax for a ship-to (GET /cart with the place), per account, place and cart version. */
  cartTax: (uid: string, request: unknown) => ['cart-tax', uid, request] as const,
  users: { all: ['users'] as const },
  /**
   * Companies (CONTRACT §10): the shop admin's list, one company with its ETag, and the caller's
   * own (GET /me/company, per account). A change of a company's people refreshes all three.
   */
  /** CONTRACT §14: the options an order form offers (per place, parts and cart version) and the admin's methods. */
  shipping: {
    all: ['shipping'] as const,
    options: (request: unknown) => ['shipping', 'options', request] as const,
    methods: () => ['shipping', 'methods'] as const,
  },
  companies: {
    all: ['companies'] as const,
    list: () => ['companies', 'list'] as const,
    one: (id: string) => ['companies', 'one', id] as const,
    mine: (uid: string) => ['companies', 'mine', uid] as const,
  },
  /**
   * CONTRACT §10 (decision 0062): the signed-in member's contract price of one tool (null: none),
   * per account, so the next person never sees it; and the shop admin's list of a company's prices.
   */
  contractPrices: {
    one: (uid: string, toolId: string) => ['contract-prices', uid, toolId] as const,
    ofCompany: (companyId: string) => ['company-prices', companyId] as const,
    /** GET /tool/{id} for a row of the editor (apart from `tools.one`, which a live snapshot fills). */
    tool: (toolId: string) => ['priced-tool', toolId] as const,
  },
  /**
   * CONTRACT §15: tax exemption certificates: the shop admin's review list per status and a
   * company's, under one prefix, so a review refreshes the company's page and an upload the review
   * list; and the states the shop collects tax in (GET /tax/registrations).
   */
  exemptions: {
    all: ['exemptions'] as const,
    review: (status: string) => ['exemptions', 'review', status] as const,
    ofCompany: (companyId: string) => ['exemptions', 'company', companyId] as const,
  },
  taxRegistrations: () => ['tax-registrations'] as const,
  profile: (email: string) => ['profile', email] as const,
  admin: (uid: string) => ['admin', uid] as const,
};
