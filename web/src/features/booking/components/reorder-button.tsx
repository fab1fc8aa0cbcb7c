import { lazy, Suspense, useState } from 'react';
import type { Booking } from '@fridgeparts/common/booking';
import type { Tool } from '@fridgeparts/common/tool';
import ui from '../../../components/ui.module.css';
import { useFetchTool } from '../api/use-fetch-tool';

// The booking modal (the form library and the booking schema) loads only when someone reorders.
const BookingModal = lazy(() => import('./booking-modal'));

/**
 * Reorder (CONTRACT §7): the booking modal for the same tool, with the same quantity, phone,
 * address and PO number. The tool is read again, so today's price, pack size and stock apply.
 */
export function ReorderButton({ booking }: { booking: Booking }) {
  const fetchTool = useFetchTool();
  const [tool, setTool] = useState<Tool | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  const start = async () => {
    setLoading(true);
    try {
      setTool(await fetchTool(booking.toolId));
      setOpen(true);
    } catch {
      // The API client said why (e.g. the tool was removed from the catalogue).
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <button type="button" className={`${ui.button} ${ui.outlined} ${ui.small}`} onClick={() => void start()} disabled={loading} aria-haspopup="dialog" aria-label={`Reorder ${booking.name}`}>
        {loading ? 'Opening…' : 'Reorder'}
      </button>
      {tool && (
        <Suspense fallback={null}>
            <BookingModal
              tool={tool}
              open={open}
              onClose={() => setOpen(false)}
              initial={{ quantity: booking.quantity, phone: booking.phone, address: booking.address, poNumber: booking.poNumber ?? '' }}
            />
        </Suspense>
      )}
    </>
  );
}
