import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { NavBar } from './nav-bar';

vi.mock('../../lib/session', () => ({ useSession: () => ({ user: null, loading: false, signOut: async () => undefined }) }));

afterEach(cleanup);

describe('NavBar menu', () => {
  it('is a popover its button opens natively', () => {
    render(
      <MemoryRouter>
        <NavBar />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('popovertarget', 'main-menu');
    expect(document.getElementById('main-menu')).toHaveAttribute('popover', 'auto');
  });

  it('falls back to a class its button toggles where the browser has no popovers (jsdom has none, like iOS 16)', async () => {
    expect(typeof HTMLElement.prototype.togglePopover).not.toBe('function');
    render(
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
