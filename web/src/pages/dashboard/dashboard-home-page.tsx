import Typography from '@mui/material/Typography';
import { MESSAGES } from '@fridgeparts/common/messages';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** Dashboard index (SPEC §2): the welcome heading. */
export default function DashboardHomePage() {
  usePageTitle('Dashboard');
  const { user } = useSession();
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {MESSAGES.dashboardWelcome}
      </Typography>
      <Typography color="text.secondary">
        {user ? `Signed in as ${user.displayName} (${user.email}). ` : ''}Choose a page from the menu.
      </Typography>
    </>
  );
}
