import '../support/env';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import type { SearchResponse } from '../../common/src/responses';
import { encodeSearchCursor } from '../../common/src/search/search-query';
import { DEMO_TOOLS } from '../../scripts/seed/demo-data';
import { sweepReservations } from '../../functions/src/services/sweep/reservation-sweep';
import { buildSearchSnapshot } from '../../functions/src/services/catalog/search-snapshot';
import { newToolDoc } from '../../common/src/documents/tools';
import { api, bearer } from '../support/api';
import { db, firestoreCountsReads, makeTool, readsOf } from '../support/firestore';
import { PROJECT_ID } from '../support/env';
import { ADMIN, CUSTOMER, expectError, GOOD_CONTACT, placeBooking, stockOf, useCast } from './fixtures';

/**
 * GET /search and GET /tools?q= (CONTRACT §11) over HTTP, against the demo catalogue as the seed
 * writes it (each tool's category, specs and aliases), answered from the function's in-memory
 * index built from the search snapshot (decision 0048).
 */
const { admin, customer } = useCast({ admin: ADMIN, customer: CUSTOMER });

beforeAll(async () => {
  for (const t of DEMO_TOOLS) {
    await makeTool({
      id: t.slug,
      name: t.name,
      partNumber: t.partNumber,
      priceCents: t.priceCents,
      packSize: t.packSize,
      priceBreaks: t.priceBreaks,
      minimumQuantity: t.minimumQuantity,
      availableQuantity: t.availableQuantity,
      category: t.category,
      specs: t.specs,
      aliases: t.aliases,
    });
  }
}, 60_000);

afterEach(() => {
  process.env.SEARCH_RECHECK_MS = '0';
});

const execFileAsync = promisify(execFile);
const search = async (query: string): Promise<SearchResponse> => (await api().get(`${API.search}?${query}`).expect(200)).body as SearchResponse;
const ids = async (query: string) => (await search(query)).hits.map((h) => h._id);
const COMPRESSOR = 'hermetic-compressor-1-3hp-r134a';
const GASKET = 'magnetic-door-gasket-universal';

describe('GET /search (CONTRACT §11)', () => {
  it('finds a part by its number however it is typed, first, found by its own number', async () => {
    for (const typed of ['FP-CMP-134A-033', 'fp cmp 134a 033', 'fpcmp134a033', 'FP–CMP–134A–033']) {
      const found = await search(`q=${encodeURIComponent(typed)}`);
      expect(found.hits[0], typed).toMatchObject({ _id: COMPRESSOR, partNumber: 'FP-CMP-134A-033', matchedBy: null });
    }
    // A number never matches with a typo.
    expect((await search('q=FP-CMP-134A-034')).total).toBe(0);
  });

  it('finds a part by an older number, an appliance maker’s and a competitor’s, saying which', async () => {
    expect((await search('q=FP-CMP-134A-030')).hits[0]).toMatchObject({ _id: COMPRESSOR, matchedBy: { kind: 'superseded', number: 'FP-CMP-134A-030' } });
    expect((await search('q=ar2198597')).hits[0]).toMatchObject({ _id: COMPRESSOR, matchedBy: { kind: 'oem', number: 'AR-2198597', brand: 'Arctica' } });
    expect((await search(`q=${encodeURIComponent('acme 5531')}`)).hits[0]).toMatchObject({
      _id: GASKET,
      matchedBy: { kind: 'competitor', number: 'ACME 5531', brand: 'ACME' },
    });
  });

  it('requires every word, the last also as a prefix, and forgives a typo in a long word', async () => {
    expect(await ids(`q=${encodeURIComponent('door gasket')}`)).toEqual([GASKET]);
    expect(await ids(`q=${encodeURIComponent('door gask')}`)).toEqual([GASKET]);
    expect(await ids(`q=${encodeURIComponent('door compressor')}`)).toEqual([]);
    expect(await ids('q=compresor')).toContain(COMPRESSOR);
    expect(await ids('q=gaskte')).toContain(GASKET);
  });

  it('counts facets over all hits with each key’s own filter left out; values of one key are alternatives, keys must all hold', async () => {
    const all = await search('limit=100');
    const at115 = all.hits.filter((t) => t.specs.voltage === '115');
    const at120 = all.hits.filter((t) => t.specs.voltage === '120');
    expect(at115.length).toBeGreaterThan(1);
    expect(at120.length).toBeGreaterThan(0);

    const one = await search('spec.voltage=115&limit=2');
    expect(one.total).toBe(at115.length);
    expect(one.hits).toHaveLength(2);
    // Its own filter left out: every voltage of the catalogue is counted; the category only over 115 V.
    expect(one.facets.voltage!['115']).toBe(at115.length);
    expect(one.facets.voltage!['120']).toBe(at120.length);
    const categories115 = new Set(at115.map((t) => t.category));
    expect(Object.keys(one.facets.category!).sort()).toEqual([...categories115].sort());

    const either = await search('spec.voltage=115&spec.voltage=120&limit=100');
    expect(either.total).toBe(at115.length + at120.length);
    const both = await search('spec.voltage=115&spec.voltage=120&category=thermostats&limit=100');
    expect(both.hits.map((h) => h._id)).toEqual(at120.filter((t) => t.category === 'thermostats').map((t) => t._id));
    for (const h of both.hits) expect(['115', '120']).toContain(h.specs.voltage);
  });

  it('lists the catalogue without q or filters, oldest first, and sorts by price when asked', async () => {
    const all = await search('limit=100');
    expect(all.total).toBe(DEMO_TOOLS.length);
    const byPrice = (await search('sort=price-asc&limit=100')).hits.map((h) => h.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const dearest = (await search('sort=price-desc&limit=1')).hits[0]!.price;
    expect(dearest).toBe(Math.max(...byPrice));
  });

  it('pages with the cursor to the end, every hit once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: SearchResponse = await search(`limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(DEMO_TOOLS.length);
      seen.push(...page.hits.map((h) => h._id));
      cursor = page.cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(Math.ceil(DEMO_TOOLS.length / 4));
    expect(new Set(seen).size).toBe(DEMO_TOOLS.length);
    // A cursor past the end is an empty last page.
    expect(await search(`cursor=${encodeSearchCursor(500)}`)).toMatchObject({ hits: [], total: DEMO_TOOLS.length, cursor: null });
  });

  it('refuses bad input with 400 and the shop’s error body', async () => {
    for (const query of [
      `q=${'x'.repeat(201)}`,
      'q=gasket%00',
      'q=gas%0Aket',
      'spec.colour=red',
      'colour=red',
      'sort=cheapest',
      'cursor=not-a-cursor',
      'cursor=b0xMDA',
      'limit=0',
      'limit=101',
      'limit=2.5',
      'q=a&q=b',
    ]) {
      const res = await api().get(`${API.search}?${query}`);
      expect(res.status, query).toBe(400);
      expectError(res.body, 'invalid-argument');
    }
    const unknown = await api().get(`${API.search}?spec.colour=red`).expect(400);
    expect(unknown.body.error.message).toMatch(/colour/);
  });

  it('is cacheable by the CDN like the catalogue, and never when signed in', async () => {
    const res = await api().get(`${API.search}?q=gasket`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const signedIn = await api().get(`${API.search}?q=gasket`).set(bearer(admin.token)).expect(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('GET /tools?q= answers the same hits as a plain list in the catalogue’s shape', async () => {
    for (const q of ['compressor', 'fp tl', '115', 'ar2198597']) {
      const hits = (await search(`q=${encodeURIComponent(q)}&limit=100`)).hits;
      const list = (
        await api()
          .get(`${API.tools}?q=${encodeURIComponent(q)}`)
          .expect(200)
      ).body as { _id: string }[];
      expect(list, q).toEqual(hits.map(({ matchedBy: _, ...tool }) => tool));
    }
    const first = await api().get(`${API.tools}?q=motor&limit=1`).expect(200);
    expect(first.body).toHaveLength(1);
    const next = await api().get(`${API.tools}?q=motor&limit=1&cursor=${first.headers['x-next-cursor']}`).expect(200);
    expect(next.body[0]._id).not.toBe(first.body[0]._id);
  });

  it('an admin’s add, edit and delete are searchable once the index re-checks the snapshot, not before', async () => {
    process.env.SEARCH_RECHECK_MS = '20000';
    await search('q=gasket');
    const added = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({
        image: '/images/tools/filter-drier.svg',
        name: 'Condenser Coil Brush',
        description: 'Cleans coils.',
        price: '12.50',
        minimumQuantity: '1',
        availableQuantity: '9',
        weight: '1',
      })
      .expect(201);
    // Within the re-check interval the index held answers, without reading.
    expect(await ids('q=condenser coil')).toEqual([]);
    process.env.SEARCH_RECHECK_MS = '0';
    expect(await ids('q=condenser coil')).toEqual([added.body._id]);

    await api().patch(API.editTool(added.body._id)).set(bearer(admin.token)).send({ price: '14.00' }).expect(200);
    expect((await search('q=condenser coil')).hits[0]).toMatchObject({ _id: added.body._id, price: 14 });
    await api().delete(API.deleteTool(added.body._id)).set(bearer(admin.token)).expect(200);
    expect(await ids('q=condenser coil')).toEqual([]);
  });

  it('an admin sets a category and specs on Add A Product and changes them on the product form; the filters and facets follow', async () => {
    // The catalogue's own 230 V parts (the seed's condensing unit), there before and after.
    const catalogue230 = await ids('spec.voltage=230');
    const added = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({
        image: '/images/tools/filter-drier.svg',
        name: 'Evaporator Fan Blade',
        description: 'Five blades.',
        price: '6.50',
        minimumQuantity: '1',
        availableQuantity: '40',
        weight: '1',
        category: 'fan-motors',
        specs: { voltage: '230 V', speed: '1550 RPM' },
      })
      .expect(201);
    expect(added.body).toMatchObject({ category: 'fan-motors', specs: { voltage: '230', speed: '1550' } });
    const at230 = await search('spec.voltage=230&category=fan-motors');
    expect(at230.hits.map((h) => h._id)).toEqual([added.body._id]);
    expect(at230.facets.speed).toEqual({ '1550': 1 });

    const edited = await api()
      .patch(API.editTool(added.body._id))
      .set(bearer(admin.token))
      .send({ category: 'defrost', specs: { voltage: '240' } })
      .expect(200);
    expect(edited.body).toMatchObject({ category: 'defrost', specs: { voltage: '240' } });
    expect(await ids('spec.voltage=230')).toEqual(catalogue230);
    expect(await ids('spec.voltage=240&category=defrost')).toEqual([added.body._id]);
    await api().patch(API.editTool(added.body._id)).set(bearer(admin.token)).send({ category: null, specs: {} }).expect(200);
    expect((await search('q=evaporator fan blade')).hits[0]).toMatchObject({ _id: added.body._id, category: null, specs: {} });
    await api().delete(API.deleteTool(added.body._id)).set(bearer(admin.token)).expect(200);
  });

  it('refuses a category or a spec the catalogue does not have with 400 naming the field, and changes nothing', async () => {
    const tool = await makeTool({ name: 'Spec Probe', priceCents: 500, minimumQuantity: 1, availableQuantity: 5, category: 'gauges', specs: { length: '60' } });
    for (const [body, field] of [
      [{ category: 'boats' }, 'category'],
      [{ specs: { colour: 'red' } }, 'specs.colour'],
      [{ specs: { voltage: 'x'.repeat(41) } }, 'specs.voltage'],
      [{ specs: ['115'] }, 'specs'],
    ] as const) {
      const res = await api().patch(API.editTool(tool)).set(bearer(admin.token)).send(body).expect(400);
      expectError(res.body, 'invalid-argument');
      expect(Object.keys(res.body.error.fields ?? {})).toContain(field);
    }
    const after = (await api().get(API.tool(tool)).expect(200)).body;
    expect(after).toMatchObject({ category: 'gauges', specs: { length: '60' } });
    await api().patch(API.editTool(tool)).set(bearer(customer.token)).send({ category: 'tools' }).expect(403);
    await api().delete(API.deleteTool(tool)).set(bearer(admin.token)).expect(200);
  });

  it('an order’s stock reaches the hits with the next sweep, which reads only the tools that moved', async () => {
    const gasket = DEMO_TOOLS.find((t) => t.slug === GASKET)!;
    const listed = (await search('q=door gasket')).hits[0]!.availableQuantity;
    const quantity = Math.ceil(gasket.minimumQuantity / gasket.packSize) * gasket.packSize;
    await placeBooking(customer, { toolId: GASKET, quantity, ...GOOD_CONTACT }).expect(201);
    // Orders do not write the snapshot: the hit keeps the stock it had.
    expect((await search('q=door gasket')).hits[0]!.availableQuantity).toBe(listed);
    const swept = async () => {
      const summary = await sweepReservations();
      expect(summary.stockRefreshed).toBe(1);
      expect(summary.errors).toBe(0);
    };
    if (firestoreCountsReads()) {
      const stats = await readsOf(swept);
      // The version document, the one tool that moved and its chunk (and the sweep's own queries of bookings and mail).
      expect(stats.byCollection.tools).toBe(1);
      expect(stats.byCollection.chunks).toBe(1);
    } else await swept();
    expect((await search('q=door gasket')).hits[0]!.availableQuantity).toBe(await stockOf(GASKET));
    expect(await stockOf(GASKET)).toBe(listed - quantity);
    // Nothing moved since: the next sweep carries nothing.
    expect((await sweepReservations()).stockRefreshed).toBe(0);
  });

  it('scripts/build-search-snapshot.ts builds the snapshot ahead: tools written past the admin API become searchable', async () => {
    // Tools imported straight into Firestore (a migration) are not in the snapshot until it is built again.
    const ref = db.collection('tools').doc();
    const fields = {
      name: 'Imported Drain Heater',
      description: 'Came in by import.',
      image: '/images/tools/defrost-heater.svg',
      partNumber: `FP-IMP-${Date.now()}`,
    };
    await ref.set(newToolDoc({ ...fields, priceCents: 1500, packSize: 1, priceBreaks: [], minimumQuantity: 1, availableQuantity: 5 }, Timestamp.now()));
    expect(await ids('q=imported drain heater')).toEqual([]);
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', 'scripts/build-search-snapshot.ts', '--project', PROJECT_ID], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: process.env,
    });
    expect(stdout).toMatch(/search snapshot of project demo-fridgeparts built in/);
    expect(await ids('q=imported drain heater')).toEqual([ref.id]);
    expect(await ids(`q=${fields.partNumber.toLowerCase().replaceAll('-', '')}`)).toEqual([ref.id]);
    await ref.delete();
    await buildSearchSnapshot({ force: true });
  });

  it('reads no Firestore document for a warm search', async (ctx) => {
    if (!firestoreCountsReads()) ctx.skip();
    process.env.SEARCH_RECHECK_MS = '20000';
    await search('q=gasket');
    const stats = await readsOf(async () => {
      await search('q=compressor');
      await search('spec.voltage=115&sort=price-asc');
      await api().get(`${API.tools}?q=motor`).expect(200);
    });
    expect(stats.byCollection.searchSnapshot ?? 0).toBe(0);
    expect(stats.byCollection.chunks ?? 0).toBe(0);
    expect(stats.byCollection.tools ?? 0).toBe(0);
  });
});
