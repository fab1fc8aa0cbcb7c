import { Timestamp } from 'firebase-admin/firestore';
import type { ToolDoc } from '../data/firestore';

/**
 * A stored tool (tools/{id}) for unit tests: "Part" at 1000 cents, minimum 1, pack size 1, three on
 * the shelf, no price breaks, created at the epoch; override what the test is about.
 */
export function toolDoc(over: Partial<ToolDoc> = {}): ToolDoc {
  return {
    name: 'Part',
    description: '',
    image: '/images/x.svg',
    priceCents: 1000,
    minimumQuantity: 1,
    availableQuantity: 3,
    packSize: 1,
    priceBreaks: [],
    createdAt: Timestamp.fromMillis(0),
    ...over,
  };
}
