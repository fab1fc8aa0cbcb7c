import { CompanyAdminGate } from '../../features/companies/components/company-admin-gate';
import { CompanyNav } from '../../features/companies/components/company-nav';
import { CompanyOrdersTable } from '../../features/orders/components/company-orders-table';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './companies-page.module.css';

/** Company orders (CONTRACT §10, GET /companies/{id}/orders): every order of the company, for its admins. */
export default function CompanyOrdersPage() {
  usePageTitle('Company orders');
  return (
    <CompanyAdminGate title="Company orders" loadingText="Loading the company’s orders…">
      {({ company }) => (
        <>
          <CompanyNav />
          <p className={css.lede}>Every order of {company.name}, newest first. Open one by its number.</p>
          <CompanyOrdersTable companyId={company._id} />
        </>
      )}
    </CompanyAdminGate>
  );
}
