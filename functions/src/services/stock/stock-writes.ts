import { FieldValue } from 'firebase-admin/firestore';

/**
 * Every change of a tool's stock by an order: the new stock (a number, or an increment) and when
 * it moved, which the sweep reads to carry stock into the search snapshot (catalog/search-snapshot.ts).
 * Below the catalogue and ordering alike (docs/architecture.md, "Services by domain").
 */
export const stockWrite = (availableQuantity: number | FieldValue) => ({ availableQuantity, stockChangedAt: FieldValue.serverTimestamp() });
export const stockDelta = (n: number) => stockWrite(FieldValue.increment(n));
