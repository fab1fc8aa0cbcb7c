import { describe, expect, it } from 'vitest';
import { fakeApi, failure, json, page } from './fake-api';

const api = fakeApi();
const get = (path: string, init?: RequestInit) => fetch(path, init);
const BEARER = { Authorization: 'Bearer test-token' };
const JSON_BODY = { ...BEARER, 'Content-Type': 'application/json' };

describe('fakeApi', () => {
  it('answers by method and path; the query values a route names must match, others (limit, cursor) may be added', async () => {
    api
      .on('GET', '/booking?email=a%40b.co', page([{ _id: 'b1' }], 'next'))
      .on('GET', '/booking?email=c%40d.co', failure('permission-denied', 'Not yours.'))
      .on('DELETE', '/booking?email=a%40b.co&id=b1', json({ deletedCount: 1 }));
    const listed = await get('/booking?email=a%40b.co&limit=10', { headers: BEARER });
    expect(await listed.json()).toEqual([{ _id: 'b1' }]);
    expect(listed.headers.get('X-Next-Cursor')).toBe('next');
    const refused = await get('/booking?limit=10&email=c%40d.co', { headers: BEARER });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'permission-denied', message: 'Not yours.' } });
    expect(await (await get('/booking?email=a%40b.co&id=b1', { method: 'DELETE', headers: BEARER })).json()).toEqual({ deletedCount: 1 });
  });

  it('lets the newest answer win, uses a once answer once, and keeps what was sent', async () => {
    api.on('PUT', '/cart', json({ version: '1' })).once('PUT', '/cart', failure('precondition-failed', 'Moved.', undefined, { cart: { version: '2' } }));
    const first = await get('/cart', { method: 'PUT', headers: { ...JSON_BODY, 'If-Match': '"1"' }, body: JSON.stringify({ lines: [] }) });
    expect(first.status).toBe(412);
    expect(await first.json()).toMatchObject({ cart: { version: '2' } });
    expect((await get('/cart', { method: 'PUT', headers: JSON_BODY, body: JSON.stringify({ lines: [] }) })).status).toBe(200);
    expect(api.sent('PUT', '/cart')[0]).toEqual({
      method: 'PUT',
      path: '/cart',
      body: { lines: [] },
      headers: { 'if-match': '"1"', 'content-type': 'application/json', authorization: 'Bearer test-token' },
    });
  });

  it('passes a request the route table allows: a public read without a token, a conditional write with a quoted tag or *, a CSV import', async () => {
    api.on('GET', '/tools', page([])).on('PATCH', '/companies/c1', json({})).on('POST', '/parts/aliases/import', json({}));
    expect((await get('/tools?limit=10')).status).toBe(200);
    for (const tag of ['"3"', 'W/"3", "4"', '*']) {
      const patched = await get('/companies/c1', { method: 'PATCH', headers: { ...JSON_BODY, 'If-Match': tag }, body: JSON.stringify({ name: 'Northwind' }) });
      expect(patched.status, tag).toBe(200);
    }
    const csv = 'partNumber,number,kind,brand\nFP-THM-CC-036,123,oem,Acme\n';
    const imported = await get('/parts/aliases/import', { method: 'POST', headers: { ...BEARER, 'Content-Type': 'text/csv' }, body: csv });
    expect(imported.status).toBe(200);
    expect(api.sent('POST', '/parts/aliases/import')[0]?.body).toBe(csv);
    expect(api.takeRefused()).toEqual([]);
  });

  // Each bad request is refused with 400 before the test's answer is used, and kept as a refusal
  // that fails the test in afterEach (taken here, so this test itself passes).
  it.each([
    ['an unknown path', 'GET', '/no-such-path', {}, undefined, 'no route of the API has the path /no-such-path'],
    ['a method the path does not take', 'DELETE', '/tools', {}, undefined, '/tools takes GET, not DELETE'],
    ['a path the table spells otherwise', 'GET', '/Tools', {}, undefined, 'no route of the API has the path /Tools'],
    ['a query the route does not parse', 'GET', '/booking?email=not-an-email', BEARER, undefined, 'the query is not valid (email:'],
    ['no token where the route needs one', 'GET', '/cart', {}, undefined, 'it needs Authorization: Bearer <token>, got none'],
    ['a token not sent as a Bearer', 'GET', '/cart', { Authorization: 'test-token' }, undefined, 'got "test-token"'],
    [
      'an unquoted If-Match',
      'PATCH',
      '/companies/c1',
      { ...JSON_BODY, 'If-Match': '1' },
      { name: 'N' },
      'If-Match must be a quoted entity tag ("3") or *, got "1"',
    ],
    [
      'If-Match where the write is not conditional',
      'DELETE',
      '/booking?email=a%40b.co&id=b1',
      { ...BEARER, 'If-Match': '"1"' },
      undefined,
      'is not a conditional write',
    ],
    [
      'a body that does not parse under the route’s schema',
      'PUT',
      '/cart',
      JSON_BODY,
      { lines: 'none' },
      "the body does not parse under the route's schema (lines:",
    ],
    ['no body where the route needs one', 'PUT', '/cart', BEARER, undefined, 'PUT /cart needs a body, none was sent'],
    ['a JSON body without its content type', 'PUT', '/cart', BEARER, { lines: [] }, 'PUT /cart takes JSON, sent as no content type'],
    ['a body where the route takes none', 'GET', '/tools', { 'Content-Type': 'application/json' }, {}, 'GET /tools takes no body, but one was sent'],
  ])('refuses %s', async (_what, method, path, headers, body, why) => {
    api.on(method as 'GET', path.split('?')[0]!, json({}));
    const answer = await get(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: 'invalid-argument', message: expect.stringContaining('The fake API refused') } });
    const refused = api.takeRefused();
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain(why);
  });
});
