import { useId } from 'react';
import { ErrorRetry } from '../../components/error-retry';
import { PageLoading } from '../../components/page-loading';
import { EmptyState } from '../../components/table';
import ui from '../../components/ui.module.css';
import { useMyCompany } from '../../lib/domain/use-my-company';
import { CompanyDetails } from '../../features/companies/components/company-details';
import { CompanyPeople } from '../../features/companies/components/company-people';
import { CompanyNav } from '../../features/companies/components/company-nav';
import { ShipToCertificates } from '../../features/companies/components/ship-to-certificates';
import { spendingLimitText } from '../../features/companies/lib/company-form';
import { ROLE_LABELS } from '../../features/companies/lib/labels';
import { paths } from '../../lib/infra/paths';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './companies-page.module.css';

/**
 * My company (CONTRACT §10, GET /me/company): the company read only, the caller's role and spending
 * limit; a company admin also manages its people here. Someone in no company is told so (the API
 * answers three nulls then, which useMyCompany reads as null).
 */
export default function MyCompanyPage() {
  usePageTitle('My company');
  const mine = useMyCompany();
  const detailsId = useId();
  const peopleId = useId();
  const certificatesId = useId();
  if (mine.isPending) {
    return (
      <>
        <h1 className={ui.pageTitle}>My company</h1>
        <PageLoading text="Loading your company…" />
      </>
    );
  }
  if (mine.isError) {
    return (
      <>
        <h1 className={ui.pageTitle}>My company</h1>
        <ErrorRetry message={`Your company could not be loaded. ${mine.error.message}`} onRetry={() => void mine.refetch()} />
      </>
    );
  }
  if (!mine.data) {
    return (
      <>
        <h1 className={ui.pageTitle}>My company</h1>
        <EmptyState
          title="You are not in a company. A company's admin, or the shop, can invite you by your email address."
          link={{ to: paths.dashboard, label: 'Dashboard' }}
        />
      </>
    );
  }
  const { company, role, spendingLimit } = mine.data;
  return (
    <>
      <h1 className={ui.pageTitle}>{company.name}</h1>
      {/* A company admin's approvals and the company's orders (decision 0061). */}
      {role === 'company-admin' && <CompanyNav />}
      <p className={css.lede} data-testid="my-company-role">
        You are a {ROLE_LABELS[role].toLowerCase()} of {company.name}. Your spending limit: {spendingLimitText(spendingLimit)}.
      </p>
      <section aria-labelledby={detailsId} className={css.section}>
        <h2 id={detailsId} className={css.heading}>
          Details
        </h2>
        <CompanyDetails company={company} />
      </section>
      {role === 'company-admin' && (
        <section aria-labelledby={peopleId} className={css.section}>
          <h2 id={peopleId} className={css.heading}>
            People
          </h2>
          <CompanyPeople company={company} />
        </section>
      )}
      {/* CONTRACT §15: the ship-to locations' tax exemption certificates, the company admin's to send. */}
      {role === 'company-admin' && (
        <section aria-labelledby={certificatesId} className={css.section}>
          <h2 id={certificatesId} className={css.heading}>
            Tax exemption certificates
          </h2>
          <ShipToCertificates company={company} />
        </section>
      )}
    </>
  );
}
