import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('react-toastify', () => ({
  toast: { error: (...a: unknown[]) => toastError(...a), success: vi.fn(), info: vi.fn(), dismiss: vi.fn(), isActive: () => false },
}));
vi.mock('./auth-client', () => ({ currentIdToken: vi.fn(async () => 'fresh-id-token') }));
const appCheckToken = vi.fn(async (): Promise<string | null> => null);
vi.mock('./app-check', () => ({ appCheckToken: () => appCheckToken() }));

const { apiFetch, apiFetchPage, apiFetchTagged, apiFetchText, ApiError, callerHeaders, entityTag, setSessionEndHandler } = await import('./api-client');
const { EARLY_ANSWER_MAX_AGE_MS, putEarlyResponse } = await import('./early-responses');

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
}

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    toastError.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setSessionEndHandler(null);
  });

  it('sends the fresh ID token as Bearer and keeps it as accessToken', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/user/a%40b.co', { method: 'PUT', auth: true, body: { email: 'a@b.co' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer fresh-id-token');
    expect(localStorage.getItem('accessToken')).toBe('fresh-id-token');
  });

  it('sends the App Check token when App Check is configured, and no header when it is not', async () => {
    const fetchMock = respond(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/tools');
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('X-Firebase-AppCheck');
    appCheckToken.mockResolvedValueOnce('app-check-token');
    await apiFetch('/tools');
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'X-Firebase-AppCheck': 'app-check-token' });
  });

  it('sends If-Match from an ETag as it came and reads the ETag; a fresh read skips the HTTP cache', async () => {
    const fetchMock = respond(200, { _id: 't1' }, { ETag: '"v2"' });
    vi.stubGlobal('fetch', fetchMock);
    const answer = await apiFetchTagged('/manage/t1', { method: 'PATCH', auth: true, body: { addStock: 5 }, ifMatch: '"v1"' });
    expect(answer).toEqual({ body: { _id: 't1' }, etag: '"v2"' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'If-Match': '"v1"', Authorization: 'Bearer fresh-id-token' });
    expect(init.cache).toBeUndefined();
    await apiFetchTagged('/tool/t1', { auth: true, fresh: true });
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].cache).toBe('no-store');
  });

  it('sends a bare version as a quoted If-Match, and keeps what a 412 carries beside the error', async () => {
    const cart = { lines: [], lineCount: 0, total: 0, ready: false, updatedAt: null, version: '7' };
    const fetchMock = respond(412, { error: { code: 'precondition-failed', message: 'Your cart changed.' }, cart });
    vi.stubGlobal('fetch', fetchMock);
    const err = await apiFetch('/cart', { method: 'PUT', auth: true, quiet: true, ifMatch: '6', body: { lines: [] } }).catch((e: unknown) => e);
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      'If-Match': '"6"',
      Authorization: 'Bearer fresh-id-token',
    });
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 412, code: 'precondition-failed', message: 'Your cart changed.', details: { cart } });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('writes If-Match as an entity tag: a version quoted once, an ETag (strong or weak) as it is, nothing else', () => {
    expect(entityTag('1')).toBe('"1"');
    expect(entityTag('"1"')).toBe('"1"');
    expect(entityTag(' "abc" ')).toBe('"abc"');
    expect(entityTag('W/"7"')).toBe('W/"7"');
    expect(() => entityTag('a"b')).toThrow();
    expect(() => entityTag('')).toThrow();
    expect(callerHeaders({ ifMatch: '3', headers: { Accept: 'image/svg+xml' } })).toEqual({ Accept: 'image/svg+xml', 'If-Match': '"3"' });
    expect(callerHeaders({})).toEqual({});
  });

  it('turns the error body into an ApiError and a toast with its message', async () => {
    vi.stubGlobal('fetch', respond(400, { error: { code: 'invalid-argument', message: 'Quantity can not be less' } }));
    await expect(apiFetch('/booking', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Quantity can not be less', expect.anything()));
  });

  it('stays quiet when asked, and ends the session on 401', async () => {
    const ended = vi.fn();
    setSessionEndHandler(ended);
    vi.stubGlobal('fetch', respond(401, { error: { code: 'unauthenticated', message: 'Sign in again.' } }));
    await expect(apiFetch('/booking?email=x', { auth: true, quiet: true })).rejects.toMatchObject({ status: 401 });
    expect(toastError).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalledOnce();
  });

  it('leaves the telling to the session end: a request that ended the session toasts nothing of its own', async () => {
    const ended = vi.fn();
    setSessionEndHandler(ended);
    vi.stubGlobal('fetch', respond(401, { error: { code: 'unauthenticated', message: 'This account has been disabled.' } }));
    await expect(apiFetch('/user/x', { method: 'PUT', auth: true, body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'This account has been disabled.',
    });
    expect(ended).toHaveBeenCalledOnce();
    // Without a session to end (no handler), a refusal is toasted like any other error.
    setSessionEndHandler(null);
    vi.stubGlobal('fetch', respond(401, { error: { code: 'unauthenticated', message: 'Sign in first.' } }));
    await expect(apiFetch('/user/x', { method: 'PUT', auth: true, body: {} })).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Sign in first.', expect.anything()));
    // The first request's toast, had there been one, was due before that one.
    expect(toastError).toHaveBeenCalledOnce();
  });

  it('ends the session on 403 only where asked (loading bookings)', async () => {
    const ended = vi.fn();
    setSessionEndHandler(ended);
    vi.stubGlobal('fetch', respond(403, { error: { code: 'permission-denied', message: 'No.' } }));
    await expect(apiFetch('/user/admin/x', { auth: true, quiet: true })).rejects.toMatchObject({ status: 403 });
    expect(ended).not.toHaveBeenCalled();
    await expect(apiFetch('/booking?email=x', { auth: true, quiet: true, signOutOn403: true })).rejects.toMatchObject({ status: 403 });
    expect(ended).toHaveBeenCalledOnce();
  });

  it('reads the next-page cursor of a list', async () => {
    vi.stubGlobal('fetch', respond(200, [{ _id: 'a' }], { 'X-Next-Cursor': 'abc' }));
    await expect(apiFetchPage('/tools?limit=1')).resolves.toEqual({ items: [{ _id: 'a' }], nextCursor: 'abc' });
  });

  it('explains a network failure in plain words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/tools', { quiet: true })).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/Could not reach the shop/) });
  });

  describe("the early script's answers", () => {
    const early = (url: string, answer: Promise<Response>, accept = 'application/json') => {
      delete window.__fpEarlyResponses;
      putEarlyResponse(url, accept, answer);
    };
    afterEach(() => {
      delete window.__fpEarlyResponses;
      vi.restoreAllMocks();
    });

    it('uses the answer the early script fetched, once: the next read goes to the network', async () => {
      const fetchMock = respond(200, [{ _id: 'from-network' }]);
      vi.stubGlobal('fetch', fetchMock);
      early(
        '/tools?sort=newest&limit=12',
        Promise.resolve(new Response(JSON.stringify([{ _id: 'early' }]), { status: 200, headers: { 'X-Next-Cursor': 'c1' } })),
      );
      expect(await apiFetchPage('/tools?sort=newest&limit=12')).toEqual({ items: [{ _id: 'early' }], nextCursor: 'c1' });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(await apiFetchPage('/tools?sort=newest&limit=12')).toEqual({ items: [{ _id: 'from-network' }], nextCursor: null });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('asks again when the early read was refused or failed, and never for another URL or a signed-in read', async () => {
      const fetchMock = respond(200, []);
      vi.stubGlobal('fetch', fetchMock);
      early('/tools?sort=newest&limit=12', Promise.resolve(new Response('{}', { status: 401 })));
      await apiFetch('/tools?sort=newest&limit=12');
      early('/tools?sort=newest&limit=12', Promise.reject(new TypeError('offline')));
      await apiFetch('/tools?sort=newest&limit=12');
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(toastError).not.toHaveBeenCalled();

      const kept = Promise.resolve(new Response('[]', { status: 200 }));
      early('/tools?sort=newest&limit=12', kept);
      await apiFetch('/tools?sort=oldest&limit=12');
      await apiFetch('/tools?sort=newest&limit=12', { auth: true });
      expect(fetchMock).toHaveBeenCalledTimes(4);
      expect(window.__fpEarlyResponses?.get('/tools?sort=newest&limit=12')?.answer).toBe(kept);
    });

    it('gives a drawing read the early answer asked with its own Accept, and no read one asked with another', async () => {
      const fetchMock = vi.fn(async () => new Response('<svg from="network"/>', { status: 200 }));
      vi.stubGlobal('fetch', fetchMock);
      const drawing = '/models/NRT18F2W/sections/door/diagram.svg';
      early(drawing, Promise.resolve(new Response('<svg from="early"/>', { status: 200 })), 'image/svg+xml');
      expect(await apiFetchText(drawing, { headers: { Accept: 'image/svg+xml' } })).toBe('<svg from="early"/>');
      expect(fetchMock).not.toHaveBeenCalled();

      early(drawing, Promise.resolve(new Response('{}', { status: 200 })));
      expect(await apiFetchText(drawing, { headers: { Accept: 'image/svg+xml' } })).toBe('<svg from="network"/>');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('lets an answer nobody took in its first seconds go: a later visit to the page reads the current data', async () => {
      const fetchMock = respond(200, [{ _id: 'current' }]);
      vi.stubGlobal('fetch', fetchMock);
      early('/tools?sort=newest&limit=12', Promise.resolve(new Response(JSON.stringify([{ _id: 'old' }]), { status: 200 })));
      const started = performance.now();
      vi.spyOn(performance, 'now').mockReturnValue(started + EARLY_ANSWER_MAX_AGE_MS + 1);
      expect(await apiFetch('/tools?sort=newest&limit=12')).toEqual([{ _id: 'current' }]);
      expect(window.__fpEarlyResponses?.size).toBe(0);
    });
  });
});
