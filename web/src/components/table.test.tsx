import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stickyPlaces, Table, type Column, type LoadedRows } from './table';

afterEach(cleanup);

interface Part {
  id: string;
  name: string;
  stock: number;
}
const parts: Part[] = [
  { id: 'g', name: 'Door Gasket', stock: 40 },
  { id: 'c', name: 'Compressor', stock: 3 },
];
const NAME: Column<Part> = { id: 'name', header: 'Item name', cell: (p) => p.name };
const STOCK: Column<Part> = { id: 'stock', header: 'Available quantity', cell: (p) => p.stock };
const INDEX: Column<Part> = { id: 'index', header: '#', cell: (_p, i) => i + 1 };

/** Each row's cells as [header, text] pairs, read through the cells' own labels. */
function rowsOf(): string[][][] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => [cell.getAttribute('data-label') ?? '', cell.textContent ?? '']),
    );
}

describe('stickyPlaces', () => {
  it('puts each sticky column at the summed width of the sticky columns after it, and marks the leftmost as the edge', () => {
    const places = stickyPlaces([{}, { stickyWidth: 120 }, { stickyWidth: 96 }, { stickyWidth: 110 }]);
    expect(places[0]).toBeNull();
    expect(places.slice(1).map((p) => p?.style)).toEqual([
      { '--sticky-right': '206px', '--sticky-width': '120px' },
      { '--sticky-right': '110px', '--sticky-width': '96px' },
      { '--sticky-right': '0px', '--sticky-width': '110px' },
    ]);
    const edges = places.map((p) => (p?.className.split(' ').length ?? 0) > 1);
    expect(edges).toEqual([false, true, false, false]);
  });

  it('leaves a table without sticky columns alone', () => {
    expect(stickyPlaces([{}, {}])).toEqual([null, null]);
  });
});

describe('Table (named columns)', () => {
  it('draws each column from its own object: header, cell and the phone label agree', () => {
    render(<Table caption="Products" columns={[INDEX, NAME, STOCK]} rows={parts} rowKey={(p) => p.id} empty={<p>None</p>} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Item name', 'Available quantity']);
    expect(rowsOf()).toEqual([
      [
        ['#', '1'],
        ['Item name', 'Door Gasket'],
        ['Available quantity', '40'],
      ],
      [
        ['#', '2'],
        ['Item name', 'Compressor'],
        ['Available quantity', '3'],
      ],
    ]);
  });

  it('moving or dropping a column moves its cells with it (nothing is tied by position)', () => {
    render(<Table caption="Products" columns={[STOCK, NAME]} rows={parts} rowKey={(p) => p.id} empty={<p>None</p>} />);
    expect(rowsOf()[0]).toEqual([
      ['Available quantity', '40'],
      ['Item name', 'Door Gasket'],
    ]);
  });

  it('gives the header and every cell of a sticky column its place', () => {
    const action: Column<Part> = { id: 'act', header: 'Action', stickyWidth: 100, cell: (p) => <button type="button">Act on {p.name}</button> };
    render(<Table caption="Orders" columns={[NAME, action]} rows={parts} rowKey={(p) => p.id} empty={<p>None</p>} />);
    const header = screen.getByRole('columnheader', { name: 'Action' });
    expect(header.style.getPropertyValue('--sticky-right')).toBe('0px');
    const cell = screen.getByRole('button', { name: 'Act on Compressor' }).closest('td')!;
    expect(cell.style.getPropertyValue('--sticky-width')).toBe('100px');
    expect(screen.getByRole('cell', { name: 'Door Gasket' }).getAttribute('style')).toBeNull();
  });

  it('shows the empty state, and a failed first page with Try again', async () => {
    const settled: LoadedRows<Part> = { items: [], loading: false, error: undefined, retry: () => undefined };
    const { rerender } = render(<Table caption="Products" columns={[NAME]} rows={settled} rowKey={(p) => p.id} empty={<p>Nothing here.</p>} />);
    expect(screen.getByText('Nothing here.')).toBeInTheDocument();
    const retry = vi.fn();
    rerender(
      <Table
        caption="Products"
        columns={[NAME]}
        rows={{ ...settled, error: new Error('Could not reach the shop.'), retry }}
        rowKey={(p) => p.id}
        empty={<p>Nothing here.</p>}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not reach the shop.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('draws an empty state from a title alone', () => {
    render(<Table caption="Products" columns={[NAME]} rows={[]} rowKey={(p) => p.id} empty="No products yet." />);
    expect(screen.getByText('No products yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows skeleton rows, not the empty state, while the first page loads', () => {
    render(
      <Table
        caption="Products"
        columns={[NAME, STOCK]}
        rows={{ items: [], loading: true, error: undefined, retry: () => undefined }}
        rowKey={(p) => p.id}
        empty="No products yet."
      />,
    );
    const table = screen.getByRole('table', { name: 'Products' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(6);
    expect(screen.queryByText('No products yet.')).toBeNull();
  });
});

describe('Table paging', () => {
  it('a table with paging offers Load more while there is more, and says when it is loading', async () => {
    const loadMore = vi.fn();
    const { rerender } = render(
      <Table caption="Parts" columns={[NAME]} rows={parts} paging={{ hasMore: true, loadingMore: false, loadMore }} rowKey={(p) => p.id} empty={null} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(loadMore).toHaveBeenCalledOnce();
    rerender(<Table caption="Parts" columns={[NAME]} rows={parts} paging={{ hasMore: true, loadingMore: true, loadMore }} rowKey={(p) => p.id} empty={null} />);
    expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled();
    rerender(
      <Table caption="Parts" columns={[NAME]} rows={parts} paging={{ hasMore: false, loadingMore: false, loadMore }} rowKey={(p) => p.id} empty={null} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a table without paging has no pager', () => {
    render(<Table caption="Parts" columns={[NAME]} rows={parts} rowKey={(p) => p.id} empty={null} />);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Table scroll hint', () => {
  /** A ResizeObserver that reports at once, and a scroll box `scrollWidth` wide in a 600 px box. */
  function layout(scrollWidth: number) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: () => void) {}
        observe() {
          queueMicrotask(this.report);
        }
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is not there while the table fits, so no blank line stands above it', async () => {
    layout(600);
    render(<Table caption="Parts" columns={[NAME, STOCK]} rows={parts} rowKey={(p) => p.id} empty={null} />);
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByText(/Scroll the table sideways/)).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('describes the scrolling region once the table is wider than its box', async () => {
    layout(900);
    render(<Table caption="Parts" columns={[NAME, STOCK]} rows={parts} rowKey={(p) => p.id} empty={null} />);
    const region = await screen.findByRole('region', { name: 'Parts' });
    expect(region).toHaveAccessibleDescription('Scroll the table sideways to see every column.');
    expect(region).toHaveAttribute('tabindex', '0');
  });
});
