import { describe, expect, it } from 'vitest';
import { API } from '@fridgeparts/common/api-paths';
import { earlyReadsFor, htmlPreloadsFor, matchRoute } from './early-reads';
import { ROUTES } from '../lib/infra/paths';

const reads = (address: string) => earlyReadsFor(new URL(address, 'https://shop.test')).map((r) => `${r.path} (${r.accept})`);

describe('early reads (decision 0053)', () => {
  it('matches route patterns as the router does: any letter case, a trailing slash, a decoded segment', () => {
    expect(matchRoute(ROUTES.applianceModel, '/appliance-models/NRT18F2W')).toEqual({ modelKey: 'NRT18F2W' });
    expect(matchRoute(ROUTES.applianceModel, '/Appliance-Models/nrt%2018f2w/')).toEqual({ modelKey: 'nrt 18f2w' });
    expect(matchRoute(ROUTES.applianceModel, '/appliance-models/NRT18F2W/more')).toBeNull();
    expect(matchRoute(ROUTES.applianceModel, '/appliance-models/%E0%A4%A')).toBeNull();
    expect(matchRoute(ROUTES.home, '/')).toEqual({});
    expect(matchRoute(ROUTES.catalog, '/purchaseorder/condenser-fan-motor')).toBeNull();
  });

  it("reads the catalogue's first page of the search its address holds, as the catalogue asks it", () => {
    expect(reads('/purchaseorder')).toEqual(['/search?sort=newest&limit=12 (application/json)']);
    // With a search, the plain list its HTML preloaded is read too (taken from the preload, kept for the app).
    expect(reads('/purchaseorder?q=fan+motor&category=fan-motors&spec.voltage=115')).toEqual([
      '/search?q=fan+motor&category=fan-motors&spec.voltage=115&limit=12 (application/json)',
      '/search?sort=newest&limit=12 (application/json)',
    ]);
    // A spec key the catalogue does not know is not sent (the API would answer 400), nor is it here.
    expect(reads('/purchaseorder?spec.colour=red&sort=price-asc')).toEqual([
      '/search?sort=price-asc&limit=12 (application/json)',
      '/search?sort=newest&limit=12 (application/json)',
    ]);
    // A query that asks what the plain list asks reads it once.
    expect(reads('/purchaseorder?spec.colour=red')).toEqual(['/search?sort=newest&limit=12 (application/json)']);
  });

  it('reads a model by its key and then the drawing of the section the address names, or the first', () => {
    const [model] = earlyReadsFor(new URL('https://shop.test/appliance-models/nrt-18f2w?section=machine'));
    expect(model?.path).toBe(API.model('NRT18F2W'));
    const sections = [
      { id: 'door', diagram: '/models/NRT18F2W/sections/door/diagram.svg' },
      { id: 'machine', diagram: '/models/NRT18F2W/sections/machine/diagram.svg' },
    ];
    expect(model?.next?.({ sections })).toEqual([{ path: '/models/NRT18F2W/sections/machine/diagram.svg', accept: 'image/svg+xml' }]);
    const [other] = earlyReadsFor(new URL('https://shop.test/appliance-models/NRT18F2W?section=gone'));
    expect(other?.next?.({ sections })).toEqual([{ path: '/models/NRT18F2W/sections/door/diagram.svg', accept: 'image/svg+xml' }]);
    // A 404's body (the nearest models) leads nowhere.
    expect(other?.next?.({ error: { code: 'not-found' }, suggestions: [] })).toEqual([]);
    expect(reads('/appliance-models/--')).toEqual([]);
  });

  it('reads Find by model’s browsing list as its address filters it, and the search when there is one', () => {
    expect(reads('/appliance-models')).toEqual([`${API.models()} (application/json)`]);
    expect(reads('/appliance-models?type=chest-freezer&brand=Nordcold&q=nr')).toEqual([
      `${API.models({ brand: 'Nordcold', applianceType: 'chest-freezer' })} (application/json)`,
      `${API.models()} (application/json)`,
    ]);
    expect(reads('/appliance-models?q=nrt-18')).toEqual([`${API.models()} (application/json)`, `${API.models({ q: 'NRT18' })} (application/json)`]);
  });

  it('reads nothing first on the other pages', () => {
    expect(reads('/login')).toEqual([]);
    expect(reads('/dashboard/myorder')).toEqual([]);
  });

  it('preloads from the HTML the reads of each page’s address without a query; none for a page with parameters', () => {
    const preloads = (pattern: string) => htmlPreloadsFor(pattern).map((r) => `${r.path} (${r.accept})`);
    expect(preloads(ROUTES.catalog)).toEqual(['/search?sort=newest&limit=12 (application/json)']);
    expect(preloads(ROUTES.applianceModels)).toEqual([`${API.models()} (application/json)`]);
    expect(preloads(ROUTES.home)).toEqual(reads('/'));
    expect(preloads(ROUTES.applianceModel)).toEqual([]);
    expect(preloads(ROUTES.login)).toEqual([]);
    // What is preloaded carries nothing to paint: only the read the address asks paints.
    expect(htmlPreloadsFor(ROUTES.catalog)[0]).toEqual({ path: '/search?sort=newest&limit=12', accept: 'application/json' });
  });
});
