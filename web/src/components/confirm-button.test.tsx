import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmButton } from './confirm-button';

function Page({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  return (
    <main>
      <h1>Users</h1>
      <ConfirmButton
        question="Remove this admin?"
        details="They lose the admin pages at once."
        confirmLabel="Remove"
        busyLabel="Removing…"
        onConfirm={onConfirm}
      >
        Remove Admin
      </ConfirmButton>
    </main>
  );
}

describe('ConfirmButton', () => {
  afterEach(cleanup);

  it('asks first: a click opens the question and runs nothing', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(<Page onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Admin' }));
    expect(await screen.findByRole('dialog', { name: 'Remove this admin?' })).toHaveTextContent('They lose the admin pages at once.');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('does nothing on Cancel, and focus goes back to the button', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(<Page onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Remove Admin' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('runs the action once on confirm, then closes', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(<Page onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Admin' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('works from the keyboard: Enter opens it on Cancel, Escape closes it, and Tab then Enter confirms', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(<Page onConfirm={onConfirm} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Remove Admin' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Cancel' })).toHaveFocus();
    // jsdom does not turn the Escape key into the dialog's cancel event: the browser does.
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
