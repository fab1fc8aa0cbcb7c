import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import ui from '../../components/ui.module.css';
import { CompaniesTable } from '../../features/companies/components/companies-table';
import { paths } from '../../lib/infra/paths';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './companies-page.module.css';

/** Companies (CONTRACT §10, shop admin): every company with its terms, credit and people; New company. */
export default function ManageCompaniesPage() {
  usePageTitle('Companies');
  return (
    <>
      <div className={css.head}>
        <h1 className={ui.pageTitle}>Companies</h1>
        <Link to={paths.newCompany} className={buttonClass()}>
          New company
        </Link>
      </div>
      <p className={css.lede}>
        Trade accounts: the people who order for each company, where they ship to, and how they pay. Open a company to edit it or manage its people.
      </p>
      <CompaniesTable />
    </>
  );
}
