import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ToastHost } from './toast-host';
import { notify } from './toast';

describe('ToastHost', () => {
  afterEach(cleanup);

  it('mounts no container until the first toast, then shows that toast', async () => {
    const { container } = render(<ToastHost />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(container.querySelector('.Toastify')).toBeNull();
    act(() => notify.success('Product added Successfully'));
    expect(await screen.findByText('Product added Successfully')).toBeInTheDocument();
  });
});
