import { Link } from 'react-router-dom';
import type { CompanySummary } from '@fridgeparts/common/company.answers';
import { formatDollars } from '@fridgeparts/common/money';
import { numberColumn, Table, type Column } from '../../../components/table';
import { paths } from '../../../lib/infra/paths';
import { countOf } from '../../../lib/domain/plural';
import { useCompanyList } from '../api/use-companies';
import { TERMS_LABELS } from '../lib/labels';

const columns: Column<CompanySummary>[] = [
  { id: 'name', header: 'Company', cell: (c) => <Link to={paths.manageCompany(c._id)}>{c.name}</Link> },
  { id: 'terms', header: 'Terms', cell: (c) => TERMS_LABELS[c.terms] },
  { id: 'credit', header: 'Credit limit', className: numberColumn, cell: (c) => (c.creditLimit === null ? '—' : formatDollars(c.creditLimit)) },
  { id: 'open', header: 'Open invoices', className: numberColumn, cell: (c) => formatDollars(c.openInvoiceTotal) },
  {
    id: 'people',
    header: 'People',
    cell: (c) => `${countOf(c.memberCount, 'member')}${c.invitationCount > 0 ? `, ${countOf(c.invitationCount, 'invitation')} pending` : ''}`,
  },
];

/** The shop admin's companies (GET /companies): oldest first, each a link to its page; "Load more" on the API's cursor. */
export function CompaniesTable() {
  const list = useCompanyList();
  return (
    <Table
      caption="Companies"
      columns={columns}
      rows={list}
      paging={list}
      rowKey={(c) => c._id}
      rowTestId="company-row"
      minWidth={720}
      empty="No companies yet: create the first with New company."
    />
  );
}
