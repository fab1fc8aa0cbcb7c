import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { ShippingMethodFields, ShippingMethodRecord } from '@fridgeparts/common/shipping/methods.schema';
import type { ShippingMethod, ShippingMethodList } from '@fridgeparts/common/shipping/methods.answers';
import { SHIPPING_LIMITS } from '@fridgeparts/common/shipping/methods';
import { shippingMethodFromDoc, shippingMethodRecord } from '@fridgeparts/common/documents/shipping-methods';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import { collections, db, type ShippingMethodDoc } from '../../data/firestore';
import { conflict, notFound, preconditionFailed } from '../../errors';
import type { Caller } from '../caller';
import { logs } from '../../logs';

/**
 * The shop's shipping methods (CONTRACT §14, decision 0075): shippingMethods/{id}, written only
 * here, by the shop admin through PUT and DELETE /shipping/methods/{id}; each write bumps the
 * method's version, which an If-Match names so an admin's edit never wipes another's.
 */

const methodRef = (id: string) => collections.shippingMethods().doc(id);
const noSuchMethod = (id: string) => notFound(`There is no shipping method "${id}".`);

/** GET /shipping/methods (admin): every method, by id. A bounded collection (SHIPPING_LIMITS.methods). */
export async function listShippingMethods(): Promise<ShippingMethodList> {
  const snap = await collections.shippingMethods().limit(SHIPPING_LIMITS.methods).get();
  return { methods: snap.docs.map((d) => shippingMethodFromDoc(d.id, d.data())).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) };
}

/** Every method as the rate choice reads it; in `tx` when an order is made (read before its writes). */
export async function readShippingMethods(tx?: Transaction): Promise<ShippingMethodRecord[]> {
  const query = collections.shippingMethods().limit(SHIPPING_LIMITS.methods);
  const snap = tx ? await tx.get(query) : await query.get();
  return snap.docs.map((d) => shippingMethodRecord(d.id, d.data()));
}

const CHANGED = 'This shipping method was changed since you read it: here it is now. Check it and send your change again.';

/**
 * PUT /shipping/methods/{id} (admin): creates the method (created: true) or replaces it, in one
 * transaction; with `expected` (If-Match) a method changed since answers 412 with it as it is,
 * and one that does not exist 404. At most SHIPPING_LIMITS.methods methods (409 for one more).
 */
export async function putShippingMethod(
  caller: Caller,
  id: string,
  input: ShippingMethodFields,
  expected: string[] | undefined,
): Promise<{ created: boolean; method: ShippingMethod }> {
  const ref = methodRef(id);
  const result = await db.runTransaction(async (tx) => {
    const current = await tx.get(ref);
    const before = current.data();
    if (expected !== undefined) {
      if (!before) throw noSuchMethod(id);
      if (!expected.includes(String(before.version))) return { kind: 'stale' as const, method: shippingMethodFromDoc(id, before) };
    }
    if (!before) {
      const count = (await tx.get(collections.shippingMethods().limit(SHIPPING_LIMITS.methods))).size;
      if (count >= SHIPPING_LIMITS.methods) throw conflict(`The shop has ${SHIPPING_LIMITS.methods} shipping methods, the most it keeps: remove one first.`);
    }
    const doc: ShippingMethodDoc = { ...fieldsOf(input), version: (before?.version ?? 0) + 1, updatedAt: Timestamp.now() };
    tx.set(ref, doc);
    return { kind: 'written' as const, created: !before, doc };
  });
  if (result.kind === 'stale') throw preconditionFailed(CHANGED, { method: result.method }, result.method.version);
  logs.shippingMethodChanged(id, result.created ? 'created' : 'replaced', caller.email);
  return { created: result.created, method: shippingMethodFromDoc(id, result.doc) };
}

/** Field by field, so nothing but the method's own fields reaches the store. */
function fieldsOf(m: ShippingMethodFields): ShippingMethodFields {
  return {
    name: m.name,
    carrier: m.carrier,
    zones: m.zones.map((z) => (z.regions ? { country: z.country, regions: [...z.regions] } : { country: z.country })),
    rates: m.rates.map((r) => ({
      ...(r.maxWeightHundredths !== undefined ? { maxWeightHundredths: r.maxWeightHundredths } : {}),
      ...(r.maxSubtotalCents !== undefined ? { maxSubtotalCents: r.maxSubtotalCents } : {}),
      amountCents: r.amountCents,
    })),
    transitDays: { min: m.transitDays.min, max: m.transitDays.max },
    freightOnly: m.freightOnly,
  };
}

/** DELETE /shipping/methods/{id} (admin): 404 when there is none; with If-Match, 412 when it changed since. Placed orders keep their copy. */
export async function deleteShippingMethod(caller: Caller, id: string, expected: string[] | undefined): Promise<DeletedCountResponse> {
  const ref = methodRef(id);
  const stale = await db.runTransaction(async (tx) => {
    const before = (await tx.get(ref)).data();
    if (!before) throw noSuchMethod(id);
    if (expected !== undefined && !expected.includes(String(before.version))) return shippingMethodFromDoc(id, before);
    tx.delete(ref);
    return null;
  });
  if (stale) throw preconditionFailed(CHANGED, { method: stale }, stale.version);
  logs.shippingMethodChanged(id, 'deleted', caller.email);
  return { deletedCount: 1 };
}
