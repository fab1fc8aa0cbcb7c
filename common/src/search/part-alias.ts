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
