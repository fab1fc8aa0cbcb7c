import { useQueries } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { PartResolveResponse } from '@fridgeparts/common/responses';
import { normalizePartNumber } from '@fridgeparts/common/search/part-number';
import type { ToolRef } from '@fridgeparts/common/tool';
import { ApiError, apiFetch } from '../infra/api-client';
import { queryKeys } from '../infra/query-keys';

/** What the shop says about a number a buyer typed (CONTRACT §11, GET /parts/resolve). */
export type NumberCheck =
  | { state: 'checking' }
  | { state: 'found'; answer: PartResolveResponse }
  /** No part has it: the nearest numbers, nearest first (maybe none). */
  | { state: 'unknown'; suggestions: ToolRef[] }
  /** Several parts share it (an appliance maker's number): the shop's message names them. */
  | { state: 'ambiguous'; message: string }
  /** Not checked (the shop could not be reached): the order's own check decides. */
  | { state: 'unchecked' };

/**
 * Each number's part as the buyer types them (quick order's lines, the catalogue's empty search):
 * one cacheable GET /parts/resolve per distinct number (normalised), answered from the function's
 * index without a Firestore read, kept for five minutes. Keyed by the number as given.
 */
export function useResolvedNumbers(numbers: readonly string[]): Map<string, NumberCheck> {
  const distinct = [...new Map(numbers.map((n) => [normalizePartNumber(n), n])).entries()].filter(([key]) => key.length > 0);
  const results = useQueries({
    queries: distinct.map(([key, number]) => ({
      queryKey: queryKeys.parts.resolve(key),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<NumberCheck> => {
        try {
          return { state: 'found', answer: await apiFetch<PartResolveResponse>(API.resolvePart(number), { signal, quiet: true }) };
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) {
            const suggestions = Array.isArray(err.details.suggestions) ? (err.details.suggestions as ToolRef[]) : [];
            return { state: 'unknown', suggestions };
          }
          if (err instanceof ApiError && err.status === 400) return { state: 'ambiguous', message: err.message };
          return { state: 'unchecked' };
        }
      },
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const byKey = new Map(distinct.map(([key], i) => [key, results[i]?.data ?? ({ state: 'checking' } as const)]));
  return new Map(numbers.map((n) => [n, byKey.get(normalizePartNumber(n)) ?? { state: 'unchecked' }]));
}
