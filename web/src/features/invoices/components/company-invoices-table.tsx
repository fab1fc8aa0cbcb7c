import { Link } from 'react-router-dom';
import type { InvoicePaymentStatus } from '@fridgeparts/common/invoice';
import type { CompanyInvoice } from '@fridgeparts/common/invoice.answers';
import { formatDollars } from '@fridgeparts/common/money';
import { Chip, type ChipTone } from '../../../components/chip';
import { numberColumn, Table, type Column } from '../../../components/table';
import { paths } from '../../../lib/infra/paths';
import { useCompanyInvoices } from '../api/use-company-invoices';
import { INVOICE_STATUS_LABELS } from '../../../lib/domain/invoice-status-text';
import { INVOICE_FILTER_LABELS, isOverdue, type InvoiceFilter } from '../lib/invoice-status';
import { shopDay } from '../../../lib/domain/date-format';
import css from './company-invoices.module.css';

const STATUS_TONE: Record<InvoicePaymentStatus, ChipTone> = {
  pending: 'plain',
  open: 'primary',
  paid: 'success',
  void: 'plain',
  uncollectible: 'warning',
};

function columnsAt(now: number): Column<CompanyInvoice>[] {
  return [
    { id: 'order', header: 'Order', cell: (i) => <Link to={paths.order(i.orderId)}>{i.orderNumber || i.orderId}</Link> },
    // The number printed on the invoice, which a bank remittance quotes: how a payment is matched.
    {
      id: 'number',
      header: 'Invoice number',
      cell: (i) => <span data-testid="invoice-number">{i.invoiceNumber ?? <span className={css.muted}>not issued yet</span>}</span>,
    },
    { id: 'amount', header: 'Amount', className: numberColumn, cell: (i) => formatDollars(i.amount) },
    {
      id: 'due',
      header: 'Due',
      cell: (i) =>
        isOverdue(i, now) ? (
          // Marked in words as well as colour, so it reads the same to everyone.
          <span className={css.overdue} data-testid="invoice-overdue">
            {shopDay(i.dueDate)} · overdue
          </span>
        ) : (
          shopDay(i.dueDate)
        ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (i) => (
        <Chip tone={STATUS_TONE[i.status]} data-testid="invoice-status">
          {INVOICE_STATUS_LABELS[i.status]}
        </Chip>
      ),
    },
    {
      id: 'invoice',
      header: 'Invoice',
      cell: (i) =>
        i.hostedInvoiceUrl ? (
          <a href={i.hostedInvoiceUrl} target="_blank" rel="noreferrer" aria-label={`Open invoice of order ${i.orderNumber}`}>
            Open invoice
          </a>
        ) : (
          <span className={css.muted}>not issued yet</span>
        ),
    },
    { id: 'placed', header: 'Placed', cell: (i) => shopDay(i.createdAt) },
  ];
}

/**
 * A company's orders on account and their invoices (shop admin, CONTRACT §10 "Pay on account",
 * decision 0063): newest first, one status or all, each order linked to its page and its hosted
 * invoice, the overdue ones marked; "Load more" on the API's cursor.
 */
export function CompanyInvoicesTable({ companyId, filter }: { companyId: string; filter: InvoiceFilter }) {
  const list = useCompanyInvoices(companyId, filter);
  const columns = columnsAt(Date.now());
  return (
    <Table
      caption={`${INVOICE_FILTER_LABELS[filter]} invoices`}
      columns={columns}
      rows={list}
      paging={list}
      rowKey={(i) => i.orderId}
      rowTestId="invoice-row"
      minWidth={840}
      empty={filter === 'all' ? 'No invoices yet: this company has not ordered on account.' : `No ${INVOICE_FILTER_LABELS[filter].toLowerCase()} invoices.`}
    />
  );
}
