import { Link as RouterLink } from 'react-router-dom';
import { MESSAGES } from '@fridgeparts/common/messages';
import ui from '../../components/ui.module.css';
import { useWaitingApprovals, waitingText } from '../../features/orders/api/use-company-orders';
import { paths } from '../../lib/infra/paths';
import { useSession } from '../../lib/infra/session';
import { useMyCompany } from '../../lib/domain/use-my-company';
import { usePageTitle } from '../../lib/infra/use-page-title';

/**
 * Dashboard index (SPEC §2): the welcome heading. A company admin is told here how many of the
 * company's orders wait for their approval, with the way to them (decision 0067); they would
 * otherwise learn it only from an email. Plain markup, like the dashboard shell (decision 0024).
 */
export default function DashboardHomePage() {
  usePageTitle('Dashboard');
  const { user } = useSession();
  const mine = useMyCompany();
  const companyAdmin = mine.data?.role === 'company-admin' ? mine.data : null;
  const waiting = useWaitingApprovals(companyAdmin?.company._id ?? null);
  return (
    <>
      <h1 className={ui.pageTitle}>{MESSAGES.dashboardWelcome}</h1>
      <p className={ui.muted} style={{ margin: 0 }}>
        {user ? `Signed in as ${user.displayName} (${user.email}). ` : ''}Choose a page from the menu.
      </p>
      {companyAdmin && (
        <p style={{ margin: '16px 0 0' }} data-testid="dashboard-approvals" aria-live="polite">
          {waiting === 'loading' ? (
            `Counting the orders that wait for your approval at ${companyAdmin.company.name}…`
          ) : (
            <>
              <RouterLink to={paths.companyApprovals}>
                {typeof waiting === 'object' && waiting !== null ? waitingText(waiting) : 'Orders that wait for your approval'}
              </RouterLink>{' '}
              at {companyAdmin.company.name}.
            </>
          )}
        </p>
      )}
    </>
  );
}
