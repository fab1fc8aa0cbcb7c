import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { NavBar } from '../components/layout/nav-bar';
import { SiteFooter } from '../features/content/components/site-footer';
import { PageLoading } from '../components/page-loading';

/** Every page: skip link, navigation bar, the page, the footer. */
export function AppLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <NavBar />
      {/* At least a screen tall: while a page loads, the footer stays below the fold instead of
          showing and then jumping down when the content arrives (CLS, issue 9). */}
      <main id="main" tabIndex={-1} style={{ flexGrow: 1, minHeight: '100vh', outline: 'none' }}>
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
