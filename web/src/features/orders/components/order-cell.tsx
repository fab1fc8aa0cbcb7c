import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Booking } from '@fridgeparts/common/booking';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Order number, date and the buyer's PO number (CONTRACT §7), stacked in one cell. */
export function OrderCell({ booking }: { booking: Booking }) {
  const created = new Date(booking.createdAt);
  return (
    <Box sx={{ display: 'grid', gap: 0.25, minWidth: 120 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="order-number">
        {booking.orderNumber || '—'}
      </Typography>
      {created.getTime() > 0 && (
        <Typography variant="caption" color="text.secondary" component="time" dateTime={booking.createdAt}>
          {dateFormat.format(created)}
        </Typography>
      )}
      {booking.poNumber && (
        <Typography variant="caption" sx={{ wordBreak: 'break-word' }} data-testid="po-number">
          PO {booking.poNumber}
        </Typography>
      )}
    </Box>
  );
}
