import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { lineCheckColumn, OrderLinesTable, type OrderLineView } from './order-lines-table';

type Line = OrderLineView & { id: string; problem?: string };

const LINES: Line[] = [
  { id: 'a', partNumber: 'FP-GSK-1', name: 'Door Gasket', quantity: 10, price: 2.5, lineTotal: 25 },
  { id: 'b', partNumber: null, name: null, quantity: 5, price: null, lineTotal: null, problem: 'Only 3 available' },
];

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => [c.getAttribute('data-label'), c.textContent]);

describe('OrderLinesTable', () => {
  afterEach(cleanup);

  it('shows part number, item, quantity, unit price and line total, with a dash for what is not known', async () => {
    render(<OrderLinesTable caption="Lines of order FP-1" lines={LINES} rowKey={(l) => l.id} rowTestId="line" />);
    expect(screen.getByRole('table', { name: 'Lines of order FP-1' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Part number', 'Item', 'Quantity', 'Unit price', 'Line total']);
    const rows = await screen.findAllByTestId('line');
    expect(cellsOf(rows[0]!)).toEqual([
      ['Part number', 'FP-GSK-1'],
      ['Item', 'Door Gasket'],
      ['Quantity', '10'],
      ['Unit price', '$2.50'],
      ['Line total', '$25.00'],
    ]);
    expect(cellsOf(rows[1]!).map(([, text]) => text)).toEqual(['—', '—', '5', '—', '—']);
  });

  it("takes the page's own cells and columns, and leaves out the ones it does not have", async () => {
    render(
      <OrderLinesTable
        caption="Lines to book"
        lines={LINES}
        rowKey={(l) => l.id}
        rowTestId="line"
        omit={['name', 'price', 'lineTotal']}
        cells={{ quantity: (l) => <strong>{l.quantity} pcs</strong> }}
        before={[{ id: 'n', header: 'Line', cell: (_l, i) => i + 1 }]}
        after={[lineCheckColumn((l: Line) => l.problem, 'line-problem')]}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Line', 'Part number', 'Quantity', 'Check']);
    const rows = await screen.findAllByTestId('line');
    expect(cellsOf(rows[0]!).map(([, text]) => text)).toEqual(['1', 'FP-GSK-1', '10 pcs', 'OK']);
    expect(within(rows[1]!).getByTestId('line-problem')).toHaveTextContent('Only 3 available');
  });

  it('shows the empty state when there are no lines', () => {
    render(<OrderLinesTable caption="Your cart" lines={[]} rowKey={(l: Line) => l.id} rowTestId="line" empty={<p>Your cart is empty.</p>} />);
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
