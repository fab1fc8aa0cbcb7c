import { lazy, Suspense, useState } from 'react';
import type { Tool } from '@fridgeparts/common/tool';
import { Button } from '../../../components/button';
import ui from '../../../components/ui.module.css';

// The modal (the form library and the booking schema) loads only when someone books.
const BookingModal = lazy(() => import('./booking-modal'));

/** The tool page's "Book Order" button and its booking modal (SPEC §2, §4). */
export function BookOrderButton({ tool }: { tool: Tool }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const soldOut = tool.availableQuantity < tool.minimumQuantity;

  return (
    <>
      <Button
        variant="contained"
        size="large"
        disabled={soldOut}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        Book Order
      </Button>
      {soldOut && (
        <p className={ui.muted} style={{ margin: '8px 0 0', fontSize: '0.875rem' }}>
          Not enough stock for the minimum order right now.
        </p>
      )}
      {opened && (
        <Suspense fallback={null}>
          <BookingModal tool={tool} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
