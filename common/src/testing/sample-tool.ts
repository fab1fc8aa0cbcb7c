import type { Tool } from '../tool';

/** A tool as GET /tools answers it, for unit tests: `_id` and whatever the test cares about given, the rest plain. */
export function sampleTool(id: string, over: Partial<Tool> = {}): Tool {
  return {
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
    ...over,
  };
}
