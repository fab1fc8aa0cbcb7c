import { Link, useNavigate } from 'react-router-dom';
import ui from '../../components/ui.module.css';
import { useCreateCompany } from '../../features/companies/api/use-companies';
import { CompanyForm } from '../../features/companies/components/company-form';
import { createBodyOf, emptyCompanyForm } from '../../features/companies/lib/company-form';
import { paths } from '../../lib/infra/paths';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './companies-page.module.css';

const EMPTY = emptyCompanyForm();

/** New company (CONTRACT §10, POST /companies): then its page, where its people are invited. */
export default function NewCompanyPage() {
  usePageTitle('New company');
  const create = useCreateCompany();
  const navigate = useNavigate();
  return (
    <>
      <Link to={paths.manageCompanies} className={css.back}>
        ← Companies
      </Link>
      <h1 className={ui.pageTitle}>New company</h1>
      <p className={css.lede}>After it is created, invite its people on its page.</p>
      <CompanyForm
        initial={EMPTY}
        label="New company"
        submitLabel="Create company"
        busyLabel="Creating…"
        success="Company created."
        onSubmit={async (values) => {
          const company = await create(createBodyOf(values));
          navigate(paths.manageCompany(company._id));
        }}
      />
    </>
  );
}
