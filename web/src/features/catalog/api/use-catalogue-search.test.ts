import { describe, expect, it } from 'vitest';
import { catalogueSearchPath } from './catalogue-paths';
import type { CatalogueQuery } from './use-catalogue-search';

const query = (over: Partial<CatalogueQuery> = {}): CatalogueQuery => ({ q: '', category: [], specs: {}, sort: 'newest', ...over });

describe('catalogueSearchPath (GET /search, CONTRACT §11)', () => {
  it('asks for the search, every filter value (a key repeated), a chosen order and the cursor', () => {
    expect(
      catalogueSearchPath(
        query({ q: 'fan motor', category: ['fan-motors'], specs: { voltage: ['115', '230'], frequency: ['60'] }, sort: 'price-asc' }),
        12,
        'c1',
      ),
    ).toBe('/search?q=fan+motor&category=fan-motors&spec.voltage=115&spec.voltage=230&spec.frequency=60&sort=price-asc&limit=12&cursor=c1');
  });

  it('sends no sort for best match: the API answers a search best first', () => {
    expect(catalogueSearchPath(query({ q: 'fpcmp134a033', sort: 'relevance' }), 12, null)).toBe('/search?q=fpcmp134a033&limit=12');
  });

  it('lists the whole catalogue newest first, as the prerender preloads it (the API alone would list it oldest first)', () => {
    expect(catalogueSearchPath(query(), 12, null)).toBe('/search?sort=newest&limit=12');
  });
});
