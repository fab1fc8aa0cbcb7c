import type { StoredTime } from './time';
import type { ResolvedFrom } from '../search/part-alias';

/** One line of a stored cart: the tool (one line per tool) and how many. */
export interface CartLineDoc {
  toolId: string;
  quantity: number;
  /**
   * CONTRACT §11: the number the line was last added by when it was not the part's own (older,
   * discontinued, OEM, competitor), kept while the line stays, so the cart says so beside it.
   */
  resolvedFrom?: ResolvedFrom;
  /** CONTRACT §14: the buyer lets the line backorder what is not in stock (absent: false). */
  backorder?: boolean;
}

/**
 * carts/{uid} (CONTRACT §8): written only by the functions (PUT /cart, POST /cart/lines, checkout),
 * read by nobody else (firestore.rules). Only what the buyer chose is stored; prices, bounds and
 * problems are worked out from the tools on every read, so a cart never shows a stale price.
 */
export interface CartDoc<Time extends StoredTime = StoredTime> {
  lines: CartLineDoc[];
  updatedAt: Time;
  /**
   * Counts the writes of this cart: each write stores the one it read plus 1, inside the
   * transaction that read it (CONTRACT §13, decision 0043). Absent on a cart written before
   * versions, which counts as 0, like a cart never written.
   */
  version?: number;
}

/** A cart as stored: field by field, so nothing else of the argument reaches the store. */
export function cartDoc<Time extends StoredTime>(lines: CartLineDoc[], updatedAt: Time, version: number): CartDoc<Time> {
  return {
    lines: lines.map((l) => ({
      toolId: l.toolId,
      quantity: l.quantity,
      ...(l.resolvedFrom ? { resolvedFrom: { number: l.resolvedFrom.number, kind: l.resolvedFrom.kind } } : {}),
      ...(l.backorder === true ? { backorder: true } : {}),
    })),
    updatedAt,
    version,
  };
}

/** The stored write count of a cart document (0: never written, or written before versions). */
export function storedCartVersion(doc: Pick<CartDoc, 'version'> | undefined): number {
  const v = doc?.version;
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : 0;
}
