import { NavLink } from 'react-router-dom';
import css from './dashboard-menu.module.css';

export interface DashboardMenuItem {
  label: string;
  /** Path relative to /dashboard. */
  to: string;
}

/** SPEC §2: the side menu for a non-admin and for an admin. */
export const CUSTOMER_MENU: DashboardMenuItem[] = [
  { label: 'My Orders', to: 'myorder' },
  { label: 'Cart', to: 'cart' },
  { label: 'Quick order', to: 'quickorder' },
  { label: 'Add Reviews', to: 'review' },
  { label: 'My Profile', to: 'myprofile' },
];

export const ADMIN_MENU: DashboardMenuItem[] = [
  { label: 'Manage Products', to: 'manageproduct' },
  { label: 'Manage All Orders', to: 'manageallorder' },
  { label: 'Add A Product', to: 'addnewitem' },
  { label: 'Cart', to: 'cart' },
  { label: 'My Profile', to: 'myprofile' },
  { label: 'Make Admin', to: 'alluser' },
];

/** The dashboard's side menu, plain markup (decision 0024); the current page is marked with aria-current by NavLink. */
export function DashboardMenu({ items, onNavigate }: { items: DashboardMenuItem[]; onNavigate?: () => void }) {
  return (
    <ul className={css.list} aria-label="Dashboard menu">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={`/dashboard/${item.to}`} onClick={onNavigate} className={css.link}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
