import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { isChunkLoadFailure, RouteError } from './route-error';

function Throws({ error }: { error: Error }): never {
  throw error;
}

function renderFailing(error: Error, reload: () => void) {
  const router = createMemoryRouter([{ path: '/', errorElement: <RouteError reload={reload} />, element: <Throws error={error} /> }]);
  return render(<RouterProvider router={router} />);
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: https://shop.test/assets/my-orders-page-abc.js');

beforeEach(() => {
  sessionStorage.clear();
  // React logs the caught render error; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('isChunkLoadFailure', () => {
  it('knows each browser’s words for a failed page chunk, and nothing else', () => {
    expect(isChunkLoadFailure(chunkError())).toBe(true);
    expect(isChunkLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isChunkLoadFailure(new TypeError('error loading dynamically imported module: https://shop.test/a.js'))).toBe(true); // Firefox
    expect(isChunkLoadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true); // Vite
    expect(isChunkLoadFailure(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isChunkLoadFailure('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('RouteError', () => {
  it('reloads the page once when a chunk fails, then says what happened and offers Reload', async () => {
    const reload = vi.fn();
    renderFailing(chunkError(), reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    cleanup();

    // The reload brought the same failure within the quiet time: no loop, a message instead.
    const again = vi.fn();
    renderFailing(chunkError(), again);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(again).not.toHaveBeenCalled();
    expect(document.title).toMatch(/^Page could not load/);
    await userEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(again).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });

  it('shows any other error as a bug, logged, without reloading by itself', async () => {
    const reload = vi.fn();
    const bug = new TypeError("Cannot read properties of undefined (reading 'name')");
    renderFailing(bug, reload);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith(bug);
  });
});
