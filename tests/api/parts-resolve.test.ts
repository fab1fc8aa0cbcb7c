import '../support/env';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import type { PartNotFoundBody, PartResolveResponse } from '../../common/src/responses';
import { api, bearer } from '../support/api';
import { firestoreCountsReads, readsOf } from '../support/firestore';
import { ADMIN, ANONYMOUS_CALLERS, CUSTOMER, expectError, makeDemoCatalogue, useCast } from './fixtures';

/**
 * GET /parts/resolve?number= (CONTRACT §11) over HTTP, against the demo catalogue as the seed
 * writes it, its discontinued defrost timer included: the part a number names, from the search
 * index, for every caller alike.
 */
const { customer, admin } = useCast({ customer: CUSTOMER, admin: ADMIN });

beforeAll(async () => {
  await makeDemoCatalogue();
}, 60_000);

const resolve = (number: string, headers: Record<string, string> = {}) => api().get(API.resolvePart(number)).set(headers);

describe('GET /parts/resolve', () => {
  it("answers a part's own number, however it is typed, as current", async () => {
    const res = await resolve('fp dft 8h25').expect(200);
    expect(res.body).toEqual({
      query: 'fp dft 8h25',
      normalized: 'FPDFT8H25',
      match: 'current',
      part: expect.objectContaining({ _id: 'defrost-timer', partNumber: 'FP-DFT-8H25' }),
      via: null,
      chain: ['FP-DFT-8H25'],
      message: expect.stringMatching(/^FP-DFT-8H25 is Defrost Timer/),
    } satisfies Record<keyof PartResolveResponse, unknown>);
    expect(res.body.part).not.toHaveProperty('replacedBy');
    expect(res.headers['cache-control']).toMatch(/public/);
  });

  it('leads a discontinued number to its replacement, saying so', async () => {
    const body = (await resolve('FP-DFT-6H21').expect(200)).body as PartResolveResponse;
    expect(body).toMatchObject({
      match: 'discontinued',
      part: { _id: 'defrost-timer' },
      via: { number: 'FP-DFT-6H21', kind: 'discontinued', brand: null, toolId: 'defrost-timer-6h' },
      chain: ['FP-DFT-6H21', 'FP-DFT-8H25'],
      message: 'FP-DFT-6H21 has been replaced by FP-DFT-8H25',
    });
  });

  it('answers superseded, OEM and competitor numbers with their kind and brand', async () => {
    expect((await resolve('FP-GSK-096').expect(200)).body).toMatchObject({ match: 'superseded', part: { _id: 'magnetic-door-gasket-universal' } });
    expect((await resolve('nc4387130').expect(200)).body).toMatchObject({
      match: 'oem',
      via: { number: 'NC-4387130', kind: 'oem', brand: 'Nordcold', toolId: 'defrost-timer' },
      message: 'NC-4387130 (Nordcold) is FP-DFT-8H25',
    });
    expect((await resolve('acme-5531').expect(200)).body).toMatchObject({
      match: 'competitor',
      message: 'ACME 5531 (ACME) is equivalent to FP-GSK-UNI-096',
    });
    // The discontinued timer's own OEM number leads to the current timer too.
    expect((await resolve('NC-4387100').expect(200)).body).toMatchObject({
      match: 'oem',
      part: { _id: 'defrost-timer' },
      chain: ['FP-DFT-6H21', 'FP-DFT-8H25'],
    });
  });

  it('answers 404 with up to 5 suggestions, nearest first, for a number that names nothing (never a typo match, nor O for 0)', async () => {
    for (const typed of ['FP-GSK-UNI-O96', 'FP-DFT-8H26']) {
      const res = await resolve(typed).expect(404);
      const body = res.body as PartNotFoundBody;
      expect(body.error.code).toBe('not-found');
      expect(body.suggestions.length).toBeGreaterThan(0);
      expect(body.suggestions.length).toBeLessThanOrEqual(5);
      expect(Object.keys(body.suggestions[0]!).sort()).toEqual(['_id', 'name', 'partNumber']);
    }
    expect(((await resolve('FP-GSK-UNI-O96').expect(404)).body as PartNotFoundBody).suggestions[0]?._id).toBe('magnetic-door-gasket-universal');
    expect(((await resolve('FP-DFT-8H26').expect(404)).body as PartNotFoundBody).suggestions[0]?._id).toBe('defrost-timer');
    expect(((await resolve('ZZZZZZZZ').expect(404)).body as PartNotFoundBody).suggestions).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['one character', 'A'],
    ['over 64 characters', 'A'.repeat(65)],
    ['a control character', 'FP-DFT\u00078H25'],
    ['a tab', 'FP\tDFT'],
    ['no letter or digit', '--'],
  ])('answers 400 for a number that is %s', async (_label, number) => {
    expectError((await resolve(number).expect(400)).body, 'invalid-argument');
  });

  it('answers 400 without a number, with two, or with another key', async () => {
    expectError((await api().get('/parts/resolve').expect(400)).body, 'invalid-argument');
    expectError((await api().get('/parts/resolve?number=FP-A&number=FP-B').expect(400)).body, 'invalid-argument');
    expectError((await api().get('/parts/resolve?number=FP-DFT-8H25&x=1').expect(400)).body, 'invalid-argument');
  });

  it('answers the same for anonymous callers, customers and admins', async () => {
    const bodies = [];
    for (const headers of [{}, bearer(customer.token), bearer(admin.token), ...ANONYMOUS_CALLERS.slice(0, 1).map((c) => c.headers)]) {
      bodies.push((await resolve('FP-DFT-6H21', headers).expect(200)).body);
    }
    for (const b of bodies) expect(b).toEqual(bodies[0]);
  });

  it('reads no document when the index knows the number, nor for one it suggests for', async (ctx) => {
    if (!firestoreCountsReads()) ctx.skip();
    process.env.SEARCH_RECHECK_MS = '20000';
    try {
      await resolve('FP-DFT-6H21').expect(200);
      const stats = await readsOf(async () => {
        await resolve('AR-2198597').expect(200);
        await resolve('FP-DFT-6H21').expect(200);
      });
      expect(stats.byCollection.tools ?? 0).toBe(0);
      expect(stats.byCollection.partNumbers ?? 0).toBe(0);
      expect(stats.byCollection.chunks ?? 0).toBe(0);
    } finally {
      process.env.SEARCH_RECHECK_MS = '0';
    }
  });
});
