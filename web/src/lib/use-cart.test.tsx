import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Cart, CartLine } from '@fridgeparts/common/cart';

const apiFetch = vi.fn();
vi.mock('./api-client', async (importOriginal) => ({ ...(await importOriginal<typeof import('./api-client')>()), apiFetch: (...a: unknown[]) => apiFetch(...a) }));
let user: { uid: string; email: string; displayName: string } | null = { uid: 'u1', email: 'casey@example.test', displayName: 'Casey' };
vi.mock('./session', () => ({ useSession: () => ({ user, loading: false }) }));

const { ApiError } = await import('./api-client');
const { createQueryClient } = await import('./query-client');
const { queryKeys } = await import('./query-keys');
const { fieldsOfAdded, mergeCartLines, useAddToCart, useCart, useReplaceCart } = await import('./use-cart');

function line(over: Partial<CartLine> = {}): CartLine {
  return { toolId: 'gasket', partNumber: 'FP-GSK-1', name: 'Door Gasket', quantity: 10, price: 2, lineTotal: 20, minimumQuantity: 10, packSize: 1, availableQuantity: 100, problem: null, ...over };
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

describe('mergeCartLines', () => {
  it('adds to the quantity of a tool already in the cart (by id or by part number) and appends new tools', () => {
    const cart = cartOf([line(), line({ toolId: 'heater', partNumber: 'FP-DFT-8H25', quantity: 5 })]);
    const merged = mergeCartLines(cart, [{ toolId: 'gasket', quantity: 20 }, { partNumber: 'fp-dft-8h25', quantity: 1 }, { partNumber: 'FP-NEW-1', quantity: 3 }, { toolId: 'fan', quantity: 2 }]);
    expect(merged.lines).toEqual([
      { toolId: 'gasket', quantity: 30 },
      { toolId: 'heater', quantity: 6 },
      { partNumber: 'FP-NEW-1', quantity: 3 },
      { toolId: 'fan', quantity: 2 },
    ]);
    expect(merged.placeOf).toEqual([0, 1, 2, 3]);
  });

  it('leaves out a line whose tool is gone (the server would refuse the whole cart for it)', () => {
    const cart = cartOf([line({ toolId: 'old', name: null, partNumber: null, price: null, lineTotal: null, problem: 'This part is no longer in the catalogue.' }), line()]);
    const merged = mergeCartLines(cart, [{ toolId: 'gasket', quantity: 10 }, { toolId: 'fan', quantity: 2 }]);
    expect(merged.lines).toEqual([{ toolId: 'gasket', quantity: 20 }, { toolId: 'fan', quantity: 2 }]);
    expect(merged.placeOf).toEqual([0, 1]);
  });

  it('keeps one line per tool when the same new tool is added twice', () => {
    const merged = mergeCartLines(undefined, [{ toolId: 'fan', quantity: 2 }, { toolId: 'fan', quantity: 3 }]);
    expect(merged.lines).toEqual([{ toolId: 'fan', quantity: 5 }]);
    expect(merged.placeOf).toEqual([0, 0]);
  });
});

describe('fieldsOfAdded', () => {
  it("names the server's lines after the lines the caller added; a line already in the cart keeps its place under cart.", () => {
    expect(fieldsOfAdded({ 'lines.2.partNumber': 'No tool has part number FP-X', 'lines.0.toolId': 'Gone', phone: 'Bad' }, [1, 2])).toEqual({
      'lines.1.partNumber': 'No tool has part number FP-X',
      'cart.0.toolId': 'Gone',
      phone: 'Bad',
    });
  });
});

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

  it('replaces the cart and keeps the answer as the cart', async () => {
    const answer = cartOf([line({ quantity: 30, lineTotal: 60 })]);
    apiFetch.mockResolvedValue(answer);
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useReplaceCart(), { wrapper });
    await act(() => result.current.replaceCart([{ toolId: 'gasket', quantity: 30 }]));
    expect(apiFetch).toHaveBeenCalledWith(API.cart, expect.objectContaining({ method: 'PUT', body: { lines: [{ toolId: 'gasket', quantity: 30 }] } }));
    expect(client.getQueryData(queryKeys.cart('u1'))).toEqual(answer);
  });

  it('adds to the cart as it is now on the server (read afresh), PUTting the whole cart merged', async () => {
    const now = cartOf([line({ toolId: 'heater', partNumber: 'FP-DFT-8H25', quantity: 5 })]);
    const answer = cartOf([...now.lines, line()]);
    apiFetch.mockImplementation(async (path: string, o: { method?: string }) => (o.method === 'PUT' ? answer : now));
    const { client, wrapper } = setup();
    client.setQueryData(queryKeys.cart('u1'), cartOf([]));
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    await act(() => result.current.addToCart([{ toolId: 'gasket', quantity: 10 }]));
    expect(apiFetch).toHaveBeenLastCalledWith(API.cart, expect.objectContaining({ method: 'PUT', body: { lines: [{ toolId: 'heater', quantity: 5 }, { toolId: 'gasket', quantity: 10 }] } }));
    expect(client.getQueryData(queryKeys.cart('u1'))).toEqual(answer);
  });

  it("throws a refusal with its fields named after the added lines", async () => {
    const now = cartOf([line({ toolId: 'heater', partNumber: 'FP-DFT-8H25', quantity: 5 })]);
    apiFetch.mockImplementation(async (_path: string, o: { method?: string }) => {
      if (o.method === 'PUT') throw new ApiError(400, 'invalid-argument', 'Some lines can not go in the cart.', { 'lines.1.partNumber': 'No tool has part number FP-NONE' });
      return now;
    });
    const { wrapper } = setup();
    const { result } = renderHook(() => useAddToCart(), { wrapper });
    const err = await result.current.addToCart([{ partNumber: 'FP-DFT-8H25', quantity: 1 }, { partNumber: 'FP-NONE', quantity: 2 }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as InstanceType<typeof ApiError>).fields).toEqual({ 'lines.1.partNumber': 'No tool has part number FP-NONE' });
  });
});
