import { Link as RouterLink } from 'react-router-dom';
import type { Booking } from '@fridgeparts/common/booking';
import { paths } from '../../../lib/infra/paths';
import ui from '../../../components/ui.module.css';
import css from './order-cell.module.css';
import { dateFormat } from '../../../lib/domain/date-format';

const createdFormat = dateFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * Order number, date and the buyer's PO number (CONTRACT §7), stacked in one cell; the number opens
 * the order's page (CONTRACT §8).
 */
export function OrderCell({ booking }: { booking: Booking }) {
  const created = new Date(booking.createdAt);
  return (
    <div className={css.order}>
      <RouterLink
        to={paths.order(booking._id)}
        className={css.number}
        data-testid="order-number"
        aria-label={`Order ${booking.orderNumber || booking.name}: open its page`}
      >
        {booking.orderNumber || 'Open order'}
      </RouterLink>
      {created.getTime() > 0 && (
        <time className={`${ui.caption} ${css.muted}`} dateTime={booking.createdAt}>
          {createdFormat.format(created)}
        </time>
      )}
      {booking.poNumber && (
        <span className={`${ui.caption} ${css.po}`} data-testid="po-number">
          PO {booking.poNumber}
        </span>
      )}
    </div>
  );
}
