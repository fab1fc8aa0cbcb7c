import { MESSAGES } from '@fridgeparts/common/messages';
import ui from '../../components/ui.module.css';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** Dashboard index (SPEC §2): the welcome heading. Plain markup, like the dashboard shell (decision 0024). */
export default function DashboardHomePage() {
  usePageTitle('Dashboard');
  const { user } = useSession();
  return (
    <>
      <h1 className={ui.pageTitle}>{MESSAGES.dashboardWelcome}</h1>
      <p className={ui.muted} style={{ margin: 0 }}>
        {user ? `Signed in as ${user.displayName} (${user.email}). ` : ''}Choose a page from the menu.
      </p>
    </>
  );
}
