import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import { renderWithQuery } from '../../test-support/render';

let user: { uid: string; email: string; displayName: string } | null = null;
vi.mock('../../lib/session', () => ({ useSession: () => ({ user, loading: false, signOut: async () => undefined }) }));
const apiFetch = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  apiFetch: (...a: unknown[]) => apiFetch(...a),
}));

const { NavBar, cartLinkName } = await import('./nav-bar');

afterEach(() => {
  cleanup();
  user = null;
  apiFetch.mockReset();
});

describe('NavBar cart', () => {
  it('names the cart link with its line count', () => {
    expect(cartLinkName(undefined)).toBe('Cart');
    expect(cartLinkName(0)).toBe('Cart 0 lines');
    expect(cartLinkName(1)).toBe('Cart 1 line');
    expect(cartLinkName(3)).toBe('Cart 3 lines');
  });

  it('shows a signed-in buyer the cart with its line count, linking to the cart page; a visitor has none', async () => {
    user = { uid: 'u1', email: 'casey@example.test', displayName: 'Casey' };
    apiFetch.mockImplementation(async (path: string) => {
      if (path === API.cart) return { lines: [], lineCount: 3, total: 0, ready: true, updatedAt: null };
      throw new Error(`unexpected call ${path}`);
    });
    renderWithQuery(
      <MemoryRouter>
        <NavBar />
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: cartLinkName(3) });
    expect(link).toHaveAttribute('href', '/dashboard/cart');
    expect(screen.getByTestId('nav-cart-count')).toHaveTextContent('3');
    cleanup();
    user = null;
    renderWithQuery(
      <MemoryRouter>
        <NavBar />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('nav-cart')).not.toBeInTheDocument();
  });
});

describe('NavBar menu', () => {
  it('is a popover its button opens natively', () => {
    renderWithQuery(
      <MemoryRouter>
        <NavBar />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('popovertarget', 'main-menu');
    expect(document.getElementById('main-menu')).toHaveAttribute('popover', 'auto');
  });

  it('falls back to a class its button toggles where the browser has no popovers (jsdom has none, like iOS 16)', async () => {
    expect(typeof HTMLElement.prototype.togglePopover).not.toBe('function');
    renderWithQuery(
      <MemoryRouter>
        <NavBar />
      </MemoryRouter>,
    );
    const menu = document.getElementById('main-menu')!;
    const button = screen.getByRole('button', { name: 'Open menu' });
    const before = menu.className;
    await userEvent.click(button);
    expect(menu.className).not.toBe(before);
    await userEvent.click(button);
    expect(menu.className).toBe(before);
  });
});
