import { describe, expect, it } from 'vitest';
import { catalogPagePath } from './use-tool-catalog';

describe('catalogPagePath', () => {
  it('asks for a sort the buyer chose, with the search and the cursor', () => {
    expect(catalogPagePath('fan motor', 'price-asc', 12, 'c1')).toBe('/tools?sort=price-asc&limit=12&q=fan+motor&cursor=c1');
  });

  it('sends no sort for best match: the API answers a search best first', () => {
    expect(catalogPagePath('fpcmp134a033', 'relevance', 12, null)).toBe('/tools?limit=12&q=fpcmp134a033');
  });

  it('keeps the whole catalogue newest first, as the prerender preloads it', () => {
    expect(catalogPagePath('', 'newest', 12, null)).toBe('/tools?sort=newest&limit=12');
  });
});
