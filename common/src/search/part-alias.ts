/** The other numbers a part is known by (CONTRACT §11); no dependency, so the API types can name them. */

export const ALIAS_KINDS = ['superseded', 'oem', 'competitor'] as const;
/** An older number of ours, the appliance maker's number, or another maker's equivalent part. */
export type AliasKind = (typeof ALIAS_KINDS)[number];

export interface PartAlias {
  number: string;
  kind: AliasKind;
  /** The appliance maker or the competitor (required for `oem` and `competitor`). */
  brand?: string;
}

/** How a number typed by a buyer led to the part ordered (CONTRACT §11 "Every way of ordering by number"). */
export type ResolvedKind = AliasKind | 'discontinued';

/** A line ordered by a number that is not the part's own: the number as sent and how it led there. */
export interface ResolvedFrom {
  number: string;
  kind: ResolvedKind;
}

/** How the number a line was ordered by relates to the part, as the line says it. */
const ORDERED_AS: Record<ResolvedKind, string> = {
  discontinued: 'replaced by this part',
  superseded: 'our older number for it',
  oem: 'the appliance maker’s number',
  competitor: 'an equivalent part',
};

/**
 * "Ordered as FP-DFT-6H21 (replaced by this part)": beside a line ordered by a number not its own,
 * in the cart, on the order, its PDF and its emails (CONTRACT §11: never silently).
 */
export const orderedAsText = (from: ResolvedFrom): string => `Ordered as ${from.number} (${ORDERED_AS[from.kind]})`;

/** Numbers no two tools may share (after normalisation): part numbers and our older numbers. */
export const isUniqueAliasKind = (kind: AliasKind): boolean => kind === 'superseded';

/** The longest number looked up, stored as an alias or sent on an order line. */
export const PART_LOOKUP_MAX = 64;
/** At most this many aliases per tool. */
export const MAX_ALIASES = 50;
/** Replacement chains (A replaced by B replaced by C) are followed at most this far. */
export const MAX_CHAIN = 10;
