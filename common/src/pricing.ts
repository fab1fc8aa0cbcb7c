import { MESSAGES } from './messages';

/**
 * B2B pricing and quantity rules (CONTRACT §7), shared by the tool page, the booking modal, quick
 * order and the function, so the price a buyer sees is the price the server charges.
 */

/** A price break as stored: from this quantity on, this unit price (integer cents). */
export interface PriceBreakCents {
  minQuantity: number;
  priceCents: number;
}

export interface PricedTool {
  priceCents: number;
  packSize: number;
  priceBreaks: PriceBreakCents[];
  minimumQuantity: number;
  availableQuantity: number;
}

/** The unit price for a quantity: the highest break the quantity reaches, else the list price. */
export function unitPriceCentsFor(tool: Pick<PricedTool, 'priceCents' | 'priceBreaks'>, quantity: number): number {
  let price = tool.priceCents;
  for (const b of tool.priceBreaks) if (quantity >= b.minQuantity) price = b.priceCents;
  return price;
}

export function packSizeMessage(packSize: number): string {
  return `Quantity must be a multiple of the pack size (${packSize})`;
}

/** Why a quantity can not be booked (the spec's messages), or null when it can. */
export function quantityProblem(tool: Pick<PricedTool, 'packSize' | 'minimumQuantity' | 'availableQuantity'>, quantity: number): string | null {
  if (!Number.isSafeInteger(quantity) || quantity < tool.minimumQuantity || quantity > tool.availableQuantity) return MESSAGES.quantityOutOfRange;
  if (tool.packSize > 1 && quantity % tool.packSize !== 0) return packSizeMessage(tool.packSize);
  return null;
}

/** Checks price breaks as the admin enters them: ascending quantities above 1, falling prices. */
export function priceBreakProblem(listPriceCents: number, breaks: PriceBreakCents[]): string | null {
  let lastQty = 1;
  let lastPrice = listPriceCents;
  for (const b of breaks) {
    if (b.minQuantity <= lastQty) return 'Price breaks must start above 1 and go up in quantity';
    if (b.priceCents >= lastPrice) return 'Each price break must be cheaper than the price before it';
    lastQty = b.minQuantity;
    lastPrice = b.priceCents;
  }
  return null;
}

export const PART_NUMBER_PATTERN = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;

/** The forms' text for breaks as answered (the product and contract price forms start from it): "100: 23.00, 250: 21.50". */
export function priceBreaksText(breaks: readonly { minQuantity: number; price: number }[]): string {
  return breaks.map((b) => `${b.minQuantity}: ${b.price.toFixed(2)}`).join(', ');
}
