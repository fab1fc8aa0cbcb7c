import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import HomePage from '../pages/home-page';
import { AppLayout } from './layout';

// The home page is in the first chunk; every other page loads on demand.
const LoginPage = lazy(() => import('../pages/login-page'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));

/** The route table (SPEC §2). Pages only compose features. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home', element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
