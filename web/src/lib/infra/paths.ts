/**
 * Every address of the web app (SPEC §2) in one place: the router's patterns (`ROUTES`, read by
 * app/routes.tsx) and the builders links, navigate() and redirects use (`paths`). The URLs are the
 * SPEC's, odd names included (`/purchaseorder` is the catalogue, `/myportfolio2` the portfolio):
 * bookmarks and the e2e tier depend on them, so renaming one is a change here and nowhere else.
 *
 * In lib/ because every layer links somewhere: app, pages, features and components may all import
 * lib (decision 0031), and this module imports nothing.
 */

/** The router's patterns, absolute (React Router accepts absolute child paths under their parent's). */
export const ROUTES = {
  home: '/',
  /** The SPEC's second address of the home page; sign-up lands here. */
  homeAlias: '/home',
  catalog: '/purchaseorder',
  tool: '/purchaseorder/:id',
  /** CONTRACT §12: Find by model, and a model's page (the API's own paths are /models/...). */
  applianceModels: '/appliance-models',
  applianceModel: '/appliance-models/:modelKey',
  login: '/login',
  signup: '/signup',
  blogs: '/blogs',
  blogPortfolio: '/blogs/myportfolio',
  blogLiveLinks: '/blogs/livelink',
  dashboard: '/dashboard',
  myOrders: '/dashboard/myorder',
  quickOrder: '/dashboard/quickorder',
  addReview: '/dashboard/review',
  myProfile: '/dashboard/myprofile',
  cart: '/dashboard/cart',
  payment: '/dashboard/payment/:id',
  order: '/dashboard/order/:id',
  makeAdmin: '/dashboard/alluser',
  manageOrders: '/dashboard/manageallorder',
  manageProducts: '/dashboard/manageproduct',
  addProduct: '/dashboard/addnewitem',
  /** CONTRACT §12: the admin's appliance models, their import and delete. */
  manageModels: '/dashboard/managemodels',
  /** CONTRACT §10: the shop admin's companies, a new one, and one company with its people. */
  manageCompanies: '/dashboard/companies',
  newCompany: '/dashboard/companies/new',
  manageCompany: '/dashboard/companies/:id',
  /** CONTRACT §10 "Pay on account": the shop admin's view of a company's invoices (decision 0063). */
  companyInvoices: '/dashboard/companies/:id/invoices',
  /** CONTRACT §10 (decision 0062): the shop admin's editor of a company's contract prices. */
  companyPrices: '/dashboard/companies/:id/prices',
  /** CONTRACT §10: the signed-in person's own company (company admin: its people; buyer: read only). */
  myCompany: '/dashboard/company',
  /** CONTRACT §10: a company admin's orders waiting for approval, and every order of the company. */
  companyApprovals: '/dashboard/company/approvals',
  companyOrders: '/dashboard/company/orders',
  /** CONTRACT §14 (decision 0078): the shop admin's shipping methods and their rates. */
  shipping: '/dashboard/shipping',
  /** CONTRACT §15: the shop admin's review of tax exemption certificates. */
  exemptions: '/dashboard/exemptions',
  /** CONTRACT §16: the shop admin's returns, by state (`?state=`). */
  returns: '/dashboard/returns',
  about: '/about',
  portfolio: '/myportfolio2',
  legal: '/legal/:doc',
  /** Any other address: the not-found page. */
  notFound: '*',
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * A pattern with its `:params` filled in. Each value is one path segment, so it is encoded: an id
 * with a `/`, `?` or `#` in it must not become a different address.
 */
export function fill(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`paths: ${pattern} needs :${name}`);
    return encodeURIComponent(value);
  });
}

/** The addresses links go to: the fixed ones as strings, the ones with a parameter as builders. */
export const paths = {
  home: ROUTES.home,
  homeAlias: ROUTES.homeAlias,
  catalog: ROUTES.catalog,
  tool: (id: string) => fill(ROUTES.tool, { id }),
  applianceModels: ROUTES.applianceModels,
  /** A model's page, opened on one of its sections and, within it, a callout. */
  applianceModel: (modelKey: string, at: { section?: string; callout?: string } = {}) => {
    const query = new URLSearchParams();
    if (at.section) query.set('section', at.section);
    if (at.callout) query.set('callout', at.callout);
    const search = query.toString();
    return `${fill(ROUTES.applianceModel, { modelKey })}${search ? `?${search}` : ''}`;
  },
  login: ROUTES.login,
  signup: ROUTES.signup,
  blogs: ROUTES.blogs,
  blogPortfolio: ROUTES.blogPortfolio,
  blogLiveLinks: ROUTES.blogLiveLinks,
  dashboard: ROUTES.dashboard,
  myOrders: ROUTES.myOrders,
  quickOrder: ROUTES.quickOrder,
  addReview: ROUTES.addReview,
  myProfile: ROUTES.myProfile,
  cart: ROUTES.cart,
  payment: (id: string) => fill(ROUTES.payment, { id }),
  order: (id: string) => fill(ROUTES.order, { id }),
  makeAdmin: ROUTES.makeAdmin,
  manageOrders: ROUTES.manageOrders,
  manageProducts: ROUTES.manageProducts,
  addProduct: ROUTES.addProduct,
  manageModels: ROUTES.manageModels,
  manageCompanies: ROUTES.manageCompanies,
  newCompany: ROUTES.newCompany,
  manageCompany: (id: string) => fill(ROUTES.manageCompany, { id }),
  companyInvoices: (id: string) => fill(ROUTES.companyInvoices, { id }),
  companyPrices: (id: string) => fill(ROUTES.companyPrices, { id }),
  myCompany: ROUTES.myCompany,
  companyApprovals: ROUTES.companyApprovals,
  companyOrders: ROUTES.companyOrders,
  shipping: ROUTES.shipping,
  exemptions: ROUTES.exemptions,
  returns: ROUTES.returns,
  about: ROUTES.about,
  portfolio: ROUTES.portfolio,
  legal: (doc: string) => fill(ROUTES.legal, { doc }),
} as const;
