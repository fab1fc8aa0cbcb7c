import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { NavBar } from '../components/layout/nav-bar';
import { SiteFooter } from '../features/content/components/site-footer';
import { PageLoading } from './guards';

/** Every page: skip link, navigation bar, the page, the footer. */
export function AppLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <NavBar />
      <main id="main" tabIndex={-1} style={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      {/* New pages start at the top; Back returns to where the reader was. */}
      <ScrollRestoration />
    </div>
  );
}
