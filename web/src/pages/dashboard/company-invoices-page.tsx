import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { Company } from '@fridgeparts/common/company.answers';
import { formatDollars } from '@fridgeparts/common/money';
import { ErrorRetry } from '../../components/error-retry';
import { Field, fieldControlClass } from '../../components/form/field';
import ui from '../../components/ui.module.css';
import { useCompany } from '../../features/companies/api/use-companies';
import { CompanyInvoicesTable } from '../../features/invoices/components/company-invoices-table';
import { INVOICE_FILTER_LABELS, INVOICE_FILTERS, invoiceFilterOf } from '../../features/invoices/lib/invoice-status';
import { paths } from '../../lib/infra/paths';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './company-invoices-page.module.css';

/** The open total and the credit limit at the top; the same boxes while the company loads, so nothing below moves. */
function CreditSummary({ company }: { company: Company | undefined }) {
  const limit = company?.creditLimit ?? null;
  const open = company?.openInvoiceTotal ?? 0;
  const figure = (text: string) => (company ? text : <span className={`${ui.skeleton} ${css.figureSkeleton}`} aria-hidden="true" />);
  return (
    <dl className={`${ui.paper} ${css.summary}`} aria-busy={!company} data-testid="invoice-summary">
      <div>
        <dt>Open invoices</dt>
        <dd data-testid="invoice-open-total">{figure(formatDollars(open))}</dd>
      </div>
      <div>
        <dt>Credit limit</dt>
        <dd data-testid="invoice-credit-limit">{figure(limit === null ? 'none (pays by card)' : formatDollars(limit))}</dd>
      </div>
      <div>
        <dt>Credit left</dt>
        <dd>{figure(limit === null ? '—' : formatDollars(Math.max(Math.round(limit * 100) - Math.round(open * 100), 0) / 100))}</dd>
      </div>
    </dl>
  );
}

/**
 * A company's invoices for the shop admin (CONTRACT §10 "Pay on account": "the shop admin sees a
 * company's open invoices and their due dates"; decision 0063): the open total and the credit limit,
 * then the open invoices, or those of the status chosen (kept in the address, `?status=`). Its own
 * lazy route, reached from the company's page, whose first load is near its budget.
 */
export default function CompanyInvoicesPage() {
  const { id = '' } = useParams();
  const company = useCompany(id);
  const [search, setSearch] = useSearchParams();
  const filter = invoiceFilterOf(search.get('status'));
  const filterId = useId();
  const name = company.data?.name;
  usePageTitle(name ? `Invoices of ${name}` : 'Invoices');
  return (
    <>
      {/* The back link and the title keep their text while the company loads, and the name has a
          line of its own that never wraps: at a phone's width a long name arriving in either moved
          the whole page down (the layout-shift guard). */}
      <Link to={paths.manageCompany(id)} className={css.back}>
        ← Company page
      </Link>
      <h1 className={ui.pageTitle}>Invoices</h1>
      <p className={css.company} data-testid="invoice-company" title={name}>
        {name ?? <span className={`${ui.skeleton} ${css.nameSkeleton}`} aria-hidden="true" />}
      </p>
      {company.isError ? (
        <ErrorRetry message={`This company could not be loaded. ${company.error.message}`} onRetry={() => void company.refetch()} />
      ) : (
        <>
          <CreditSummary company={company.data} />
          <div className={css.filters}>
            <Field id={filterId} label="Status">
              <select
                id={filterId}
                className={fieldControlClass}
                value={filter}
                onChange={(e) => setSearch(e.target.value === 'open' ? {} : { status: e.target.value }, { replace: true })}
              >
                {INVOICE_FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {INVOICE_FILTER_LABELS[f]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <CompanyInvoicesTable companyId={id} filter={filter} />
        </>
      )}
    </>
  );
}
