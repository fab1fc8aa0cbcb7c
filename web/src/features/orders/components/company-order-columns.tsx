import type { Booking } from '@fridgeparts/common/booking';
import { BreakableEmail, Table, type Column } from '../../../components/table';
import type { PagedList } from '../../../lib/infra/paged-query';
import ui from '../../../components/ui.module.css';
import { OrderCell } from './order-cell';
import css from './approvals-table.module.css';

/** The columns a company admin's two lists share (the approvals and the company's orders): the order, its buyer, where it ships. */
export const orderColumn: Column<Booking> = { id: 'order', header: 'Order', cell: (b) => <OrderCell booking={b} /> };

export const buyerColumn: Column<Booking> = {
  id: 'buyer',
  header: 'Buyer',
  cell: (b) => (
    <div className={css.stack}>
      <span>{b.userName}</span>
      <span className={`${ui.caption} ${css.muted}`}>
        <BreakableEmail email={b.email} />
      </span>
    </div>
  ),
};

export const shipToColumn: Column<Booking> = { id: 'shipTo', header: 'Ship to', className: css.address, cell: (b) => b.address };

/**
 * A company admin's list of orders (the approvals, the company's orders): the shared Table of a
 * row per order, cards on phones, "Load more" on the API's cursor.
 */
export function CompanyOrderList({
  list,
  ...table
}: {
  caption: string;
  columns: Column<Booking>[];
  list: PagedList<Booking>;
  rowTestId: string;
  empty: string;
}) {
  return <Table {...table} rowKey={(b) => b._id} rows={list} paging={list} minWidth={900} />;
}
