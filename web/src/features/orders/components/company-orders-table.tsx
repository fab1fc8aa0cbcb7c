import type { Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import { Chip } from '../../../components/chip';
import { numberColumn, type Column } from '../../../components/table';
import ui from '../../../components/ui.module.css';
import { invoiceStatusPhrase } from '../../../lib/domain/invoice-status-text';
import { useCompanyOrders } from '../api/use-company-orders';
import { itemsSummary } from './order-labels';
import { stateView } from '@fridgeparts/common/order-state-view';
import { buyerColumn, CompanyOrderList, orderColumn, shipToColumn } from './company-order-columns';
import css from './approvals-table.module.css';

/**
 * Every order of the company (GET /companies/{id}/orders, newest first) for its admins: the order
 * (its number opens the order page, which a company admin may read), the buyer, the items, the
 * total and the state, with the invoice's status for an order on account.
 */
export function CompanyOrdersTable({ companyId }: { companyId: string }) {
  const list = useCompanyOrders(companyId);
  const columns: Column<Booking>[] = [
    orderColumn,
    buyerColumn,
    { id: 'items', header: 'Items', cell: (b) => itemsSummary(b) },
    shipToColumn,
    { id: 'total', header: 'Total', className: numberColumn, cell: (b) => formatDollars(b.total) },
    {
      id: 'state',
      header: 'State',
      // For an order on account, its invoice's number and where it stands, under the state.
      cell: (b) => (
        <div className={css.stack}>
          <Chip tone={stateView(b.state).tone} data-testid="company-order-state">
            {stateView(b.state).label}
          </Chip>
          {b.payment && (
            <span className={`${ui.caption} ${css.muted}`} data-testid="company-order-invoice">
              {invoiceStatusPhrase(b.payment.status, b.payment.number)}
            </span>
          )}
        </div>
      ),
    },
  ];
  return <CompanyOrderList caption="The company’s orders" columns={columns} list={list} rowTestId="company-order-row" empty="The company has no orders yet." />;
}
