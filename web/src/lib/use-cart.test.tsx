import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Cart, CartLine } from '@fridgeparts/common/cart';
import { MESSAGES } from '@fridgeparts/common/messages';

const apiFetch = vi.fn();
vi.mock('./api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api-client')>()),
  apiFetch: (...a: unknown[]) => apiFetch(...a),
}));
let user: { uid: string; email: string; displayName: string } | null = { uid: 'u1', email: 'casey@example.test', displayName: 'Casey' };
vi.mock('./session', () => ({ useSession: () => ({ user, loading: false }) }));

const { ApiError, callerHeaders } = await import('./api-client');
const { createQueryClient } = await import('./query-client');
const { queryKeys } = await import('./query-keys');
const { cartNowOf, cartQuery, useAddToCart, useCart, useReplaceCart } = await import('./use-cart');

function line(over: Partial<CartLine> = {}): CartLine {
  return {
    toolId: 'gasket',
    partNumber: 'FP-GSK-1',
    name: 'Door Gasket',
    quantity: 10,
    price: 2,
    lineTotal: 20,
    minimumQuantity: 10,
    packSize: 1,
    availableQuantity: 100,
    problem: null,
    resolvedFrom: null,
    ...over,
  };
}
function cartOf(lines: CartLine[]): Cart {
  return { lines, lineCount: lines.length, total: lines.reduce((s, l) => s + (l.lineTotal ?? 0), 0), ready: lines.length > 0, updatedAt: null, version: '1' };
}

function setup() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

/**
 * The cart API as the server answers it (CONTRACT §8, §13), over an in-memory cart: GET, PUT with
 * If-Match (412 with the cart now when it moved), POST /cart/lines merging. Faked at apiFetch, the
 * app's one way to the network, so a wrong path, method, header or body fails the test.
 */
function fakeCartApi(start: Cart) {
  let stored = start;
  const calls: { path: string; method: string; headers?: Record<string, string>; body?: unknown }[] = [];
  const write = (lines: CartLine[]): Cart => {
    stored = { ...cartOf(lines), version: String(Number(stored.version) + 1) };
    return stored;
  };
  apiFetch.mockImplementation(async (path: string, o: { method?: string; ifMatch?: string; body?: { lines: { toolId: string; quantity: number }[] } } = {}) => {
    const method = o.method ?? 'GET';
    // The headers the real client would send for these options (If-Match as an entity tag).
    const headers = callerHeaders(o);
    calls.push({ path, method, ...(Object.keys(headers).length ? { headers } : {}), body: o.body });
    if (path === API.cart && method === 'GET') return stored;
    if (path === API.cart && method === 'PUT') {
      if (headers['If-Match'] !== `"${stored.version}"`) throw new ApiError(412, 'precondition-failed', MESSAGES.cartMoved, undefined, { cart: stored });
      return write((o.body?.lines ?? []).map((l) => line({ toolId: l.toolId, quantity: l.quantity })));
    }
    if (path === API.cartLines && method === 'POST') {
      const lines = stored.lines.map((l) => ({ ...l }));
      for (const add of o.body?.lines ?? []) {
        const held = lines.find((l) => l.toolId === add.toolId);
        if (held) held.quantity += add.quantity;
        else lines.push(line({ toolId: add.toolId, quantity: add.quantity }));
      }
      return write(lines);
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  return { calls, now: () => stored };
}

describe('the cart hooks', () => {
  afterEach(cleanup);
  beforeEach(() => {
    apiFetch.mockReset();
    user = { uid: 'u1', email: 'casey@example.test', displayName: 'Casey' };
  });

  it('reads nothing for a visitor who is not signed in', () => {
    user = null;
    const { wrapper } = setup();
    const { result } = renderHook(() => useCart(), { wrapper });
    expect(result.current.cart).toBeUndefined();
    expect(result.current.loading).toBe(false);
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('reads the cart with the Bearer and quietly', async () => {
    apiFetch.mockResolvedValue(cartOf([line()]));
    const { wrapper } = setup();
    const { result } = renderHook(() => useCart(), { wrapper });
    await waitFor(() => expect(result.current.cart?.lineCount).toBe(1));
    expect(apiFetch).toHaveBeenCalledWith(API.cart, expect.objectContaining({ auth: true, quiet: true }));
  });

  it('replaces the cart with If-Match the version shown, and keeps the answer as the cart', async () => {
    const api = fakeCartApi({ ...cartOf([line()]), version: '4' });
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useReplaceCart(), { wrapper });
    await act(() => result.current.replaceCart([{ toolId: 'gasket', quantity: 30 }], '4'));
    expect(api.calls).toEqual([{ path: API.cart, method: 'PUT', headers: { 'If-Match': '"4"' }, body: { lines: [{ toolId: 'gasket', quantity: 30 }] } }]);
    expect(client.getQueryData(queryKeys.cart('u1'))).toEqual(api.now());
    expect(api.now()).toMatchObject({ version: '5', lines: [{ toolId: 'gasket', quantity: 30 }] });
  });

  it('a replace refused because the cart moved (412) leaves the cart as the server has it, in the cache, and throws', async () => {
    const api = fakeCartApi({ ...cartOf([line(), line({ toolId: 'fan', quantity: 2 })]), version: '9' });
    const { client, wrapper } = setup();
    client.setQueryData(queryKeys.cart('u1'), { ...cartOf([line()]), version: '8' });
    const { result } = renderHook(() => useReplaceCart(), { wrapper });
    const err = await result.current.replaceCart([{ toolId: 'gasket', quantity: 30 }], '8').catch((e: unknown) => e);
    expect(cartNowOf(err)).toEqual(api.now());
    await waitFor(() => expect(client.getQueryData(queryKeys.cart('u1'))).toEqual(api.now()));
    expect(api.now().lines.map((l) => [l.toolId, l.quantity])).toEqual([
      ['gasket', 10],
      ['fan', 2],
    ]);
  });

  it('adds with POST /cart/lines and only the lines given (the server merges), and keeps the answer as the cart', async () => {
    const api = fakeCartApi({ ...cartOf([line({ toolId: 'heater', quantity: 5 })]), version: '2' });
    const { client, wrapper } = setup();
    client.setQueryData(queryKeys.cart('u1'), { ...cartOf([]), version: '0' });
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    await act(() => result.current.addToCart([{ toolId: 'gasket', quantity: 10 }]));
    // No read of the cart first, no PUT of the whole cart: nothing the browser held can be lost.
    expect(api.calls).toEqual([{ path: API.cartLines, method: 'POST', headers: undefined, body: { lines: [{ toolId: 'gasket', quantity: 10 }] } }]);
    expect(client.getQueryData(queryKeys.cart('u1'))).toEqual(api.now());
    expect(api.now().lines.map((l) => l.toolId)).toEqual(['heater', 'gasket']);
  });

  it('two adds at once both land, and the cache keeps the later cart whichever answer arrives last', async () => {
    const api = fakeCartApi({ ...cartOf([]), version: '0' });
    const answers: { resolve: () => void }[] = [];
    const real = apiFetch.getMockImplementation()!;
    // Hold each answer until the test lets it go: the second add's answer arrives first.
    apiFetch.mockImplementation((path: string, o: unknown) => {
      const answer = real(path, o) as Promise<Cart>;
      return new Promise((resolve) => answers.push({ resolve: () => resolve(answer) }));
    });
    const { client, wrapper } = setup();
    const { result } = renderHook(() => [useAddToCart(), useAddToCart()] as const, { wrapper });
    const first = result.current[0].addToCart([{ toolId: 'gasket', quantity: 10 }]);
    const second = result.current[1].addToCart([{ toolId: 'fan', quantity: 1 }]);
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!.resolve();
    await second;
    answers[0]!.resolve();
    await first;
    await waitFor(() => expect(client.getQueryData<Cart>(queryKeys.cart('u1'))?.version).toBe('2'));
    expect(client.getQueryData<Cart>(queryKeys.cart('u1'))?.lines.map((l) => l.toolId)).toEqual(['gasket', 'fan']);
    expect(api.now().version).toBe('2');
  });

  it('a read that answers an older cart than the one held does not replace it', async () => {
    const api = fakeCartApi({ ...cartOf([line()]), version: '3' });
    const { client } = setup();
    const later = { ...cartOf([line(), line({ toolId: 'fan' })]), version: '4' };
    client.setQueryData(queryKeys.cart('u1'), later);
    await client.fetchQuery({ ...cartQuery('u1'), staleTime: 0 });
    expect(api.calls.map((c) => c.method)).toEqual(['GET']);
    expect(client.getQueryData(queryKeys.cart('u1'))).toEqual(later);
  });

  it('passes a refusal on with its fields naming the lines given', async () => {
    apiFetch.mockRejectedValue(new ApiError(400, 'invalid-argument', 'Some lines name no part.', { 'lines.1.partNumber': 'Unknown part number FP-NONE' }));
    const { wrapper } = setup();
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    const err = await result.current
      .addToCart([
        { partNumber: 'FP-DFT-8H25', quantity: 1 },
        { partNumber: 'FP-NONE', quantity: 2 },
      ])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as InstanceType<typeof ApiError>).fields).toEqual({ 'lines.1.partNumber': 'Unknown part number FP-NONE' });
    expect(apiFetch).toHaveBeenCalledTimes(1);
  });
});
