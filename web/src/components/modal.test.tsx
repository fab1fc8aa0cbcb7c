import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { Modal, ModalActions, ModalBody } from './modal';
import { ToastHost } from '../lib/infra/toast-host';
import { notify } from '../lib/infra/toast';

/** A page with a heading and a button that opens a small form in the Modal. */
function Page({ busy = false, onClose }: { busy?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  return (
    <main>
      <h1>Manage Products</h1>
      <button onClick={() => setOpen(true)}>Edit Door Gasket</button>
      <Modal
        open={open}
        title="Edit Door Gasket"
        busy={busy}
        initialFocus={first}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <ModalBody>
          <label>
            Price <input ref={first} />
          </label>
        </ModalBody>
        <ModalActions>
          <button onClick={() => setOpen(false)}>Close</button>
        </ModalActions>
      </Modal>
    </main>
  );
}

/** jsdom does not turn the Escape key into the dialog's cancel event: the browser does. */
function pressEscape(dialog: HTMLElement): void {
  fireEvent(dialog, new Event('cancel', { cancelable: true }));
}

describe('Modal', () => {
  afterEach(cleanup);

  it('is a modal dialog named by its title, with focus where the owner asked', async () => {
    render(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Door Gasket' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Door Gasket' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('heading', { level: 2, name: 'Edit Door Gasket' })).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit Door Gasket' });
    await userEvent.click(opener);
    pressEscape(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus back after its own Close button too', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit Door Gasket' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a click on the backdrop, but not after a press that started inside (a text selection)', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Door Gasket' }));
    const dialog = screen.getByRole('dialog');
    // Pressed in the field, released over the backdrop: the click lands on the <dialog> itself.
    fireEvent.pointerDown(screen.getByLabelText('Price'));
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toBeInTheDocument();
    // A click inside does not close it either.
    fireEvent.pointerDown(screen.getByLabelText('Price'));
    fireEvent.click(screen.getByLabelText('Price'));
    expect(onClose).not.toHaveBeenCalled();
    // Pressed and released on the backdrop: closed.
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on Escape and the backdrop while busy', async () => {
    const onClose = vi.fn();
    render(<Page busy onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Door Gasket' }));
    const dialog = screen.getByRole('dialog');
    pressEscape(dialog);
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('open');
  });

  it('tells the owner when the browser closed it anyway (a second Escape)', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Door Gasket' }));
    (screen.getByRole('dialog') as HTMLDialogElement).close();
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends focus to the page heading when the opener is gone', async () => {
    function Row() {
      const [open, setOpen] = useState(false);
      const [gone, setGone] = useState(false);
      return (
        <main>
          <h1>My Orders</h1>
          {!gone && <button onClick={() => setOpen(true)}>Cancel booking</button>}
          <Modal
            open={open}
            title="Cancel it?"
            onClose={() => {
              setGone(true);
              setOpen(false);
            }}
          >
            <button onClick={() => (setGone(true), setOpen(false))}>Yes</button>
          </Modal>
        </main>
      );
    }
    render(<Row />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('shows a toast inside the open dialog, where it is not under the backdrop, and in the page after it closed', async () => {
    render(
      <>
        <Page />
        <ToastHost />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Door Gasket' }));
    act(() => notify.error('Price must be a number'));
    const inDialog = await screen.findByText('Price must be a number');
    expect(screen.getByRole('dialog').contains(inDialog)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => notify.success('Saved'));
    const inPage = await screen.findByText('Saved');
    expect(inPage.isConnected).toBe(true);
  });
});
