import { lazy } from 'react';
import { type RouteObject } from 'react-router-dom';
import HomePage from '../pages/home-page';
import { RequireAdmin, RequireAuth } from './guards';
import { AppLayout } from './layout';
import { RouteError } from './route-error';

// The home page is in the first chunk; every other page loads on demand.
const LoginPage = lazy(() => import('../pages/login-page'));
const SignupPage = lazy(() => import('../pages/signup-page'));
const AboutPage = lazy(() => import('../pages/about-page'));
const PortfolioPage = lazy(() => import('../pages/portfolio-page'));
const CatalogPage = lazy(() => import('../pages/catalog-page'));
const ToolDetailPage = lazy(() => import('../pages/tool-detail-page'));
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
const LegalPage = lazy(() => import('../pages/legal-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));

const signedIn = (page: React.ReactNode) => <RequireAuth>{page}</RequireAuth>;
const admin = (page: React.ReactNode) => <RequireAdmin>{page}</RequireAdmin>;

/** The route table (SPEC §2). Pages only compose features. */
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
          { path: 'home', element: <HomePage /> },
          // Plain markup like home: the catalogue, the tool page, login, sign-up and the blogs load
          // without MUI (their first load stays within the route budget; decision 0022).
          { path: 'purchaseorder', element: <CatalogPage /> },
          { path: 'purchaseorder/:id', element: signedIn(<ToolDetailPage />) },
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
          {
            path: 'blogs',
            element: <BlogsPage />,
            children: [
              { index: true, element: <BlogsIndexPage /> },
              { path: 'myportfolio', element: <BlogPortfolioPage /> },
              { path: 'livelink', element: <BlogLiveLinksPage /> },
            ],
          },
          // The dashboard, the buyer's pages and the back office are plain markup too (decisions 0024,
          // 0025, 0028); their dialogs load with the first one opened.
          {
            path: 'dashboard',
            element: signedIn(<DashboardLayout />),
            children: [
              { index: true, element: <DashboardHomePage /> },
              { path: 'myorder', element: <MyOrdersPage /> },
              { path: 'quickorder', element: <QuickOrderPage /> },
              { path: 'review', element: <AddReviewPage /> },
              { path: 'myprofile', element: <MyProfilePage /> },
              { path: 'cart', element: <CartPage /> },
              { path: 'payment/:id', element: <PaymentPage /> },
              // The owner's or, for an admin, anyone's order (CONTRACT §8); the server decides who may read it.
              { path: 'order/:id', element: <OrderPage /> },
              { path: 'alluser', element: admin(<MakeAdminPage />) },
              { path: 'manageallorder', element: admin(<ManageOrdersPage />) },
              { path: 'manageproduct', element: admin(<ManageProductsPage />) },
              { path: 'addnewitem', element: admin(<AddProductPage />) },
            ],
          },
          // About, the portfolio, the legal documents and the not-found page are plain markup too:
          // reading pages load no MUI (issue 9).
          { path: 'about', element: signedIn(<AboutPage />) },
          { path: 'myportfolio2', element: <PortfolioPage /> },
          { path: 'legal/:doc', element: <LegalPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
