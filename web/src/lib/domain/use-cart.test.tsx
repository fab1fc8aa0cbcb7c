import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import { API } from '@fridgeparts/common/api-paths';
import type { Cart, CartLine } from '@fridgeparts/common/cart';
import { MESSAGES } from '@fridgeparts/common/messages';
import { failure, fakeApi, json, type Reply } from '../../test-support/fake-api';
import { signInAs, TEST_ID_TOKEN } from '../../test-support/fake-auth-client';
import { CASEY, renderHookSignedIn } from '../../test-support/signed-in';
import { availabilityFixture } from '../../test-support/availability-fixture';

const api = fakeApi();
const { ApiError } = await import('../infra/api-client');
const { createQueryClient } = await import('../infra/query-client');
const { queryKeys } = await import('../infra/query-keys');
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
    availability: availabilityFixture(100),
    problem: null,
    resolvedFrom: null,
    backorder: false,
    backorderedQuantity: 0,
    expectedOn: null,
    coreDeposit: 0,
    ...over,
  };
}
function cartOf(lines: CartLine[]): Cart {
  return {
    lines,
    lineCount: lines.length,
    total: lines.reduce((s, l) => s + (l.lineTotal ?? 0), 0),
    ready: lines.length > 0,
    updatedAt: null,
    version: '1',
    tax: null,
  };
}

const UID = CASEY.uid;

function setup() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return { client };
}

/**
 * The cart API as the server answers it (CONTRACT §8, §13), over an in-memory cart: GET, PUT with
 * If-Match (412 with the cart now when it moved), POST /cart/lines merging. Answered at fetch, so
 * a wrong path, method, header or body fails the test (the route table refuses it).
 */
function fakeCartApi(start: Cart, { gate }: { gate?: (answer: Reply) => Promise<Reply> } = {}) {
  let stored = start;
  const write = (lines: CartLine[]): Cart => {
    stored = { ...cartOf(lines), version: String(Number(stored.version) + 1) };
    return stored;
  };
  const pass = gate ?? (async (answer: Reply) => answer);
  api
    .on('GET', API.cart, async () => pass(json(stored)))
    .on('PUT', API.cart, async (r) => {
      if (r.headers['if-match'] !== `"${stored.version}"`) return pass(failure('precondition-failed', MESSAGES.cartMoved, undefined, { cart: stored }));
      const body = r.body as { lines: { toolId: string; quantity: number }[] };
      return pass(json(write(body.lines.map((l) => line({ toolId: l.toolId, quantity: l.quantity })))));
    })
    .on('POST', API.cartLines, async (r) => {
      // Answered when the request comes, as the server merges each add in its own transaction.
      const lines = stored.lines.map((l) => ({ ...l }));
      for (const add of (r.body as { lines: { toolId: string; quantity: number }[] }).lines) {
        const held = lines.find((l) => l.toolId === add.toolId);
        if (held) held.quantity += add.quantity;
        else lines.push(line({ toolId: add.toolId, quantity: add.quantity }));
      }
      return pass(json(write(lines)));
    });
  const calls = () => api.requests.map((r) => ({ path: r.path, method: r.method, ifMatch: r.headers['if-match'], body: r.body }));
  return { calls, now: () => stored };
}

describe('the cart hooks', () => {
  afterEach(cleanup);

  it('reads nothing for a visitor who is not signed in', async () => {
    const { client } = setup();
    const { result } = await renderHookSignedIn(() => useCart(), { client, user: null });
    expect(result.current.cart).toBeUndefined();
    expect(result.current.loading).toBe(false);
    expect(api.requests).toEqual([]);
  });

  it('reads the cart with the Bearer and quietly', async () => {
    api.on('GET', API.cart, json(cartOf([line()])));
    const { client } = setup();
    const { result } = await renderHookSignedIn(() => useCart(), { client });
    await waitFor(() => expect(result.current.cart?.lineCount).toBe(1));
    expect(api.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: API.cart, headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` }) }),
    ]);
  });

  it('replaces the cart with If-Match the version shown, and keeps the answer as the cart', async () => {
    const api = fakeCartApi({ ...cartOf([line()]), version: '4' });
    const { client } = setup();
    const { result } = await renderHookSignedIn(() => useReplaceCart(), { client });
    await act(() => result.current.replaceCart([{ toolId: 'gasket', quantity: 30 }], '4'));
    expect(api.calls()).toEqual([{ path: API.cart, method: 'PUT', ifMatch: '"4"', body: { lines: [{ toolId: 'gasket', quantity: 30 }] } }]);
    expect(client.getQueryData(queryKeys.cart(UID))).toEqual(api.now());
    expect(api.now()).toMatchObject({ version: '5', lines: [{ toolId: 'gasket', quantity: 30 }] });
  });

  it('a replace refused because the cart moved (412) leaves the cart as the server has it, in the cache, and throws', async () => {
    const api = fakeCartApi({ ...cartOf([line(), line({ toolId: 'fan', quantity: 2 })]), version: '9' });
    const { client } = setup();
    client.setQueryData(queryKeys.cart(UID), { ...cartOf([line()]), version: '8' });
    const { result } = await renderHookSignedIn(() => useReplaceCart(), { client });
    const err = await result.current.replaceCart([{ toolId: 'gasket', quantity: 30 }], '8').catch((e: unknown) => e);
    expect(cartNowOf(err)).toEqual(api.now());
    await waitFor(() => expect(client.getQueryData(queryKeys.cart(UID))).toEqual(api.now()));
    expect(api.now().lines.map((l) => [l.toolId, l.quantity])).toEqual([
      ['gasket', 10],
      ['fan', 2],
    ]);
  });

  it('adds with POST /cart/lines and only the lines given (the server merges), and keeps the answer as the cart', async () => {
    const api = fakeCartApi({ ...cartOf([line({ toolId: 'heater', quantity: 5 })]), version: '2' });
    const { client } = setup();
    client.setQueryData(queryKeys.cart(UID), { ...cartOf([]), version: '0' });
    const { result } = await renderHookSignedIn(() => useAddToCart(), { client });
    await act(() => result.current.addToCart([{ toolId: 'gasket', quantity: 10 }]));
    // No read of the cart first, no PUT of the whole cart: nothing the browser held can be lost.
    expect(api.calls()).toEqual([{ path: API.cartLines, method: 'POST', ifMatch: undefined, body: { lines: [{ toolId: 'gasket', quantity: 10 }] } }]);
    expect(client.getQueryData(queryKeys.cart(UID))).toEqual(api.now());
    expect(api.now().lines.map((l) => l.toolId)).toEqual(['heater', 'gasket']);
  });

  it('two adds at once both land, and the cache keeps the later cart whichever answer arrives last', async () => {
    const answers: { resolve: () => void }[] = [];
    // Hold each answer until the test lets it go: the second add's answer arrives first.
    const api = fakeCartApi(
      { ...cartOf([]), version: '0' },
      { gate: (answer) => new Promise<Reply>((resolve) => answers.push({ resolve: () => resolve(answer) })) },
    );
    const { client } = setup();
    const { result } = await renderHookSignedIn(() => [useAddToCart(), useAddToCart()] as const, { client });
    const first = result.current[0].addToCart([{ toolId: 'gasket', quantity: 10 }]);
    const second = result.current[1].addToCart([{ toolId: 'fan', quantity: 1 }]);
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!.resolve();
    await second;
    answers[0]!.resolve();
    await first;
    await waitFor(() => expect(client.getQueryData<Cart>(queryKeys.cart(UID))?.version).toBe('2'));
    expect(client.getQueryData<Cart>(queryKeys.cart(UID))?.lines.map((l) => l.toolId)).toEqual(['gasket', 'fan']);
    expect(api.now().version).toBe('2');
  });

  it('a read that answers an older cart than the one held does not replace it', async () => {
    const api = fakeCartApi({ ...cartOf([line()]), version: '3' });
    const { client } = setup();
    const later = { ...cartOf([line(), line({ toolId: 'fan' })]), version: '4' };
    client.setQueryData(queryKeys.cart(UID), later);
    signInAs(CASEY);
    await client.fetchQuery({ ...cartQuery(UID), staleTime: 0 });
    expect(api.calls().map((c) => c.method)).toEqual(['GET']);
    expect(client.getQueryData(queryKeys.cart(UID))).toEqual(later);
  });

  it('passes a refusal on with its fields naming the lines given', async () => {
    api.on('POST', API.cartLines, failure('invalid-argument', 'Some lines name no part.', { 'lines.1.partNumber': 'Unknown part number FP-NONE' }));
    const { client } = setup();
    const { result } = await renderHookSignedIn(() => useAddToCart(), { client });
    const err = await result.current
      .addToCart([
        { partNumber: 'FP-DFT-8H25', quantity: 1 },
        { partNumber: 'FP-NONE', quantity: 2 },
      ])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as InstanceType<typeof ApiError>).fields).toEqual({ 'lines.1.partNumber': 'Unknown part number FP-NONE' });
    expect(api.sent('POST', API.cartLines)).toHaveLength(1);
  });
});
