import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorRetry } from '../../components/error-retry';
import { PageLoading } from '../../components/page-loading';
import ui from '../../components/ui.module.css';
import { useCompany } from '../../features/companies/api/use-companies';
import { CompanyEdit } from '../../features/companies/components/company-edit';
import { CompanyPeople } from '../../features/companies/components/company-people';
import { ShipToCertificates } from '../../features/companies/components/ship-to-certificates';
import { paths } from '../../lib/infra/paths';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './companies-page.module.css';

/** One company for the shop admin (CONTRACT §10): its details to edit, then its people. */
export default function ManageCompanyPage() {
  const { id = '' } = useParams();
  const company = useCompany(id);
  usePageTitle(company.data ? company.data.name : 'Company');
  const detailsId = useId();
  const peopleId = useId();
  const certificatesId = useId();
  return (
    <>
      <Link to={paths.manageCompanies} className={css.back}>
        ← Companies
      </Link>
      {company.isPending ? (
        <>
          <h1 className={ui.pageTitle}>Company</h1>
          <PageLoading text="Loading the company…" />
        </>
      ) : company.isError ? (
        <>
          <h1 className={ui.pageTitle}>Company</h1>
          <ErrorRetry message={`This company could not be loaded. ${company.error.message}`} onRetry={() => void company.refetch()} />
        </>
      ) : (
        <>
          <h1 className={ui.pageTitle}>{company.data.name}</h1>
          {/* Their own routes (decisions 0062, 0063): this page's first load is near its budget. */}
          <p className={css.links}>
            <Link to={paths.companyPrices(company.data._id)} data-testid="company-prices-link">
              Contract prices
            </Link>
            <Link to={paths.companyInvoices(company.data._id)}>Invoices and due dates</Link>
          </p>
          <section aria-labelledby={detailsId} className={css.section}>
            <h2 id={detailsId} className={css.heading}>
              Details
            </h2>
            {/* Keyed by id: another company's page starts its form from that company. */}
            <CompanyEdit key={company.data._id} company={company.data} />
          </section>
          <section aria-labelledby={peopleId} className={css.section}>
            <h2 id={peopleId} className={css.heading}>
              People
            </h2>
            <CompanyPeople company={company.data} />
          </section>
          {/* CONTRACT §15: each ship-to's tax exemption certificates (reviewed on Tax exemptions). */}
          <section aria-labelledby={certificatesId} className={css.section}>
            <h2 id={certificatesId} className={css.heading}>
              Tax exemption certificates
            </h2>
            <ShipToCertificates company={company.data} />
          </section>
        </>
      )}
    </>
  );
}
