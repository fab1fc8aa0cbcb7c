import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MESSAGES } from '@fridgeparts/common/messages';
import { ConfirmDeleteDialog } from './confirm-dialog';

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
    expect(screen.getByRole('dialog', { name: MESSAGES.deleteConfirm })).toHaveTextContent('Door Gasket');
    await userEvent.click(screen.getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows progress on Delete and closes only after the delete completes', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('button', { name: /Deleting/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'cancel' })).toBeDisabled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('also closes when the delete fails (the error was already shown)', async () => {
    render(<Harness onConfirm={() => Promise.reject(new Error('409'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('starts on cancel, and gives focus back to the button that opened it after cancel', async () => {
    render(<Page onConfirm={async () => undefined} />);
    const opener = screen.getByRole('button', { name: 'Cancel booking' });
    await userEvent.click(opener);
    expect(screen.getByRole('button', { name: 'cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('puts focus on the page heading after a delete', async () => {
    render(<Page onConfirm={async () => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });
});
