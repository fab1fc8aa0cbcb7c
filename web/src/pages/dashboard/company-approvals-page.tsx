import { useState } from 'react';
import { Notice } from '../../components/notice';
import { CompanyAdminGate } from '../../features/companies/components/company-admin-gate';
import { CompanyNav } from '../../features/companies/components/company-nav';
import { ApprovalsTable } from '../../features/orders/components/approvals-table';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './companies-page.module.css';

/**
 * Approvals (CONTRACT §10, decision 0061): a company admin's orders waiting for approval, each
 * approved or declined in a dialog; after a decision the list reads again and the page says what
 * happened (in a live region, so a screen reader hears it too).
 */
export default function CompanyApprovalsPage() {
  usePageTitle('Approvals');
  const [message, setMessage] = useState<string | null>(null);
  return (
    <CompanyAdminGate title="Approvals" loadingText="Loading the orders waiting for approval…">
      {({ company }) => (
        <>
          <CompanyNav />
          <p className={css.lede}>
            Orders of {company.name} over their buyer&rsquo;s spending limit wait here for a company admin, oldest first: the top one is released first if
            nobody decides.
          </p>
          <div aria-live="polite" aria-atomic="true" data-testid="approvals-status">
            {message && (
              <Notice severity="success" role="note" className={css.section}>
                {message}
              </Notice>
            )}
          </div>
          <ApprovalsTable companyId={company._id} onAccount={company.terms === 'net30'} onDecided={setMessage} />
        </>
      )}
    </CompanyAdminGate>
  );
}
