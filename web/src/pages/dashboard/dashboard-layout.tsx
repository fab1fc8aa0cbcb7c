import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/page-loading';
import { ADMIN_MENU, companyAdminItems, CUSTOMER_MENU, DashboardMenu, MY_COMPANY_ITEM } from '../../components/layout/dashboard-menu';
import { ROLE_LABELS } from '../../features/companies/lib/labels';
import { useMyCompany } from '../../lib/domain/use-my-company';
import { Button } from '../../components/button';
import ui from '../../components/ui.module.css';
import { paths } from '../../lib/infra/paths';
import { useAdmin } from '../../lib/domain/use-admin';
import { useSession } from '../../lib/infra/session';
import css from './dashboard-layout.module.css';

// "Verify your email address", for the few not verified yet: a verified person's pages load none of it (about 1 KB; the cart's JS budget).
const VerifyEmailBanner = lazy(() => import('../../features/auth/components/verify-email-banner').then((m) => ({ default: m.VerifyEmailBanner })));

// A company admin's count of orders waiting, read by a lazy part: other people's pages load none of it.
const WaitingApprovalsProbe = lazy(() => import('../../features/orders/components/waiting-approvals-probe'));

/** The menu badge of the orders waiting: "3", or "20+" when more than a page wait. */
const badgeOf = ({ count, more }: { count: number; more: boolean }) => ({
  text: more ? `${count}+` : String(count),
  label: more ? `${count} or more waiting` : `${count} waiting`,
});

/**
 * Dashboard shell (SPEC §2): the side menu for the user's role and the nested page. On narrow
 * screens the menu is a drawer opened from a button, so the page keeps the full width. Plain
 * markup and CSS (decisions 0024, 0028).
 */
export default function DashboardLayout() {
  const { user } = useSession();
  const { admin, loading } = useAdmin();
  const [open, setOpen] = useState(false);
  const drawer = useRef<HTMLDialogElement>(null);
  // A member of a company gets "My company" at the end of the menu once GET /me/company answers
  // (most people are in none, which adds nothing; an item added last moves nothing above it), and
  // a company admin also Approvals, with how many orders wait, and Company orders (decision 0067).
  const myCompany = useMyCompany();
  const role = myCompany.data?.role ?? null;
  const companyId = role === 'company-admin' ? myCompany.data!.company._id : null;
  const [waitingOf, setWaiting] = useState<{ count: number; more: boolean } | null>(null);
  const waiting = companyId ? waitingOf : null;
  const base = admin ? ADMIN_MENU : CUSTOMER_MENU;
  const items = !role
    ? base
    : role === 'company-admin'
      ? [...base, MY_COMPANY_ITEM, ...companyAdminItems(waiting && (waiting.count > 0 || waiting.more) ? badgeOf(waiting) : null)]
      : [...base, MY_COMPANY_ITEM];
  // The role the signed-in person acts in: the shop's admin, else their role in their company.
  const roleLabel = admin ? 'Admin' : role ? ROLE_LABELS[role] : 'Customer';

  useEffect(() => {
    const d = drawer.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const close = () => setOpen(false);
  const menu = (
    <div className={css.menu}>
      <RouterLink to={paths.dashboard} onClick={close} className={css.title}>
        Dashboard
      </RouterLink>
      <p className={css.who}>
        {user?.displayName} {!loading && !myCompany.isPending && <span data-testid="dashboard-role">· {roleLabel}</span>}
      </p>
      {loading ? (
        // A status: a plain div may not carry a name (axe's aria-prohibited-attr, seen when a scan caught the menu loading).
        <div role="status" aria-busy="true" aria-label="Loading the menu">
          {[0, 1, 2].map((i) => (
            <div key={i} className={`${ui.skeleton} ${css.skeleton}`} />
          ))}
        </div>
      ) : (
        <DashboardMenu items={items} onNavigate={close} />
      )}
    </div>
  );

  return (
    <div className={css.shell}>
      <aside aria-label="Dashboard" className={css.aside}>
        {menu}
      </aside>
      {/* A modal dialog: the browser keeps focus in it, Escape closes it (onClose), and focus goes
          back to the button that opened it. A click on the backdrop lands on the dialog itself. */}
      <dialog
        ref={drawer}
        className={css.drawer}
        aria-label="Dashboard"
        onClose={close}
        onClick={(e) => {
          if (e.target === e.currentTarget) close();
        }}
      >
        {open && (
          <div className={css.drawerBody}>
            <Button variant="text" size="small" className={css.close} onClick={close}>
              Close
            </Button>
            {menu}
          </div>
        )}
      </dialog>
      <div className={css.content}>
        <Button variant="outlined" className={css.menuButton} onClick={() => setOpen(true)} aria-haspopup="dialog" aria-expanded={open}>
          Dashboard menu
        </Button>
        {user && !user.emailVerified && (
          <Suspense fallback={null}>
            <VerifyEmailBanner />
          </Suspense>
        )}
        {companyId && (
          <Suspense fallback={null}>
            <WaitingApprovalsProbe companyId={companyId} onWaiting={setWaiting} />
          </Suspense>
        )}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
