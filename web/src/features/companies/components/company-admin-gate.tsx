import type { ReactNode } from 'react';
import type { MyCompany } from '@fridgeparts/common/company.answers';
import { ErrorRetry } from '../../../components/error-retry';
import { PageLoading } from '../../../components/page-loading';
import { EmptyState } from '../../../components/table';
import ui from '../../../components/ui.module.css';
import { paths } from '../../../lib/infra/paths';
import { useMyCompany } from '../../../lib/domain/use-my-company';

/**
 * The company admin's own pages (approvals, the company's orders): their heading, and the page
 * itself only for an admin of a company (GET /me/company, the menu's cached read). Anyone else is
 * told why there is nothing here and where to go; the server refuses them the calls anyway.
 */
export function CompanyAdminGate({ title, loadingText, children }: { title: string; loadingText: string; children: (mine: MyCompany) => ReactNode }) {
  const mine = useMyCompany();
  const heading = <h1 className={ui.pageTitle}>{title}</h1>;
  if (mine.isPending) {
    return (
      <>
        {heading}
        <PageLoading text={loadingText} />
      </>
    );
  }
  if (mine.isError) {
    return (
      <>
        {heading}
        <ErrorRetry message={`Your company could not be loaded. ${mine.error.message}`} onRetry={() => void mine.refetch()} />
      </>
    );
  }
  if (!mine.data) {
    return (
      <>
        {heading}
        <EmptyState
          title="You are not in a company. A company's admin, or the shop, can invite you by your email address."
          link={{ to: paths.dashboard, label: 'Dashboard' }}
        />
      </>
    );
  }
  if (mine.data.role !== 'company-admin') {
    return (
      <>
        {heading}
        <EmptyState
          title={`Only the company admins of ${mine.data.company.name} see this page. Your own orders are under My Orders.`}
          link={{ to: paths.myOrders, label: 'My Orders' }}
        />
      </>
    );
  }
  return (
    <>
      {heading}
      {children(mine.data)}
    </>
  );
}
