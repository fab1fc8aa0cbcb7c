import { describe, expect, it } from 'vitest';
import { fakeApi, failure, json, page } from './fake-api';

const api = fakeApi();
const get = (path: string, init?: RequestInit) => fetch(path, init);

describe('fakeApi', () => {
  it('answers by method and path; the query values a route names must match, others (limit, cursor) may be added', async () => {
    api
      .on('GET', '/booking?email=a%40b.co', page([{ _id: 'b1' }], 'next'))
      .on('GET', '/booking?email=c%40d.co', failure('permission-denied', 'Not yours.'))
      .on('DELETE', '/booking?email=a%40b.co&id=b1', json({ deletedCount: 1 }));
    const listed = await get('/booking?email=a%40b.co&limit=10');
    expect(await listed.json()).toEqual([{ _id: 'b1' }]);
    expect(listed.headers.get('X-Next-Cursor')).toBe('next');
    const refused = await get('/booking?limit=10&email=c%40d.co');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: 'permission-denied', message: 'Not yours.' } });
    expect(await (await get('/booking?email=a%40b.co&id=b1', { method: 'DELETE' })).json()).toEqual({ deletedCount: 1 });
  });

  it('lets the newest answer win, uses a once answer once, and keeps what was sent', async () => {
    api.on('PUT', '/cart', json({ version: '1' })).once('PUT', '/cart', failure('precondition-failed', 'Moved.', undefined, { cart: { version: '2' } }));
    const first = await get('/cart', {
      method: 'PUT',
      headers: { 'If-Match': '"1"', 'Content-Type': 'application/json' },
      body: JSON.stringify({ lines: [] }),
    });
    expect(first.status).toBe(412);
    expect(await first.json()).toMatchObject({ cart: { version: '2' } });
    expect((await get('/cart', { method: 'PUT' })).status).toBe(200);
    expect(api.sent('PUT', '/cart')[0]).toEqual({
      method: 'PUT',
      path: '/cart',
      body: { lines: [] },
      headers: { 'if-match': '"1"', 'content-type': 'application/json' },
    });
  });
});
