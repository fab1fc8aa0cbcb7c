import { describe, expect, it } from 'vitest';
import { searchPath } from './search-path';

describe('searchPath (GET /search, CONTRACT §11)', () => {
  it('asks the best hits of a text with its page size alone, as the navigation bar and the picker do', () => {
    expect(searchPath({ q: 'fan motor', limit: 6 })).toBe('/search?q=fan+motor&limit=6');
  });

  it('leaves out an empty text, no filters, no sort and no cursor', () => {
    expect(searchPath({ q: '', category: [], specs: {}, cursor: null, limit: 12 })).toBe('/search?limit=12');
  });

  it('repeats a key for each of its values, in the order given', () => {
    expect(searchPath({ category: ['a', 'b'], specs: { voltage: ['230', '115'] }, sort: 'price-desc', limit: 3, cursor: 'c' })).toBe(
      '/search?category=a&category=b&spec.voltage=230&spec.voltage=115&sort=price-desc&limit=3&cursor=c',
    );
  });
});
