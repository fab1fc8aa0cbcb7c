import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { API, type OrderFilterParams } from '@fridgeparts/common/api-paths';
import { fakeApi, file } from '../../../test-support/fake-api';
import { catchDownloads } from '../../../test-support/downloads';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { renderSignedIn } from '../../../test-support/signed-in';

const api = fakeApi();
const { OrderFilters } = await import('./order-filters');

const saved = catchDownloads('blob:orders');

/** The filters as the page holds them: the value it gets back is what it shows. */
function Harness({ onChange }: { onChange: (next: OrderFilterParams) => void }) {
  const [value, setValue] = useState<OrderFilterParams>({});
  return (
    <OrderFilters
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('OrderFilters (CONTRACT §7)', () => {
  afterEach(() => {
    cleanup();
    saved.length = 0;
  });

  it('filters by state with the browser’s own select, and clears it with All states', async () => {
    const onChange = vi.fn();
    await renderSignedIn(<Harness onChange={onChange} />);
    expect(screen.getByRole('search', { name: 'Filter orders' })).toBeInTheDocument();
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(state.tagName).toBe('SELECT');
    expect([...(state as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'All states',
      'Reserved, not paid',
      'Paid',
      'Shipped',
      'Refunded',
      'Released',
      'Waiting for approval',
      'Declined',
      'Confirmed, on account',
      'Partially shipped',
      'Delivered',
      'Returned',
    ]);
    await userEvent.selectOptions(state, 'Refunded');
    expect(onChange).toHaveBeenLastCalledWith({ state: 'refunded' });
    await userEvent.selectOptions(state, 'All states');
    expect(onChange).toHaveBeenLastCalledWith({ state: undefined });
  });

  it('a range that ends before it starts is marked on To, and Export CSV waits until it is fixed', async () => {
    await renderSignedIn(<Harness onChange={() => undefined} />);
    const to = screen.getByLabelText('To');
    await userEvent.type(screen.getByLabelText('From'), '2026-12-10');
    await userEvent.type(to, '2026-12-01');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('From must be on or before To');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

    await userEvent.clear(to);
    await userEvent.type(to, '2026-12-31');
    expect(to).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('From must be on or before To')).toBeNull();
    expect(api.requests).toEqual([]);
    api.on('GET', API.exportOrders({ from: '2026-12-10', to: '2026-12-31' }), file('Order number,Date\n', 'text/csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual([expect.stringMatching(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)]));
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/bookingOrder/export.csv?from=2026-12-10&to=2026-12-31',
        headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` }),
      }),
    ]);
  });

  it('To ship (CONTRACT §14) replaces the state filter, which the server does not take with it, and exports the same selection', async () => {
    const onChange = vi.fn();
    await renderSignedIn(<Harness onChange={onChange} />);
    const state = screen.getByRole('combobox', { name: 'State' });
    await userEvent.selectOptions(state, 'Paid');
    await userEvent.click(screen.getByRole('checkbox', { name: /To ship/ }));
    expect(onChange).toHaveBeenLastCalledWith({ toShip: 'true', state: undefined });
    expect(state).toBeDisabled();
    expect(state).toHaveValue('');
    api.on('GET', API.exportOrders({ toShip: 'true' }), file('Order number,Date\n', 'text/csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.requests.map((r) => r.path)).toEqual(['/bookingOrder/export.csv?toShip=true']);
    await userEvent.click(screen.getByRole('checkbox', { name: /To ship/ }));
    expect(onChange).toHaveBeenLastCalledWith({ toShip: undefined });
    expect(state).toBeEnabled();
  });
});
