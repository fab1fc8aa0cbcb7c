import { describe, expect, it } from 'vitest';
import { filterCount, queryFromUrl, toggleFilter, withoutFilters } from './catalogue-url';

const url = (s: string) => new URLSearchParams(s);

describe('the catalogue search in the URL (CONTRACT §11)', () => {
  it('reads the search, the categories, each spec key’s values and the order', () => {
    expect(queryFromUrl(url('q=+fan+motor+&category=fan-motors&spec.voltage=230&spec.voltage=115&sort=price-asc'))).toEqual({
      q: 'fan motor',
      category: ['fan-motors'],
      specs: { voltage: ['115', '230'] },
      sort: 'price-asc',
    });
  });

  it('orders best first while searching and newest first otherwise, whatever the URL says of relevance', () => {
    expect(queryFromUrl(url('q=gasket')).sort).toBe('relevance');
    expect(queryFromUrl(url('')).sort).toBe('newest');
    expect(queryFromUrl(url('sort=relevance')).sort).toBe('newest');
    expect(queryFromUrl(url('sort=cheapest')).sort).toBe('newest');
  });

  it('keeps spec keys in the catalogue’s order and drops keys it does not have (the API would answer 400), empty and repeated values', () => {
    const q = queryFromUrl(url('spec.speed=1500&spec.voltage=115&spec.colour=red&spec.voltage=115&spec.voltage=&category='));
    expect(Object.keys(q.specs)).toEqual(['voltage', 'speed']);
    expect(q.specs.voltage).toEqual(['115']);
    expect(q.category).toEqual([]);
  });

  it('ticks and unticks one value, keeps the rest, and clears only the filters', () => {
    const ticked = toggleFilter(url('q=motor&spec.voltage=115&sort=price-asc'), 'voltage', '230');
    expect(ticked.toString()).toBe('q=motor&sort=price-asc&spec.voltage=115&spec.voltage=230');
    expect(toggleFilter(ticked, 'voltage', '115').getAll('spec.voltage')).toEqual(['230']);
    const withCategory = toggleFilter(ticked, 'category', 'fan-motors');
    expect(withCategory.getAll('category')).toEqual(['fan-motors']);
    expect(filterCount(queryFromUrl(withCategory))).toBe(3);
    expect(withoutFilters(withCategory).toString()).toBe('q=motor&sort=price-asc');
  });
});
