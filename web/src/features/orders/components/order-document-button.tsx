import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { Button } from '../../../components/button';
import { useFileDownload } from '../../../lib/infra/use-file-download';

/** What the order's PDF is (CONTRACT §7): a purchase order until paid, an invoice after. */
export function documentLabel(booking: Booking): string {
  const state = booking.state;
  const unpaid = state === 'reserved' || state === 'expired' || state === 'awaiting-approval' || state === 'declined';
  return unpaid ? 'Purchase order (PDF)' : 'Invoice (PDF)';
}

/**
 * Downloads the order's PDF (GET /booking/{id}/document). It needs the ID token, so it is fetched
 * by the API client and handed to the browser as a file, not opened as a plain link. A plain
 * button.
 */
export function OrderDocumentButton({ booking }: { booking: Booking }) {
  const { busy, download } = useFileDownload();
  const label = documentLabel(booking);
  return (
    <Button
      variant="text"
      size="small"
      onClick={() => void download(API.bookingDocument(booking._id), `${booking.orderNumber || booking._id}.pdf`)}
      disabled={busy}
      aria-label={`${label} of ${booking.orderNumber || booking.name}`}
    >
      {busy ? 'Preparing…' : label}
    </Button>
  );
}
