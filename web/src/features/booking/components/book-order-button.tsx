import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Tool } from '@fridgeparts/common/tool';

// The modal (MUI Dialog and the form library) loads only when someone books.
const BookingModal = lazy(() => import('./booking-modal'));

/** The tool page's "Book Order" button and its booking modal (SPEC §2, §4). */
export function BookOrderButton({ tool, onBooked }: { tool: Tool; onBooked?: () => void }) {
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
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Not enough stock for the minimum order right now.
        </Typography>
      )}
      {opened && (
        <Suspense fallback={null}>
          <BookingModal tool={tool} open={open} onClose={() => setOpen(false)} onBooked={onBooked} />
        </Suspense>
      )}
    </>
  );
}
