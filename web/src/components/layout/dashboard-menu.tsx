import { NavLink } from 'react-router-dom';
import { paths } from '../../lib/infra/paths';
import { visuallyHidden } from '../visually-hidden';
import css from './dashboard-menu.module.css';

export interface DashboardMenuItem {
  label: string;
  to: string;
  /** Marked current on its own address only, not on the pages under it. */
  end?: boolean;
  /** A count beside the label (the orders waiting for approval), and what it counts, for a screen reader. */
  badge?: { text: string; label: string };
}

/** SPEC §2: the side menu for a non-admin and for an admin. */
export const CUSTOMER_MENU: DashboardMenuItem[] = [
  { label: 'My Orders', to: paths.myOrders },
  { label: 'Cart', to: paths.cart },
  { label: 'Quick order', to: paths.quickOrder },
  { label: 'Add Reviews', to: paths.addReview },
  { label: 'My Profile', to: paths.myProfile },
];

/**
 * CONTRACT §10: added to either menu for a member of a company (GET /me/company answered); marked
 * on its own page only, since a company admin's menu also lists the pages under it.
 */
export const MY_COMPANY_ITEM: DashboardMenuItem = { label: 'My company', to: paths.myCompany, end: true };

/** A company admin's two company pages (decision 0067), after My company; Approvals with its count when it is known. */
export function companyAdminItems(waiting: { text: string; label: string } | null): DashboardMenuItem[] {
  return [
    { label: 'Approvals', to: paths.companyApprovals, ...(waiting ? { badge: waiting } : {}) },
    { label: 'Company orders', to: paths.companyOrders },
  ];
}

export const ADMIN_MENU: DashboardMenuItem[] = [
  { label: 'Manage Products', to: paths.manageProducts },
  { label: 'Manage All Orders', to: paths.manageOrders },
  { label: 'Add A Product', to: paths.addProduct },
  { label: 'Manage Models', to: paths.manageModels },
  { label: 'Companies', to: paths.manageCompanies },
  { label: 'Shipping', to: paths.shipping },
  { label: 'Tax exemptions', to: paths.exemptions },
  { label: 'Returns', to: paths.returns },
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
          <NavLink to={item.to} end={item.end} onClick={onNavigate} className={css.link}>
            {item.label}
            {item.badge && (
              <>
                {/* Read as "Approvals (2 waiting)": the figure alone would say nothing. */}
                <span className={css.badge} aria-hidden="true" data-testid="menu-badge">
                  {item.badge.text}
                </span>{' '}
                <span className={visuallyHidden}>({item.badge.label})</span>
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
