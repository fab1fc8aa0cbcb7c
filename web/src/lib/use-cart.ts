import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Cart, CartLine, CartLineInput } from '@fridgeparts/common/cart';
import { ApiError, apiFetch } from './api-client';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/**
 * The signed-in buyer's cart (CONTRACT §8). In lib/, not in features/cart, because it is read and
 * written from every layer above: the navigation bar (components/) shows its line count, the
 * catalogue, the quick order and Reorder (three features) put lines into it, and the cart page
 * shows it. Like use-recent-bookings.ts, shared data moves down (decision 0031: features never
 * import each other, components never import a feature).
 */

/** GET /cart. Quiet: the nav bar shows no count and the cart page its own error with Try again. */
export const cartQuery = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.cart(uid),
    queryFn: ({ signal }) => apiFetch<Cart>(API.cart, { auth: true, quiet: true, signal }),
  });

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
 * The cart's lines as PUT /cart takes them again (by tool id), without the lines whose tool is
 * gone: the server refuses to store a tool it does not know, so a cart holding one could not be
 * changed at all. A write therefore takes such a line out; until then it shows, with its problem.
 */
export function cartLineInputs(cart: Cart | undefined): CartLineInput[] {
  return (cart?.lines ?? []).filter((l) => !isGone(l)).map((l) => ({ toolId: l.toolId, quantity: l.quantity }));
}

function putCart(lines: CartLineInput[]): Promise<Cart> {
  // Quiet: each caller shows a refusal where it belongs (the quick order's lines, the cart's rows).
  return apiFetch<Cart>(API.cart, { method: 'PUT', auth: true, quiet: true, body: { lines } });
}

/**
 * PUT /cart: replaces the whole cart with `lines`; the answer (each line priced and checked) is
 * the cart from then on, so every view of it (the nav bar's count too) shows it at once.
 */
export function useReplaceCart(): { replaceCart: (lines: CartLineInput[]) => Promise<Cart>; pending: boolean } {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: putCart,
    onSuccess: (cart) => {
      if (user) queryClient.setQueryData(queryKeys.cart(user.uid), cart);
    },
  });
  return { replaceCart: mutation.mutateAsync, pending: mutation.isPending };
}

export interface MergedCart {
  /** The whole cart to PUT: the current lines first, in their order, then the new tools. */
  lines: CartLineInput[];
  /** For each added line, the index of the line it went into (so the server's `lines.{i}` can be read back). */
  placeOf: number[];
}

const keyOf = (l: CartLineInput) => ('toolId' in l ? `t:${l.toolId}` : `p:${l.partNumber.toUpperCase()}`);

/**
 * The cart with `added` merged in: a tool already in the cart (by id, or by part number for a
 * line that has one) gets the added quantity on its line, so there is one line per tool, as the
 * server requires. Lines whose tool is gone are left out (cartLineInputs). Pure, so it is tested
 * on its own.
 */
export function mergeCartLines(cart: Cart | undefined, added: CartLineInput[]): MergedCart {
  const kept = (cart?.lines ?? []).filter((l) => !isGone(l));
  const lines: CartLineInput[] = kept.map((l) => ({ toolId: l.toolId, quantity: l.quantity }));
  const index = new Map<string, number>();
  kept.forEach((l, i) => {
    index.set(`t:${l.toolId}`, i);
    if (l.partNumber) index.set(`p:${l.partNumber.toUpperCase()}`, i);
  });
  const placeOf = added.map((line) => {
    const at = index.get(keyOf(line));
    const existing = at === undefined ? undefined : lines[at];
    if (at !== undefined && existing) {
      lines[at] = { ...existing, quantity: existing.quantity + line.quantity };
      return at;
    }
    lines.push(line);
    index.set(keyOf(line), lines.length - 1);
    return lines.length - 1;
  });
  return { lines, placeOf };
}

/**
 * The server's `fields` (`lines.{i}.toolId`) renamed from the merged cart's places to the places
 * of the lines the caller added (`lines.{j}.toolId`, j in what the caller gave), so a quick order
 * marks its own lines. A message about a line that was already in the cart keeps its key under
 * `cart.{i}`.
 */
export function fieldsOfAdded(fields: Record<string, string>, placeOf: number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const m = /^lines\.(\d+)\.(.+)$/.exec(key);
    if (!m) {
      out[key] = message;
      continue;
    }
    const place = Number(m[1]);
    const mine = placeOf.flatMap((p, j) => (p === place ? [j] : []));
    if (mine.length === 0) out[`cart.${place}.${m[2]}`] = message;
    for (const j of mine) out[`lines.${j}.${m[2]}`] ??= message;
  }
  return out;
}

async function currentCart(queryClient: QueryClient, uid: string): Promise<Cart> {
  // Read afresh: the cart may have changed on another device (or tab) since this one last read it.
  return queryClient.fetchQuery({ ...cartQuery(uid), staleTime: 0 });
}

/**
 * Adds lines to the cart: reads the cart as it is now and PUTs it with the lines merged in (a
 * tool already there gets the quantity added). Answers the cart. A 400 is thrown again with its
 * `fields` named after the added lines (fieldsOfAdded). Not signed in: throws a 401 ApiError.
 */
export function useAddToCart(): { addToCart: (lines: CartLineInput[]) => Promise<Cart>; pending: boolean } {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (added: CartLineInput[]) => {
      if (!user) throw new ApiError(401, 'unauthenticated', 'Sign in to add parts to your cart.');
      const merged = mergeCartLines(await currentCart(queryClient, user.uid), added);
      try {
        return await putCart(merged.lines);
      } catch (err) {
        if (err instanceof ApiError && err.fields) throw new ApiError(err.status, err.code, err.message, fieldsOfAdded(err.fields, merged.placeOf));
        throw err;
      }
    },
    onSuccess: (cart) => {
      if (user) queryClient.setQueryData(queryKeys.cart(user.uid), cart);
    },
  });
  return { addToCart: mutation.mutateAsync, pending: mutation.isPending };
}
