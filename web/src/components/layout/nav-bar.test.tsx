import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { Cart } from '@fridgeparts/common/cart';
import { NO_COMPANY } from '@fridgeparts/common/company';
import { fakeApi, json } from '../../test-support/fake-api';
import { renderSignedIn, renderSignedOut } from '../../test-support/signed-in';

const api = fakeApi();
const { NavBar } = await import('./nav-bar');

afterEach(cleanup);

describe('NavBar cart', () => {
  it('shows a signed-in buyer the cart with its line count, linking to the cart page; a visitor has none', async () => {
    api.on('GET', API.cart, json<Cart>({ lines: [], lineCount: 3, total: 0, ready: true, updatedAt: null, version: '3', tax: null }));
    // The bar's search asks for the buyer's company (a member sees contract prices): in none here.
    api.on('GET', API.myCompany, json(NO_COMPANY));
    await renderSignedIn(<NavBar />);
    const link = await screen.findByRole('link', { name: 'Cart 3 lines' });
    expect(link).toHaveAttribute('href', '/dashboard/cart');
    expect(screen.getByTestId('nav-cart-count')).toHaveTextContent('3');
    cleanup();
    await renderSignedOut(<NavBar />);
    expect(screen.queryByTestId('nav-cart')).not.toBeInTheDocument();
  });
});

describe('NavBar menu', () => {
  it('is a popover its button opens natively', async () => {
    await renderSignedOut(<NavBar />);
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('popovertarget', 'main-menu');
    expect(document.getElementById('main-menu')).toHaveAttribute('popover', 'auto');
  });

  it('falls back to a class its button toggles where the browser has no popovers (jsdom has none, like iOS 16)', async () => {
    expect(typeof HTMLElement.prototype.togglePopover).not.toBe('function');
    await renderSignedOut(<NavBar />);
    const menu = document.getElementById('main-menu')!;
    const button = screen.getByRole('button', { name: 'Open menu' });
    const before = menu.className;
    await userEvent.click(button);
    expect(menu.className).not.toBe(before);
    await userEvent.click(button);
    expect(menu.className).toBe(before);
  });
});
