import { useQuery, type QueryKey } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { ShippingOptions } from '@fridgeparts/common/shipping/options.answers';
import { apiFetch } from '../infra/api-client';
import { queryKeys } from '../infra/query-keys';
import { useDebouncedValue } from '../infra/use-debounced-value';

/** Where an order ships, as GET /shipping/options takes it: a member's ship-to, or an address's parts. */
export type OptionsWhere = { shipToId: string } | { country: string; region: string; postalCode: string };

/** The parts of an address the shipping options need: the country, the region where it has them, a postal code. */
export interface AddressParts {
  country?: string;
  region?: string;
  postalCode?: string;
}

/** Countries whose addresses name a region (state, province): the options wait for it there. */
const REGIONED = new Set(['US', 'CA', 'MX', 'AU']);

/**
 * The query's `where` once the address is complete enough to price (a country, a postal code of
 * at least 3 characters, the region where the country has them); null until then.
 */
export function whereOfAddress(a: AddressParts | undefined): OptionsWhere | null {
  const country = (a?.country ?? '').trim().toUpperCase();
  const region = (a?.region ?? '').trim();
  const postalCode = (a?.postalCode ?? '').trim();
  if (!/^[A-Z]{2}$/.test(country) || postalCode.length < 3) return null;
  if (REGIONED.has(country) && !region) return null;
  return { country, region, postalCode };
}

export interface ShippingOptionsRequest {
  /** Where it ships, or null while the address is not complete enough (nothing is asked). */
  where: OptionsWhere | null;
  /** A quick order's or the booking modal's parts (`<toolId or part number>:<quantity>,...`); none for the cart. */
  lines?: string | null;
  /** Something that changes when the cart does (its version), so the options are asked again. */
  cartVersion?: string;
  /** False while there is nothing to ship (no lines yet). */
  enabled?: boolean;
}

/**
 * A read of an order form's place (the shipping options, the cart's tax): asked once what it
 * depends on has stopped changing for 400 ms, per request, and kept a minute. `data` is for what
 * the form shows now (undefined while a newer request waits); `waiting`: nothing to ask yet.
 */
export function useSettledPlaceQuery<R extends { where: OptionsWhere | null }, T>(
  request: R,
  enabled: boolean,
  queryKey: (asked: R) => QueryKey,
  read: (asked: R, signal: AbortSignal) => Promise<T>,
) {
  const asked = useDebouncedValue(request, 400);
  const settled = JSON.stringify(asked) === JSON.stringify(request);
  const on = enabled && asked.where !== null;
  const query = useQuery({ queryKey: queryKey(asked), queryFn: ({ signal }) => read(asked, signal), enabled: on, staleTime: 60_000 });
  const waiting = !enabled || request.where === null;
  return {
    data: on && settled ? query.data : undefined,
    /** Asked, or about to be (the place changed a moment ago). */
    loading: !waiting && (!settled || query.isPending),
    error: on && settled && query.isError ? (query.error as Error) : null,
    retry: () => void query.refetch(),
    waiting,
  };
}

/**
 * GET /shipping/options for an order form (CONTRACT §14): asked once the address has stopped
 * changing for 400 ms, per place and parts, and kept a minute. The answer is cheapest first.
 */
export function useShippingOptions({ where, lines, cartVersion, enabled = true }: ShippingOptionsRequest) {
  const { data, ...state } = useSettledPlaceQuery(
    { where, lines: lines ?? undefined, cartVersion },
    enabled && lines !== null,
    queryKeys.shipping.options,
    (asked, signal) => apiFetch<ShippingOptions>(API.shippingOptions({ ...asked.where!, lines: asked.lines }), { auth: true, quiet: true, signal }),
  );
  /** The options, cheapest first; undefined while none are known for what the form shows. `waiting`: no address (or parts) to price. */
  return { options: data?.options, ...state };
}
