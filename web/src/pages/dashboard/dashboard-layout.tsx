import { Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/page-loading';
import { ADMIN_MENU, CUSTOMER_MENU, DashboardMenu } from '../../components/layout/dashboard-menu';
import { useAdmin } from '../../lib/use-admin';
import { useSession } from '../../lib/session';

const MENU_WIDTH = 240;

/**
 * Dashboard shell (SPEC §2): the side menu for the user's role and the nested page. On narrow
 * screens the menu is a drawer opened from a button, so the page keeps the full width.
 */
export default function DashboardLayout() {
  const { user } = useSession();
  const { admin, loading } = useAdmin();
  const [open, setOpen] = useState(false);
  const items = admin ? ADMIN_MENU : CUSTOMER_MENU;

  const menu = (
    <Box sx={{ p: 2 }}>
      <Typography component={RouterLink} to="/dashboard" variant="h6" onClick={() => setOpen(false)} sx={{ color: 'inherit', textDecoration: 'none', display: 'block', mb: 0.5 }}>
        Dashboard
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {user?.displayName} {!loading && `· ${admin ? 'Admin' : 'Customer'}`}
      </Typography>
      {loading ? (
        <Box aria-busy="true" aria-label="Loading the menu">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Box>
      ) : (
        <DashboardMenu items={items} onNavigate={() => setOpen(false)} />
      )}
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '60vh' }}>
      <Box component="aside" aria-label="Dashboard" sx={{ display: { xs: 'none', md: 'block' }, width: MENU_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
        {menu}
      </Box>
      <Drawer open={open} onClose={() => setOpen(false)} sx={{ display: { md: 'none' } }} slotProps={{ paper: { sx: { width: MENU_WIDTH } } }}>
        {menu}
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Button variant="outlined" onClick={() => setOpen(true)} aria-haspopup="true" aria-expanded={open} sx={{ display: { md: 'none' }, mb: 2 }}>
          Dashboard menu
        </Button>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
