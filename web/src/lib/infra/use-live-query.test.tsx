import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, queryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './query-client';

const source = vi.hoisted(() => ({ catalogSource: 'firestore' as 'firestore' | 'rest' }));
vi.mock('./config', () => ({ config: source }));
const { useLiveQuery } = await import('./use-live-query');

function wrapperFor() {
  const client = createQueryClient();
  return { client, wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> };
}

const rest = (key: unknown[], answer: () => Promise<string[]>) => queryOptions({ queryKey: key, queryFn: answer });

describe('useLiveQuery', () => {
  afterEach(() => cleanup());

  it('with Firestore, every snapshot lands in the same cache entry a REST read would use', async () => {
    source.catalogSource = 'firestore';
    let push: ((v: string[]) => void) | undefined;
    const unsubscribe = vi.fn();
    const viaRest = vi.fn(async () => ['rest']);
    const { client, wrapper } = wrapperFor();
    const { result, unmount } = renderHook(
      () =>
        useLiveQuery(rest(['tools', 'newest', 2], viaRest), async (onData) => {
          push = onData;
          return unsubscribe;
        }),
      { wrapper },
    );
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(push).toBeTypeOf('function'));
    await act(async () => push!(['a', 'b']));
    await waitFor(() => expect(result.current.data).toEqual(['a', 'b']));
    expect(client.getQueryData(['tools', 'newest', 2])).toEqual(['a', 'b']);
    await act(async () => push!(['c']));
    await waitFor(() => expect(result.current.data).toEqual(['c']));
    expect(viaRest).not.toHaveBeenCalled();
    unmount();
    await waitFor(() => expect(unsubscribe).toHaveBeenCalledOnce());
  });

  it('over REST it is a plain query; a listener error is shown', async () => {
    source.catalogSource = 'rest';
    const { wrapper } = wrapperFor();
    const { result } = renderHook(
      () =>
        useLiveQuery(
          rest(['reviews', 3, null], async () => ['r1']),
          async () => () => undefined,
        ),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual(['r1']));
    expect(result.current.loading).toBe(false);

    source.catalogSource = 'firestore';
    const second = wrapperFor();
    const failing = renderHook(
      () =>
        useLiveQuery(
          rest(['reviews', 4, null], async () => []),
          async (_onData, onError) => (onError(new Error('denied')), () => undefined),
        ),
      { wrapper: second.wrapper },
    );
    await waitFor(() => expect(failing.result.current.error?.message).toBe('denied'));
    expect(failing.result.current.loading).toBe(false);
  });

  it('waits while not enabled (a tool page before its id is known)', async () => {
    source.catalogSource = 'rest';
    const { wrapper } = wrapperFor();
    const viaRest = vi.fn(async () => ['x']);
    const { result } = renderHook(() => useLiveQuery(rest(['tools', 'one', ''], viaRest), async () => () => undefined, false), { wrapper });
    expect(result.current.loading).toBe(false);
    expect(viaRest).not.toHaveBeenCalled();
  });
});
