import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PlainPagedTable, stickyPlaces, type PagedTableState, type PlainColumn } from './plain-paged-table';

afterEach(cleanup);

const idle: PagedTableState = { loading: false, loadingMore: false, hasMore: false, error: undefined, loadMore: () => undefined, retry: () => undefined };

describe('stickyPlaces', () => {
  it('puts each sticky column at the summed width of the sticky columns after it, and marks the leftmost as the edge', () => {
    const columns: PlainColumn[] = [{ label: 'Name' }, { label: 'Pay', stickyWidth: 120 }, { label: 'Cancel', stickyWidth: 96 }, { label: 'More', stickyWidth: 110 }];
    const places = stickyPlaces(columns);
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
    expect(stickyPlaces([{ label: 'A' }, { label: 'B' }])).toEqual([null, null]);
  });
});

describe('PlainPagedTable', () => {
  it('gives the header and every cell of a sticky column its place', () => {
    render(
      <PlainPagedTable
        caption="Orders"
        columns={[{ label: 'Item' }, { label: 'Action', stickyWidth: 100 }]}
        items={['a', 'b']}
        list={idle}
        rowKey={(x) => x}
        cells={(x) => [x, <button type="button">Act on {x}</button>]}
        empty={<p>None</p>}
      />,
    );
    const header = screen.getByRole('columnheader', { name: 'Action' });
    expect(header.style.getPropertyValue('--sticky-right')).toBe('0px');
    const cell = screen.getByRole('button', { name: 'Act on b' }).closest('td')!;
    expect(cell.style.getPropertyValue('--sticky-width')).toBe('100px');
    expect(screen.getByRole('cell', { name: 'a' }).getAttribute('style')).toBeNull();
  });
});
