import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { NavLink } from 'react-router-dom';

export interface DashboardMenuItem {
  label: string;
  /** Path relative to /dashboard. */
  to: string;
}

/** SPEC §2: the side menu for a non-admin and for an admin. */
export const CUSTOMER_MENU: DashboardMenuItem[] = [
  { label: 'My Orders', to: 'myorder' },
  { label: 'Quick order', to: 'quickorder' },
  { label: 'Add Reviews', to: 'review' },
  { label: 'My Profile', to: 'myprofile' },
];

export const ADMIN_MENU: DashboardMenuItem[] = [
  { label: 'Manage Products', to: 'manageproduct' },
  { label: 'Manage All Orders', to: 'manageallorder' },
  { label: 'Add A Product', to: 'addnewitem' },
  { label: 'My Profile', to: 'myprofile' },
  { label: 'Make Admin', to: 'alluser' },
];

/** The dashboard's side menu; the current page is marked with aria-current by NavLink. */
export function DashboardMenu({ items, onNavigate }: { items: DashboardMenuItem[]; onNavigate?: () => void }) {
  return (
    <List component="ul" aria-label="Dashboard menu" sx={{ py: 0 }}>
      {items.map((item) => (
        <li key={item.to}>
          <ListItemButton
            component={NavLink}
            to={`/dashboard/${item.to}`}
            onClick={onNavigate}
            sx={{ borderRadius: 1, '&.active': { bgcolor: 'primary.main', color: 'common.white', '&:hover': { bgcolor: 'primary.dark' } } }}
          >
            <ListItemText primary={item.label} />
          </ListItemButton>
        </li>
      ))}
    </List>
  );
}
