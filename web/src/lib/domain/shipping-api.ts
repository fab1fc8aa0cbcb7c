import { useQuery } from '@tanstack/react-query';
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
 * GET /shipping/options for an order form (CONTRACT §14): asked once the address has stopped
 * changing for 400 ms, per place and parts, and kept a minute. The answer is cheapest first.
 */
export function useShippingOptions({ where, lines, cartVersion, enabled = true }: ShippingOptionsRequest) {
  const request = useDebouncedValue({ where, lines: lines ?? undefined, cartVersion }, 400);
  const settled = JSON.stringify(request) === JSON.stringify({ where, lines: lines ?? undefined, cartVersion });
  const on = enabled && request.where !== null && lines !== null;
  const query = useQuery({
    queryKey: queryKeys.shipping.options(request),
    queryFn: ({ signal }) =>
      apiFetch<ShippingOptions>(API.shippingOptions({ ...request.where!, lines: request.lines }), {
        auth: true,
        quiet: true,
        signal,
      }),
    enabled: on,
    staleTime: 60_000,
  });
  return {
    /** The options, cheapest first; undefined while none are known for what the form shows. */
    options: on && settled ? query.data?.options : undefined,
    /** Asked, or about to be (the address changed a moment ago). */
    loading: enabled && where !== null && lines !== null && (!settled || query.isPending),
    error: on && settled && query.isError ? (query.error as Error) : null,
    retry: () => void query.refetch(),
    /** The form can not ask yet: no address (or parts) to price. */
    waiting: !enabled || where === null || lines === null,
  };
}
