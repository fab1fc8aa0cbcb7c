import { NavLink } from 'react-router-dom';
import { paths } from '../../../lib/infra/paths';
import css from './company-nav.module.css';

const LINKS = [
  { label: 'Company and people', to: paths.myCompany, end: true },
  { label: 'Approvals', to: paths.companyApprovals, end: false },
  { label: 'Company orders', to: paths.companyOrders, end: false },
];

/**
 * A company admin's pages of their company (decision 0061): links under the page's heading rather
 * than more entries in the dashboard menu, whose "My company" stays marked on all three. The
 * current page is marked with aria-current by NavLink.
 */
export function CompanyNav() {
  return (
    <nav aria-label="Company pages" className={css.nav}>
      <ul className={css.list}>
        {LINKS.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} end={l.end} className={css.link}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
