import { useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Tool } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/infra/api-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import { useAddToCart } from '../../../lib/domain/use-cart';

/** What the shop sells of a part: its minimum order, pack size and stock (GET /tool/{id}). */
type SaleRules = Pick<Tool, 'minimumQuantity' | 'packSize' | 'availableQuantity'>;

/**
 * How many to put in the cart for a callout that needs `wanted` (its quantity on the drawing): at
 * least the part's minimum order and a whole number of packs, as the cart would insist anyway; or
 * why none can be added (not enough in stock).
 */
export function orderQuantity(wanted: number, rules: SaleRules): { quantity: number; raised: boolean } | { problem: string } {
  const pack = rules.packSize > 1 ? rules.packSize : 1;
  const quantity = Math.ceil(Math.max(wanted, rules.minimumQuantity) / pack) * pack;
  if (quantity > rules.availableQuantity)
    return { problem: rules.availableQuantity > 0 ? `Only ${rules.availableQuantity} in stock; the least we sell is ${quantity}` : 'Out of stock' };
  return { quantity, raised: quantity !== wanted };
}

/** "the least we sell is 20", "sold in packs of 10": why the quantity added is not the drawing's. */
export function raisedReason(rules: SaleRules): string {
  return rules.packSize > 1 ? `sold in packs of ${rules.packSize}, at least ${rules.minimumQuantity}` : `the least we sell is ${rules.minimumQuantity}`;
}

/**
 * Adds a callout's part to the cart (POST /cart/lines, lib/use-cart): the part's minimum order and
 * pack size come from GET /tool/{id} (the model's answer carries price and stock only), so the line
 * lands ready to check out, and the caller says when the quantity is more than the drawing lists.
 * A callout whose listed number leads to another part (`orderAs`) is added by that number: the
 * server resolves it to the same current part and keeps how, so the cart, the order and its emails
 * say "Ordered as FP-DFT-6H21 (replaced by this part)" too (CONTRACT §11: never silently).
 */
export function useAddCallout() {
  const queryClient = useQueryClient();
  const { addToCart, pending } = useAddToCart();
  const add = async (toolId: string, listedAs: string | null, wanted: number): Promise<{ quantity: number; raisedBecause: string | null }> => {
    const tool = await queryClient.fetchQuery({
      queryKey: queryKeys.tools.one(toolId),
      queryFn: ({ signal }) => apiFetch<Tool | null>(API.tool(toolId), { signal, quiet: true }),
      staleTime: 30_000,
    });
    if (!tool) throw new Error('This part is no longer in the catalogue.');
    const order = orderQuantity(wanted, tool);
    if ('problem' in order) throw new Error(order.problem);
    await addToCart([listedAs ? { partNumber: listedAs, quantity: order.quantity } : { toolId, quantity: order.quantity }]);
    return { quantity: order.quantity, raisedBecause: order.raised ? raisedReason(tool) : null };
  };
  return { add, pending };
}
