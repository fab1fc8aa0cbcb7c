import type { Booking } from '@fridgeparts/common/booking';
import { BreakableEmail, type Column } from '../../../components/table';
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
