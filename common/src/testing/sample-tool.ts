import type { Tool } from '../tool';
import { availabilityOf } from '../availability/availability';

/** The moment sample tools' availability is worked out at: Monday Dec 1, 2026, 10:00 in Chicago (before the cut-off). */
export const SAMPLE_NOW = new Date('2026-12-01T16:00:00Z');

/** A tool as GET /tools answers it, for unit tests: `_id` and whatever the test cares about given, the rest plain; its availability follows its stock. */
export function sampleTool(id: string, over: Partial<Tool> = {}): Tool {
  const facts = {
    _id: id,
    name: `Part ${id}`,
    description: 'A part',
    image: '/images/tools/x.svg',
    price: 10,
    minimumQuantity: 1,
    availableQuantity: 5,
    partNumber: `FP-${id.toUpperCase()}`,
    packSize: 1,
    priceBreaks: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    category: null,
    specs: {},
    aliases: [],
    weight: 1,
    freight: false,
    leadTimeDays: 14,
    restock: [],
    coreDeposit: 0,
    taxCode: null,
    ...over,
  };
  return { availability: availabilityOf({ ...facts, discontinued: false }, SAMPLE_NOW), ...facts };
}
