import { Link, useParams } from 'react-router-dom';
import { ErrorRetry } from '../../components/error-retry';
import { PageLoading } from '../../components/page-loading';
import ui from '../../components/ui.module.css';
import { useCompany } from '../../features/companies/api/use-companies';
import { CompanyPrices } from '../../features/contract-prices/components/company-prices';
import { paths } from '../../lib/infra/paths';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './companies-page.module.css';

/**
 * A company's contract prices for the shop admin (CONTRACT §10, decision 0062): on a route of its
 * own, linked from the company's page, so that page's first load stays under its budget.
 */
export default function CompanyPricesPage() {
  const { id = '' } = useParams();
  const company = useCompany(id);
  usePageTitle(company.data ? `Contract prices of ${company.data.name}` : 'Contract prices');
  // Nothing but the loading status until the company is read: at 390 px the heading and the back
  // link, shown early, moved with the bar above them as the page filled (the layout-shift guard).
  if (company.isPending) return <PageLoading text="Loading the company…" />;
  return (
    <>
      <Link to={paths.manageCompany(id)} className={css.back}>
        ← {company.data?.name ?? 'Company'}
      </Link>
      <h1 className={ui.pageTitle}>Contract prices</h1>
      {company.isError ? (
        <ErrorRetry message={`This company could not be loaded. ${company.error.message}`} onRetry={() => void company.refetch()} />
      ) : (
        <>
          <p className={css.lede}>
            What {company.data.name}&apos;s people pay for these tools, in place of the list price and its breaks, everywhere: the catalogue, the cart,
            checkout, quick order and invoices. Anyone else keeps seeing and paying the list price.
          </p>
          <CompanyPrices companyId={company.data._id} companyName={company.data.name} />
        </>
      )}
    </>
  );
}
