import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Cart, CartLine, CartLineInput } from '@fridgeparts/common/cart';
import { ApiError, apiFetch } from '../infra/api-client';
import { queryKeys } from '../infra/query-keys';
import { useSession } from '../infra/session';

/**
 * The signed-in buyer's cart (CONTRACT §8). In lib/, not in features/cart, because it is read and
 * written from every layer above: the navigation bar (components/) shows its line count, the
 * catalogue, the quick order and Reorder (three features) put lines into it, and the cart page
 * shows it. Like use-recent-bookings.ts, shared data moves down (decision 0031: features never
 * import each other, components never import a feature).
 */

/**
 * GET /cart. Quiet: the nav bar shows no count and the cart page its own error with Try again. A
 * read that went out before an add's answer came in may bring an older cart back: the cache keeps
 * whichever is the later write (keepLater).
 */
export const cartQuery = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.cart(uid),
    queryFn: async ({ signal, client, queryKey }) =>
      keepLater(client.getQueryData<Cart>(queryKey), await apiFetch<Cart>(API.cart, { auth: true, quiet: true, signal })),
  });

/**
 * Whether `a` is the version of a later write of the cart than `b`. The version is the cart's
 * write count in decimal (decision 0043); a client holding two answers of the same cart (two adds
 * at once) keeps the later one with this, whatever order they arrived in. Here, not in
 * common/cart.ts: a value imported from there brings the cart's zod schemas into every dashboard
 * page's first load (the nav bar's cart count uses this hook).
 */
function isLaterCartVersion(a: string, b: string): boolean {
  const [x, y] = [a, b].map((v) => (/^\d{1,15}$/.test(v) ? Number(v) : -1));
  return (x ?? -1) > (y ?? -1);
}

/** The later of the cart held and one just answered (versions count writes: decision 0043). */
const keepLater = (held: Cart | undefined, answered: Cart): Cart => (held && isLaterCartVersion(held.version, answered.version) ? held : answered);

export interface CartState {
  cart: Cart | undefined;
  loading: boolean;
  error: Error | undefined;
  retry: () => void;
}

/** The signed-in buyer's cart; nothing (and no request) for a visitor. */
export function useCart(): CartState {
  const { user } = useSession();
  const uid = user?.uid ?? '';
  const query = useQuery({ ...cartQuery(uid), enabled: Boolean(uid) });
  return { cart: query.data, loading: Boolean(uid) && query.isPending, error: query.error ?? undefined, retry: () => void query.refetch() };
}

/** A line whose tool was removed from the catalogue since it was added (answered with no name). */
export const isGone = (l: CartLine) => l.name === null;

/**
 * Keeps `cart` as the cart, unless the cache already holds a later one: two answers of the same
 * cart (two adds at once) may arrive in either order, and the later write is the cart now.
 */
function keepCart(queryClient: QueryClient, uid: string, cart: Cart): void {
  queryClient.setQueryData<Cart>(queryKeys.cart(uid), (held) => keepLater(held, cart));
}

/** The cart as it is now, from a 412 of PUT /cart or checkout (CONTRACT §13); undefined for any other error. */
export function cartNowOf(err: unknown): Cart | undefined {
  if (!(err instanceof ApiError) || err.status !== 412) return undefined;
  const cart = err.details.cart as Cart | undefined;
  return cart && typeof cart.version === 'string' && Array.isArray(cart.lines) ? cart : undefined;
}

/**
 * A refusal that says the cart moved since the page showed it (412): the cache takes the cart as it
 * is now, so every view of it shows that at once. The error is thrown on for the page to say so.
 */
export function takeCartNow(queryClient: QueryClient, uid: string | undefined, err: unknown): void {
  const now = cartNowOf(err);
  if (now && uid) queryClient.setQueryData(queryKeys.cart(uid), now);
}

/**
 * PUT /cart, conditional on `version`, the version of the cart the page showed: the whole cart as
 * `lines`. The answer (each line priced and checked) is the cart from then on, so every view of it
 * (the nav bar's count too) shows it at once. 412 when the cart changed meanwhile (another tab,
 * another device, an add here): the cache takes the cart now, and the ApiError is thrown on.
 */
export function useReplaceCart(): { replaceCart: (lines: CartLineInput[], version: string) => Promise<Cart>; pending: boolean } {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    // Quiet: the cart page shows a refusal on its rows, or says the cart moved.
    mutationFn: ({ lines, version }: { lines: CartLineInput[]; version: string }) =>
      apiFetch<Cart>(API.cart, { method: 'PUT', auth: true, quiet: true, ifMatch: version, body: { lines } }),
    onSuccess: (cart) => {
      if (user) keepCart(queryClient, user.uid, cart);
    },
    onError: (err) => takeCartNow(queryClient, user?.uid, err),
  });
  return { replaceCart: (lines, version) => mutation.mutateAsync({ lines, version }), pending: mutation.isPending };
}

/**
 * Adds lines to the cart: POST /cart/lines, merged on the server in one transaction (a tool
 * already there gets the quantity added), so adds at once from two cards, tabs or devices all
 * land. The answer is the whole cart, kept as the cart. A 400's `fields` name the lines given
 * (`lines.{i}.partNumber`). Quiet: each caller says a refusal where it belongs. Not signed in:
 * throws a 401 ApiError.
 */
export function useAddToCart(): { addToCart: (lines: CartLineInput[]) => Promise<Cart>; pending: boolean } {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (lines: CartLineInput[]) => {
      if (!user) throw new ApiError(401, 'unauthenticated', 'Sign in to add parts to your cart.');
      return apiFetch<Cart>(API.cartLines, { method: 'POST', auth: true, quiet: true, body: { lines } });
    },
    onSuccess: (cart) => {
      if (user) keepCart(queryClient, user.uid, cart);
    },
  });
  return { addToCart: mutation.mutateAsync, pending: mutation.isPending };
}
