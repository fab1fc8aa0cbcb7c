import { API } from '@fridgeparts/common/api-paths';
import { apiFetch } from '../infra/api-client';
import { queryKeys } from '../infra/query-keys';
import { useSession } from '../infra/session';
import { useSettledPlaceQuery, type OptionsWhere } from './shipping-api';
import type { Cart } from '@fridgeparts/common/cart';

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

/**
 * The cart's sales tax for a ship-to (CONTRACT §15): GET /cart with the place, asked as the
 * shipping options are (useSettledPlaceQuery). Its own query, beside the cart's: the navigation
 * bar's cart has no ship-to. `tax` is null before a ship-to is known and while it is asked.
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
}) {
  const uid = useSession().user?.uid ?? '';
  const { data, ...state } = useSettledPlaceQuery(
    { where, shippingMethodId, cartVersion },
    enabled && Boolean(uid),
    (asked) => queryKeys.cartTax(uid, asked),
    (asked, signal) => apiFetch<Cart>(cartTaxPath(asked.where!, asked.shippingMethodId), { auth: true, quiet: true, signal }),
  );
  return { tax: data?.tax ?? null, ...state };
}
