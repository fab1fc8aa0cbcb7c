import type { StoredTime } from './time';

/** One line of a stored cart: the tool (one line per tool) and how many. */
export interface CartLineDoc {
  toolId: string;
  quantity: number;
}

/**
 * carts/{uid} (CONTRACT §8): written only by the functions (PUT /cart, checkout), read by nobody
 * else (firestore.rules). Only what the buyer chose is stored; prices, bounds and problems are
 * worked out from the tools on every read, so a cart never shows a stale price.
 */
export interface CartDoc<Time extends StoredTime = StoredTime> {
  lines: CartLineDoc[];
  updatedAt: Time;
}

/** A cart as stored: field by field, so nothing else of the argument reaches the store. */
export function cartDoc<Time extends StoredTime>(lines: CartLineDoc[], updatedAt: Time): CartDoc<Time> {
  return { lines: lines.map((l) => ({ toolId: l.toolId, quantity: l.quantity })), updatedAt };
}
