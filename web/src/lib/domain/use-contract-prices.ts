import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import { MY_PRICES_MAX_IDS } from '@fridgeparts/common/contract-prices';
// Types only: the schema module builds zod when imported, which must not join the catalogue's first load.
import type { ContractPrice, MyPrices } from '@fridgeparts/common/contract-prices.answers';
import { apiFetch } from '../infra/api-client';
import { queryKeys } from '../infra/query-keys';
import { useMyCompany } from './use-my-company';
import { useSession } from '../infra/session';

/** GET /me/prices takes at most this many ids. */
const PRICES_PER_CALL = MY_PRICES_MAX_IDS;

/**
 * Batches the per-tool reads of one tick into GET /me/prices calls of at most PRICES_PER_CALL
 * ids (decision 0062). Each tool is its own query (cached per account and tool by TanStack Query,
 * so "Load more" and another page asks only for the tools not yet known), while the network sees
 * one call per 100 tools on screen, not one per card.
 */
export function createPriceLoader(fetchPrices: (toolIds: string[]) => Promise<ContractPrice[]>) {
  let waiting = new Map<string, { resolve: (p: ContractPrice | null) => void; reject: (e: unknown) => void }[]>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += PRICES_PER_CALL) {
      const chunk = ids.slice(i, i + PRICES_PER_CALL);
      const settle = (prices: ContractPrice[]) => {
        const byId = new Map(prices.map((p) => [p.toolId, p]));
        for (const id of chunk) for (const w of batch.get(id)!) w.resolve(byId.get(id) ?? null);
      };
      // Whatever goes wrong (the call, or an answer of another shape) fails this chunk's waiters,
      // never leaves them waiting.
      fetchPrices(chunk)
        .then(settle)
        .catch((err: unknown) => {
          for (const id of chunk) for (const w of batch.get(id)!) w.reject(err);
        });
    }
  };
  return (toolId: string): Promise<ContractPrice | null> =>
    new Promise((resolve, reject) => {
      const list = waiting.get(toolId) ?? [];
      list.push({ resolve, reject });
      waiting.set(toolId, list);
      if (!scheduled) {
        scheduled = true;
        // A macrotask, not a microtask: every component rendered in this commit (the cards, the
        // suggestions) has started its queries by then, so they share one call.
        setTimeout(flush, 0);
      }
    });
}

/** One loader per account: a call is made with the Bearer of whoever is signed in when it goes out. */
const loaders = new Map<string, ReturnType<typeof createPriceLoader>>();
function loaderFor(uid: string) {
  let loader = loaders.get(uid);
  if (!loader) {
    loader = createPriceLoader(async (toolIds) => {
      const query = new URLSearchParams({ toolIds: toolIds.join(',') });
      // Quiet: a failed overlay leaves the list prices showing; the server charges the right price anyway.
      return (await apiFetch<MyPrices>(`${API.myPrices}?${query}`, { auth: true, quiet: true })).prices;
    });
    loaders.set(uid, loader);
  }
  return loader;
}

export interface ContractPrices {
  /** The caller's contract price for each tool asked that has one. Empty for anyone in no company. */
  byTool: ReadonlyMap<string, ContractPrice>;
  /** True while a member's prices for some of the tools are still being read. */
  pending: boolean;
}

const NONE: ReadonlyMap<string, ContractPrice> = new Map();

/**
 * CONTRACT §10: the signed-in member's contract prices for the tools on screen, an overlay on the
 * public (CDN-cacheable) catalogue answers. Asks nothing for the signed out or anyone in no company
 * (GET /me/company, shared with the menu, says which), and only after the page has painted with the
 * list prices, so the catalogue's first paint is the same for everyone (decision 0062).
 */
export function useContractPrices(toolIds: readonly string[]): ContractPrices {
  const { user } = useSession();
  const { data: company } = useMyCompany();
  const uid = user?.uid ?? '';
  const member = Boolean(uid && company);
  const ids = useMemo(() => [...new Set(toolIds)], [toolIds]);
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.contractPrices.one(uid, id),
      queryFn: () => loaderFor(uid)(id),
      enabled: member,
      // A price the shop admin changes shows on the next visit; the server charges the current one.
      staleTime: 5 * 60_000,
      retry: 1,
    })),
    // One result for the screen, kept the same object while nothing changed (TanStack's combine is
    // memoised), so the cards do not render again for every tool's answer.
    combine: (results): ContractPrices => {
      if (!member) return { byTool: NONE, pending: false };
      const byTool = new Map<string, ContractPrice>();
      let pending = false;
      for (const r of results) {
        if (r.data) byTool.set(r.data.toolId, r.data);
        if (r.isPending && r.fetchStatus !== 'idle') pending = true;
      }
      return { byTool, pending };
    },
  });
}
