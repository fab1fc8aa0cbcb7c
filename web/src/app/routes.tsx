import { lazy } from 'react';
import { type RouteObject } from 'react-router-dom';
import HomePage from '../pages/home-page';
import { RequireAdmin, RequireAuth } from './guards';
import { AppLayout } from './layout';
import { ROUTES } from '../lib/infra/paths';
import { RouteError } from './route-error';

// The home page is in the first chunk; every other page loads on demand.
const LoginPage = lazy(() => import('../pages/login-page'));
const SignupPage = lazy(() => import('../pages/signup-page'));
const AboutPage = lazy(() => import('../pages/about-page'));
const PortfolioPage = lazy(() => import('../pages/portfolio-page'));
const CatalogPage = lazy(() => import('../pages/catalog-page'));
const ToolDetailPage = lazy(() => import('../pages/tool-detail-page'));
const ApplianceModelsPage = lazy(() => import('../pages/appliance-models-page'));
const ApplianceModelPage = lazy(() => import('../pages/appliance-model-page'));
const BlogsPage = lazy(() => import('../pages/blogs-page'));
const BlogsIndexPage = lazy(() => import('../pages/blogs/blogs-index-page'));
const BlogPortfolioPage = lazy(() => import('../pages/blogs/blog-portfolio-page'));
const BlogLiveLinksPage = lazy(() => import('../pages/blogs/blog-live-links-page'));
const DashboardLayout = lazy(() => import('../pages/dashboard/dashboard-layout'));
const DashboardHomePage = lazy(() => import('../pages/dashboard/dashboard-home-page'));
const MyOrdersPage = lazy(() => import('../pages/dashboard/my-orders-page'));
const QuickOrderPage = lazy(() => import('../pages/dashboard/quick-order-page'));
const AddReviewPage = lazy(() => import('../pages/dashboard/add-review-page'));
const MyProfilePage = lazy(() => import('../pages/dashboard/my-profile-page'));
const CartPage = lazy(() => import('../pages/dashboard/cart-page'));
const PaymentPage = lazy(() => import('../pages/dashboard/payment-page'));
const OrderPage = lazy(() => import('../pages/dashboard/order-page'));
const MakeAdminPage = lazy(() => import('../pages/dashboard/make-admin-page'));
const ManageOrdersPage = lazy(() => import('../pages/dashboard/manage-orders-page'));
const ManageProductsPage = lazy(() => import('../pages/dashboard/manage-products-page'));
const AddProductPage = lazy(() => import('../pages/dashboard/add-product-page'));
const ManageModelsPage = lazy(() => import('../pages/dashboard/manage-models-page'));
const ManageCompaniesPage = lazy(() => import('../pages/dashboard/manage-companies-page'));
const NewCompanyPage = lazy(() => import('../pages/dashboard/new-company-page'));
const ManageCompanyPage = lazy(() => import('../pages/dashboard/manage-company-page'));
const CompanyInvoicesPage = lazy(() => import('../pages/dashboard/company-invoices-page'));
const MyCompanyPage = lazy(() => import('../pages/dashboard/my-company-page'));
const CompanyApprovalsPage = lazy(() => import('../pages/dashboard/company-approvals-page'));
const CompanyOrdersPage = lazy(() => import('../pages/dashboard/company-orders-page'));
const CompanyPricesPage = lazy(() => import('../pages/dashboard/company-prices-page'));
const ShippingPage = lazy(() => import('../pages/dashboard/shipping-page'));
const ExemptionsPage = lazy(() => import('../pages/dashboard/exemptions-page'));
const ReturnsPage = lazy(() => import('../pages/dashboard/returns-page'));
const LegalPage = lazy(() => import('../pages/legal-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));

const signedIn = (page: React.ReactNode) => <RequireAuth>{page}</RequireAuth>;
const admin = (page: React.ReactNode) => <RequireAdmin>{page}</RequireAdmin>;

/**
 * The route table (SPEC §2). Pages only compose features. Every path is a pattern of lib/paths.ts,
 * absolute even under a parent, so the links built there and the table cannot drift apart.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // A page that fails (most often its chunk after a deploy) shows RouteError under the navigation
    // bar; the outer one catches a failure of the layout itself.
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: ROUTES.homeAlias, element: <HomePage /> },
          // Plain markup like home: the catalogue, the tool page, login, sign-up and the blogs load
          // light (their first load stays within the route budget; decision 0022).
          { path: ROUTES.catalog, element: <CatalogPage /> },
          { path: ROUTES.tool, element: signedIn(<ToolDetailPage />) },
          // Finding by appliance model (CONTRACT §12): public like the catalogue; adding to the cart asks to log in.
          { path: ROUTES.applianceModels, element: <ApplianceModelsPage /> },
          { path: ROUTES.applianceModel, element: <ApplianceModelPage /> },
          { path: ROUTES.login, element: <LoginPage /> },
          { path: ROUTES.signup, element: <SignupPage /> },
          {
            path: ROUTES.blogs,
            element: <BlogsPage />,
            children: [
              { index: true, element: <BlogsIndexPage /> },
              { path: ROUTES.blogPortfolio, element: <BlogPortfolioPage /> },
              { path: ROUTES.blogLiveLinks, element: <BlogLiveLinksPage /> },
            ],
          },
          // The dashboard, the buyer's pages and the back office are plain markup too (decisions 0024,
          // 0025, 0028); their dialogs load with the first one opened.
          {
            path: ROUTES.dashboard,
            element: signedIn(<DashboardLayout />),
            children: [
              { index: true, element: <DashboardHomePage /> },
              { path: ROUTES.myOrders, element: <MyOrdersPage /> },
              { path: ROUTES.quickOrder, element: <QuickOrderPage /> },
              { path: ROUTES.addReview, element: <AddReviewPage /> },
              { path: ROUTES.myProfile, element: <MyProfilePage /> },
              { path: ROUTES.cart, element: <CartPage /> },
              { path: ROUTES.payment, element: <PaymentPage /> },
              // The owner's or, for an admin, anyone's order (CONTRACT §8); the server decides who may read it.
              { path: ROUTES.order, element: <OrderPage /> },
              { path: ROUTES.makeAdmin, element: admin(<MakeAdminPage />) },
              { path: ROUTES.manageOrders, element: admin(<ManageOrdersPage />) },
              { path: ROUTES.manageProducts, element: admin(<ManageProductsPage />) },
              { path: ROUTES.addProduct, element: admin(<AddProductPage />) },
              // The appliance models' import and delete (CONTRACT §12).
              { path: ROUTES.manageModels, element: admin(<ManageModelsPage />) },
              // Companies and their people (CONTRACT §10): the shop admin's, and anyone's own (the server decides what they see).
              { path: ROUTES.manageCompanies, element: admin(<ManageCompaniesPage />) },
              { path: ROUTES.newCompany, element: admin(<NewCompanyPage />) },
              { path: ROUTES.manageCompany, element: admin(<ManageCompanyPage />) },
              { path: ROUTES.companyInvoices, element: admin(<CompanyInvoicesPage />) },
              // A company's contract prices (decision 0062): its own lazy route, off the company's page.
              { path: ROUTES.companyPrices, element: admin(<CompanyPricesPage />) },
              // The shop's shipping methods and rates (CONTRACT §14, decision 0078).
              { path: ROUTES.shipping, element: admin(<ShippingPage />) },
              // Tax exemption certificates to review (CONTRACT §15).
              { path: ROUTES.exemptions, element: admin(<ExemptionsPage />) },
              // The shop admin's returns: approve or decline, receive, refund (CONTRACT §16).
              { path: ROUTES.returns, element: admin(<ReturnsPage />) },
              { path: ROUTES.myCompany, element: <MyCompanyPage /> },
              // A company admin's approvals and the company's orders (CONTRACT §10; the server decides who may).
              { path: ROUTES.companyApprovals, element: <CompanyApprovalsPage /> },
              { path: ROUTES.companyOrders, element: <CompanyOrdersPage /> },
            ],
          },
          // About, the portfolio, the legal documents and the not-found page are plain markup too:
          // reading pages load only what they show.
          { path: ROUTES.about, element: signedIn(<AboutPage />) },
          { path: ROUTES.portfolio, element: <PortfolioPage /> },
          { path: ROUTES.legal, element: <LegalPage /> },
          { path: ROUTES.notFound, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
