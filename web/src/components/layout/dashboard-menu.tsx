import { NavLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import css from './dashboard-menu.module.css';

export interface DashboardMenuItem {
  label: string;
  to: string;
}

/** SPEC §2: the side menu for a non-admin and for an admin. */
export const CUSTOMER_MENU: DashboardMenuItem[] = [
  { label: 'My Orders', to: paths.myOrders },
  { label: 'Cart', to: paths.cart },
  { label: 'Quick order', to: paths.quickOrder },
  { label: 'Add Reviews', to: paths.addReview },
  { label: 'My Profile', to: paths.myProfile },
];

/** CONTRACT §10: added to either menu for a member of a company (GET /me/company answered). */
export const MY_COMPANY_ITEM: DashboardMenuItem = { label: 'My company', to: paths.myCompany };

export const ADMIN_MENU: DashboardMenuItem[] = [
  { label: 'Manage Products', to: paths.manageProducts },
  { label: 'Manage All Orders', to: paths.manageOrders },
  { label: 'Add A Product', to: paths.addProduct },
  { label: 'Manage Models', to: paths.manageModels },
  { label: 'Companies', to: paths.manageCompanies },
  { label: 'Cart', to: paths.cart },
  { label: 'My Profile', to: paths.myProfile },
  { label: 'Make Admin', to: paths.makeAdmin },
];

/** The dashboard's side menu, plain markup (decision 0024); the current page is marked with aria-current by NavLink. */
export function DashboardMenu({ items, onNavigate }: { items: DashboardMenuItem[]; onNavigate?: () => void }) {
  return (
    <ul className={css.list} aria-label="Dashboard menu">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} onClick={onNavigate} className={css.link}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
