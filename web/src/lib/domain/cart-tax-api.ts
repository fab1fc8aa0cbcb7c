import { useQuery } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import { apiFetch } from '../infra/api-client';
import { queryKeys } from '../infra/query-keys';
import { useDebouncedValue } from '../infra/use-debounced-value';
import { useSession } from '../infra/session';
import type { OptionsWhere } from './shipping-api';
import type { Cart } from '@fridgeparts/common/cart';
import type { TaxView } from './tax-words';

/**
 * GET /cart's query for a ship-to (CONTRACT §15): `?shipToId=`, or the address's parts as GET
 * /shipping/options takes them, and the shipping method when it is not the cheapest (the server's
 * default), since some states tax the shipping too.
 */
export function cartTaxPath(where: OptionsWhere, shippingMethodId?: string): string {
  const q = new URLSearchParams(Object.entries(where).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  if (shippingMethodId) q.set('shippingMethodId', shippingMethodId);
  return `${API.cart}?${q.toString()}`;
}

export interface CartTaxState {
  /** The cart's tax for where it ships; null before a ship-to is known, and while it is asked. */
  tax: TaxView | null;
  /** Asked, or about to be (the address changed a moment ago). */
  loading: boolean;
  /** No ship-to is known yet: nothing is asked, the page says it is calculated once it is. */
  waiting: boolean;
  error: Error | null;
}

/**
 * The cart's sales tax for a ship-to (CONTRACT §15): GET /cart with the place, asked as the
 * shipping options are (once the address has stopped changing for 400 ms, per place and cart
 * version, kept a minute). Its own query, beside the cart's: the navigation bar's cart has no ship-to.
 */
export function useCartTax({
  where,
  shippingMethodId,
  cartVersion,
  enabled = true,
}: {
  where: OptionsWhere | null;
  /** The method chosen when it is not the cheapest; none: the server taxes the cheapest's shipping. */
  shippingMethodId?: string;
  cartVersion?: string;
  enabled?: boolean;
}): CartTaxState {
  const { user } = useSession();
  const uid = user?.uid ?? '';
  const request = useDebouncedValue({ where, shippingMethodId, cartVersion }, 400);
  const settled = JSON.stringify(request) === JSON.stringify({ where, shippingMethodId, cartVersion });
  const on = enabled && Boolean(uid) && request.where !== null;
  const query = useQuery({
    queryKey: queryKeys.cartTax(uid, request),
    queryFn: ({ signal }) =>
      apiFetch<Cart>(cartTaxPath(request.where!, request.shippingMethodId), { auth: true, quiet: true, signal }).then((c) => c.tax ?? null),
    enabled: on,
    staleTime: 60_000,
  });
  const waiting = !enabled || where === null;
  return {
    tax: on && settled ? (query.data ?? null) : null,
    loading: !waiting && (!settled || query.isPending),
    waiting,
    error: on && settled && query.isError ? (query.error as Error) : null,
  };
}
