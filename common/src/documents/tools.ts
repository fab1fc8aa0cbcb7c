import { centsToDollars } from '../money';
import type { PricedTool } from '../pricing';
import type { PartAlias } from '../search/part-alias';
import type { Tool, ToolFacts, ToolInput } from '../tool';
import { availabilityOf, availabilityOn, restockFields, type ShopDay } from '../availability/availability';
import { DEFAULT_LEAD_TIME_DAYS, type ToolShipping } from '../shipping/parcel';
import type { ShipCutoff } from '../shipping/ship-dates';
import { isoTime, type StoredTime } from './time';
import { TAX_CODE_PATTERN } from '../tax/tax';

/**
 * What an admin sets for a tool: POST /addItem's schema output (its price already `priceCents`),
 * and its part number (the one given, or the one the shop assigned).
 */
export type ToolFields = Omit<ToolInput, 'partNumber' | 'aliases' | 'coreDeposit' | 'taxCode' | keyof ToolShipping> & {
  partNumber: string;
  /** Decision 0088: the refundable core deposit per unit, cents; absent or 0: none. */
  coreDepositCents?: number;
  /** CONTRACT §15: the Stripe tax code; absent or null: the shop's default. */
  taxCode?: string | null;
} & Partial<FindingFields> &
  Partial<ReplacementFields> &
  Partial<StoredShipping>;

/** CONTRACT §14 as stored: POST /addItem always gives all three; documents written before (and test fixtures) may have none. */
export interface StoredShipping {
  weight: number;
  freight: boolean;
  leadTimeDays: number;
}

/** How a tool is found (CONTRACT §11): its category, its specs and the other numbers it is known by. */
export interface FindingFields {
  category: string | null;
  specs: Record<string, string>;
  aliases: PartAlias[];
}

/**
 * A discontinued tool (CONTRACT §11): `replacedBy` is the id of the tool that replaces it (which may
 * itself be replaced: chains resolve to the end), null for a current one. `discontinued` is the same
 * as a boolean a listing can filter on with an equality (Firestore's `== null` is not one), kept
 * with `replacedBy` by every writer (newToolDoc, PATCH /manage/{id}); the snapshot's build writes
 * both into documents stored before them (search-snapshot.ts).
 */
export interface ReplacementFields {
  replacedBy: string | null;
  discontinued: boolean;
}

/** Added by CONTRACT §7, §11 and §14: older documents have none, and the mappers below give the defaults. */
type AddedLater = 'partNumber' | 'packSize' | 'priceBreaks' | keyof FindingFields | keyof ReplacementFields | keyof StoredShipping | 'restock';

/**
 * tools/{slug or id}: world-readable (firestore.rules), so public fields only: the admin's
 * ToolFields and `createdAt`. How it is found lives in the search snapshot (search-snapshot.ts).
 */
export type ToolDoc<Time extends StoredTime = StoredTime> = Omit<ToolFields, AddedLater> &
  Partial<Pick<ToolFields, AddedLater>> & {
    createdAt: Time;
    /** When an order last moved its stock (Firestore's time): the sweep carries such changes into the search snapshot. */
    stockChangedAt?: Time;
    /** Open backorders of the tool, units (decision 0080): kept with its queue (backorders/), absent: none. */
    backorderedQuantity?: number;
    /** CONTRACT §15: the part's Stripe tax code (`txcd_` + 8 digits); absent or null (cleared by PATCH /manage/{id}): general tangible goods, txcd_99999999. */
    taxCode?: string | null;
    /** CONTRACT §16: false when the part may come back only defective or damaged in transit; absent: true. */
    returnable?: boolean;
    /** CONTRACT §16 (decision 0088): the refundable core deposit per unit, cents; absent or 0: none. */
    coreDepositCents?: number;
  };

/**
 * partNumbers/{key}: a number claimed in the tool's transaction, so no two tools share a part
 * number or a superseded number (CONTRACT §11). The key is the number normalised
 * (`partNumberKey`); documents stored before this were keyed by the part number as written, have
 * neither `kind` nor `number`, and are read as the part number (common/src/search/part-registry.ts, functions services/catalog/part-number-registry.ts).
 */
export interface PartNumberDoc {
  toolId: string;
  /** `part`: the tool's own part number; `superseded`: an older number of ours it replaces. */
  kind?: 'part' | 'superseded';
  /** The number as written on the tool. */
  number?: string;
}

/** Each alias field by field (number, kind, brand when given), so nothing else reaches the store or the API. */
export const aliasFields = (aliases: readonly PartAlias[] = []): PartAlias[] =>
  aliases.map((a) => ({ number: a.number, kind: a.kind, ...(a.brand ? { brand: a.brand } : {}) }));

/** A new tool's document: the admin's fields and when it was added. */
export function newToolDoc<Time extends StoredTime>(t: ToolFields, createdAt: Time): ToolDoc<Time> {
  // Field by field, so extra properties of the argument (the seed's slug) never reach the store.
  return {
    name: t.name,
    description: t.description,
    image: t.image,
    partNumber: t.partNumber,
    priceCents: t.priceCents,
    packSize: t.packSize,
    priceBreaks: t.priceBreaks,
    minimumQuantity: t.minimumQuantity,
    availableQuantity: t.availableQuantity,
    category: t.category ?? null,
    specs: { ...t.specs },
    aliases: aliasFields(t.aliases),
    replacedBy: t.replacedBy ?? null,
    discontinued: Boolean(t.replacedBy),
    restock: restockFields(t.restock),
    ...(t.weight !== undefined ? { weight: t.weight } : {}),
    ...(t.freight !== undefined ? { freight: t.freight } : {}),
    ...(t.leadTimeDays !== undefined ? { leadTimeDays: t.leadTimeDays } : {}),
    ...(t.coreDepositCents !== undefined && t.coreDepositCents > 0 ? { coreDepositCents: t.coreDepositCents } : {}),
    ...(t.taxCode ? { taxCode: t.taxCode } : {}),
    createdAt,
  };
}

/** What pricing and the quantity rules read from a stored tool, with the CONTRACT §7 defaults. */
export function pricedTool(t: Pick<ToolDoc, 'priceCents' | 'minimumQuantity' | 'availableQuantity' | 'packSize' | 'priceBreaks'>): PricedTool {
  return {
    priceCents: t.priceCents,
    packSize: t.packSize ?? 1,
    priceBreaks: t.priceBreaks ?? [],
    minimumQuantity: t.minimumQuantity,
    availableQuantity: t.availableQuantity,
  };
}

/** A stored tool to the API shape (prices in dollars); the time may be missing on very old documents. */
export function toolFromDoc(id: string, t: Omit<ToolDoc, 'createdAt'> & { createdAt?: StoredTime | null }): ToolFacts {
  const priced = pricedTool(t);
  return {
    _id: id,
    name: t.name,
    description: t.description,
    image: t.image,
    price: centsToDollars(priced.priceCents),
    minimumQuantity: priced.minimumQuantity,
    availableQuantity: priced.availableQuantity,
    partNumber: t.partNumber ?? '',
    packSize: priced.packSize,
    priceBreaks: priced.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, price: centsToDollars(b.priceCents) })),
    createdAt: isoTime(t.createdAt),
    category: t.category ?? null,
    specs: { ...t.specs },
    aliases: aliasFields(t.aliases),
    ...toolShippingOf(t),
    restock: restockFields(t.restock),
    ...coreDepositAndTaxCodeOf(t),
  };
}

/**
 * A tool as answered at `now` (CONTRACT §14): its stored facts and its availability, worked out
 * from the stock the facts hold (no read). `discontinued`: it has been replaced.
 */
export function toolAnswer<T extends ToolFacts>(
  facts: T,
  discontinued: boolean,
  now: Date | ShopDay,
  cutoff?: ShipCutoff,
  backorderedQuantity = 0,
): T & Pick<Tool, 'availability'> {
  const facts2 = { ...facts, discontinued, backorderedQuantity };
  return { ...facts, availability: now instanceof Date ? availabilityOf(facts2, now, cutoff) : availabilityOn(facts2, now) };
}

/**
 * A stored tool's core deposit (dollars, 0: none) and tax code (null: the shop's default), as
 * answered (decision 0088, CONTRACT §15); a malformed stored value reads as none.
 */
export function coreDepositAndTaxCodeOf(t: { coreDepositCents?: number; taxCode?: string | null }): Pick<Tool, 'coreDeposit' | 'taxCode'> {
  const cents = t.coreDepositCents;
  return {
    coreDeposit: cents !== undefined && Number.isSafeInteger(cents) && cents > 0 ? centsToDollars(cents) : 0,
    taxCode: t.taxCode && TAX_CODE_PATTERN.test(t.taxCode) ? t.taxCode : null,
  };
}

/** A stored tool's shipping fields with the CONTRACT §14 defaults (no weight known, parcel, 14 days). */
export function toolShippingOf(t: Partial<ToolShipping>): ToolShipping {
  return { weight: t.weight ?? null, freight: t.freight ?? false, leadTimeDays: t.leadTimeDays ?? DEFAULT_LEAD_TIME_DAYS };
}
