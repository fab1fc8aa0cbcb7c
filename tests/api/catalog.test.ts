import { FieldValue } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { CATALOGUE_VOCABULARY } from '../../common/src/search/vocabulary';
import { api } from '../support/api';
import { clearFirestore, db, makeTool } from '../support/firestore';

describe('catalogue: GET /tools, GET /tool/{id}', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    await clearFirestore();
    for (let i = 0; i < 8; i++)
      ids.push(await makeTool({ name: i === 3 ? 'Door Gasket Universal' : `Compressor Model ${i}`, priceCents: 1000 + ((i * 7) % 8) * 100 }));
  });

  it('lists every tool oldest first, prices in dollars', async () => {
    const res = await api().get('/tools').expect(200);
    expect(res.body.map((t: { _id: string }) => t._id)).toEqual(ids);
    expect(res.body[0]).toMatchObject({ price: 10, minimumQuantity: 2, availableQuantity: 100 });
    expect(res.body[0]).not.toHaveProperty('priceCents');
  });

  it('returns the newest N for the home page', async () => {
    const res = await api().get('/tools?sort=newest&limit=6').expect(200);
    expect(res.body.map((t: { _id: string }) => t._id)).toEqual(ids.slice(2).reverse());
  });

  it('pages with a cursor until the last page', async () => {
    const first = await api().get('/tools?limit=5').expect(200);
    const cursor = first.headers['x-next-cursor'];
    expect(first.body).toHaveLength(5);
    expect(cursor).toBeTruthy();
    const second = await api().get(`/tools?limit=5&cursor=${cursor}`).expect(200);
    expect(second.body.map((t: { _id: string }) => t._id)).toEqual(ids.slice(5));
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('sorts by price and searches by a word prefix of the name', async () => {
    const byPrice = await api().get('/tools?sort=price-asc').expect(200);
    const prices = byPrice.body.map((t: { price: number }) => t.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const found = await api().get('/tools?q=gask').expect(200);
    expect(found.body.map((t: { name: string }) => t.name)).toEqual(['Door Gasket Universal']);
  });

  it('finds a plural, a part of a refrigerant name and a misspelt word; gibberish finds nothing', async () => {
    const names = async (q: string) =>
      (
        (
          await api()
            .get(`/tools?q=${encodeURIComponent(q)}`)
            .expect(200)
        ).body as { name: string }[]
      ).map((t) => t.name);
    expect(await names('gaskets')).toEqual(['Door Gasket Universal']);
    expect(await names('compresor')).toHaveLength(7);
    expect(await names('Compresor Model')).toHaveLength(7);
    expect(await names('zzqxv')).toEqual([]);
    // A misspelt query pages like any other: the next page follows the same loosened term.
    const first = await api().get('/tools?q=compresor&limit=4').expect(200);
    expect(first.body).toHaveLength(4);
    const next = await api().get(`/tools?q=compresor&limit=4&cursor=${first.headers['x-next-cursor']}`).expect(200);
    expect(next.body).toHaveLength(3);
  });

  it('rejects a bad sort or limit with 400 and a message', async () => {
    const res = await api().get('/tools?sort=cheapest').expect(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect(res.body.error.message).toMatch(/sort must be one of/);
    await api().get('/tools?limit=0').expect(400);
    await api().get('/tools?cursor=not-a-cursor&limit=2').expect(400);
  });

  it('answers one tool, and 404 with the error body for an unknown id', async () => {
    const res = await api().get(`/tool/${ids[0]}`).expect(200);
    expect(res.body._id).toBe(ids[0]);
    const missing = await api().get('/tool/no-such-tool').expect(404);
    expect(missing.body).toEqual({ error: { code: 'not-found', message: expect.stringContaining('no-such-tool') } });
  });

  it('answers how a tool is found (CONTRACT §11): its category, specs and aliases; none on a tool stored before', async () => {
    const found = await makeTool({
      name: 'Run Capacitor',
      category: 'electrical',
      specs: { voltage: '370', capacitance: '15' },
      aliases: [
        { number: 'CP-15370', kind: 'competitor', brand: 'CoolPro' },
        { number: 'FP-CAP-15-330', kind: 'superseded' },
      ],
    });
    const res = await api().get(API.tool(found)).expect(200);
    expect(res.body).toMatchObject({
      category: 'electrical',
      specs: { voltage: '370', capacitance: '15' },
      aliases: [
        { number: 'CP-15370', kind: 'competitor', brand: 'CoolPro' },
        { number: 'FP-CAP-15-330', kind: 'superseded' },
      ],
    });
    // A tool written before §11 has none of the fields: the API answers the defaults.
    const old = await makeTool({ name: 'Old Relay' });
    await db.collection('tools').doc(old).update({ category: FieldValue.delete(), specs: FieldValue.delete(), aliases: FieldValue.delete() });
    expect((await api().get(API.tool(old)).expect(200)).body).toMatchObject({ category: null, specs: {}, aliases: [] });
  });

  it("GET /specs answers the catalogue's categories and spec keys with labels and units, cacheable like the catalogue", async () => {
    const res = await api().get(API.specs).expect(200);
    expect(res.body).toEqual(CATALOGUE_VOCABULARY);
    expect(res.body.specs).toContainEqual({ key: 'voltage', label: 'Voltage', unit: 'V' });
    expect(res.body.categories.map((c: { key: string }) => c.key)).toContain('compressors');
    expect(res.headers['cache-control']).toMatch(/^public/);
    // Signed in, it is the caller's own copy: never kept by the CDN.
    const signedIn = await api().get(API.specs).set('Authorization', 'Bearer x').expect(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('answers unknown paths with 404 JSON and malformed JSON bodies with 400', async () => {
    await api().get('/nope').expect(404);
    const res = await api().post('/reviews').set('Content-Type', 'application/json').send('{bad json').expect(400);
    expect(res.body.error.message).toMatch(/not valid JSON/);
  });
});
