import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartLine } from '@fridgeparts/common/cart';
import { availabilityFixture } from '../../../test-support/availability-fixture';
import { BackorderTick, wantsMoreThanStock } from './cart-table';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  toolId: 'gasket',
  partNumber: 'FP-GSK-1',
  name: 'Door Gasket',
  quantity: 10,
  price: 2.5,
  lineTotal: 25,
  minimumQuantity: 1,
  packSize: 1,
  availableQuantity: 4,
  availability: availabilityFixture(4),
  problem: null,
  resolvedFrom: null,
  backorder: false,
  backorderedQuantity: 0,
  expectedOn: null,
  coreDeposit: 0,
  ...over,
});

describe('Backorder the rest (decision 0080)', () => {
  afterEach(cleanup);

  it('is offered only on a line asking for more than is available, or already ticked', () => {
    expect(wantsMoreThanStock(line())).toBe(true);
    expect(wantsMoreThanStock(line({ quantity: 4 }))).toBe(false);
    expect(wantsMoreThanStock(line({ availableQuantity: null }))).toBe(false);
    const { rerender } = render(<BackorderTick line={line({ quantity: 3 })} busy={false} onChange={() => undefined} />);
    expect(screen.queryByRole('checkbox', { name: /backorder the rest/i })).toBeNull();
    rerender(<BackorderTick line={line({ quantity: 3, backorder: true })} busy={false} onChange={() => undefined} />);
    expect(screen.getByRole('checkbox', { name: /backorder the rest/i })).toBeChecked();
  });

  it('ticked, asks for the line to backorder; the line says how many wait and until when', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<BackorderTick line={line()} busy={false} onChange={onChange} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /backorder the rest/i }));
    expect(onChange).toHaveBeenCalledWith(true);
    rerender(<BackorderTick line={line({ backorder: true, backorderedQuantity: 6, expectedOn: '2026-12-14' })} busy={false} onChange={onChange} />);
    expect(screen.getByTestId('cart-line-backordered')).toHaveTextContent('6 backordered, expected 2026-12-14');
    await userEvent.click(screen.getByRole('checkbox', { name: /backorder the rest/i }));
    expect(onChange).toHaveBeenLastCalledWith(false);
  });
});
