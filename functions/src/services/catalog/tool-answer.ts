import { toolAnswer } from '@fridgeparts/common/documents/tools';
import type { Tool, ToolFacts } from '@fridgeparts/common/tool';
import { availabilityOf, shopDayAt, type Availability, type ShopDay } from '@fridgeparts/common/availability/availability';
import type { ToolDoc } from '../../data/firestore';
import { shipCutoff } from '../../config';

/**
 * Every tool answer's availability (CONTRACT §14, decision 0077): added when the answer is made,
 * from the stock it already holds, so no answer reads more documents for it. The shop's cut-off
 * is `SHIP_CUTOFF` ("15:00 America/Chicago" by default; config.ts shipCutoff, checked at startup).
 */

/** The tool as answered now: its facts and its availability (`discontinued`: it has been replaced). */
export function answerTool<T extends ToolFacts>(
  facts: T,
  discontinued: boolean,
  now: Date | ShopDay = new Date(),
  backorderedQuantity = 0,
): T & Pick<Tool, 'availability'> {
  return toolAnswer(facts, discontinued, now, shipCutoff(), backorderedQuantity);
}

/** The shop's day now, once for an answer of many tools (a search page, a model's callouts). */
export const shopDayNow = (now: Date = new Date()): ShopDay => shopDayAt(now, shipCutoff());

/** A stored tool's availability now (a cart line's: the tool it already read). */
export function availabilityNow(stored: ToolDoc, now: Date = new Date()): Availability {
  return availabilityOf({ ...stored, discontinued: Boolean(stored.replacedBy) }, now, shipCutoff());
}
