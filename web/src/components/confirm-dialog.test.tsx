import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MESSAGES } from '@fridgeparts/common/messages';
import { ConfirmDeleteDialog, ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [item, setItem] = useState<string | null>('Door Gasket');
  return <ConfirmDeleteDialog itemLabel={item} onConfirm={onConfirm} onClose={() => setItem(null)} />;
}

/** A page with a heading and a row button that opens the dialog, like My Orders. */
function Page({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [item, setItem] = useState<string | null>(null);
  return (
    <main>
      <h1>My Booking Order</h1>
      <button onClick={() => setItem('Door Gasket')}>Cancel booking</button>
      <ConfirmDeleteDialog itemLabel={item} onConfirm={onConfirm} onClose={() => setItem(null)} />
    </main>
  );
}

describe('ConfirmDeleteDialog', () => {
  afterEach(cleanup);

  it('asks the spec question and closes on cancel without deleting', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(<Harness onConfirm={onConfirm} />);
    expect(await screen.findByRole('dialog', { name: MESSAGES.deleteConfirm })).toHaveTextContent('Door Gasket');
    await userEvent.click(screen.getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows progress on Delete and closes only after the delete completes', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: /Deleting/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'cancel' })).toBeDisabled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('also closes when the delete fails (the error was already shown)', async () => {
    render(<Harness onConfirm={() => Promise.reject(new Error('409'))} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('starts on cancel, and gives focus back to the button that opened it after cancel', async () => {
    render(<Page onConfirm={async () => undefined} />);
    const opener = screen.getByRole('button', { name: 'Cancel booking' });
    await userEvent.click(opener);
    expect(await screen.findByRole('button', { name: 'cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('puts focus on the page heading after a delete', async () => {
    render(<Page onConfirm={async () => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });
});

describe('ConfirmDialog', () => {
  afterEach(cleanup);

  function Refund({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
    const [open, setOpen] = useState(false);
    return (
      <main>
        <h1>Manage All Orders</h1>
        <button onClick={() => setOpen(true)}>Refund order 7</button>
        <ConfirmDialog
          open={open}
          title="Refund this order?"
          cancelLabel="Keep the order"
          confirmLabel="Refund"
          busyLabel="Refunding…"
          onConfirm={onConfirm}
          onClose={() => setOpen(false)}
        >
          $120.00 goes back to the customer's card.
        </ConfirmDialog>
      </main>
    );
  }

  it('is named by its question and described by what will happen, with focus on the safe choice', async () => {
    render(<Refund onConfirm={async () => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund order 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveAccessibleDescription("$120.00 goes back to the customer's card.");
    expect(screen.getByRole('button', { name: 'Keep the order' })).toHaveFocus();
  });

  it('ignores Escape while the action runs, then closes and puts focus on the heading', async () => {
    let finish: () => void = () => undefined;
    render(<Refund onConfirm={() => new Promise<void>((resolve) => (finish = resolve))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund order 7' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.getByRole('button', { name: /Refunding/ })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus moves in the modal's effect cleanup, after the dialog has left the document: on a busy
    // machine that is a moment later (it once failed beside the API tests).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('after an action and a later cancel, focus goes back to the opener again', async () => {
    render(<Refund onConfirm={async () => undefined} />);
    const opener = screen.getByRole('button', { name: 'Refund order 7' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(opener);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
