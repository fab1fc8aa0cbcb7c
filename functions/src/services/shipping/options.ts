import type { ShippingOptionsQuery } from '@fridgeparts/common/shipping/options.schema';
import type { ShippingOptions } from '@fridgeparts/common/shipping/options.answers';
import { SHOP_ADDRESS } from '@fridgeparts/common/shipping/order';
import { isDocumentId } from '@fridgeparts/common/ids';
import { pricedTool } from '@fridgeparts/common/documents/tools';
import { unitPriceCentsFor } from '@fridgeparts/common/pricing';
import { lineTotalCents } from '@fridgeparts/common/money';
import { collections, db, type ToolDoc } from '../../data/firestore';
import type { Caller } from '../caller';
import { orderCompanyIn } from '../companies/company-side';
import { companyPricesFor } from '../companies/contract-prices';
import { getBooking } from '../order-reads/get-booking';
import { resolveNumbers } from '../catalog/part-number-registry';
import { readShippingMethods } from './methods';
import { optionsFor, ratedOrderOf, type ShippedLine } from './quote';

/**
 * GET /shipping/options (CONTRACT §14, decision 0075): what shipping the caller could choose, for
 * their cart (or the lines named, for a quick order or the booking modal) going to a company
 * ship-to or an address, or for an order they placed. Priced as their order would be (contract
 * prices; the parts' weights and freight), dated from now and the shop's cut-off. Only reads.
 */
export async function shippingOptions(caller: Caller, q: ShippingOptionsQuery, now = new Date()): Promise<ShippingOptions> {
  const methods = await readShippingMethods();
  if (q.bookingId !== undefined) return placedOrderOptions(caller, q.bookingId, methods, now);
  // The membership and company (and the ship-to named: 400 for a non-member or an unknown one), read together.
  const company = await db.runTransaction((tx) => orderCompanyIn(tx, caller, q.shipToId, q.shipToId === undefined ? 'address' : 'ship-to'));
  const wanted = q.lines ?? (await cartLines(caller.uid));
  const ids = await toolIdsOf(wanted.map((l) => l.ref));
  const tools = await readTools(ids.filter((id): id is string => id !== null));
  const prices = await companyPricesFor(company?.companyId ?? null, tools.keys());
  const lines: ShippedLine[] = [];
  wanted.forEach((l, i) => {
    const id = ids[i];
    const tool = id ? tools.get(id) : undefined;
    if (!id || !tool) return;
    const unit = unitPriceCentsFor(prices.get(id) ?? pricedTool(tool), l.quantity);
    lines.push({ tool, quantity: l.quantity, totalCents: lineTotalCents(unit, l.quantity) });
  });
  const to = company?.shipTo?.address ?? { country: q.country ?? SHOP_ADDRESS.country, region: q.region ?? '' };
  return { options: optionsFor(methods, ratedOrderOf(lines), to, now) };
}

/** A placed order's options: its own lines and total, to where it ships (the shop's address for a one-line address). */
async function placedOrderOptions(
  caller: Caller,
  bookingId: string,
  methods: Awaited<ReturnType<typeof readShippingMethods>>,
  now: Date,
): Promise<ShippingOptions> {
  // getBooking answers 404 for an order the caller may not see, as for an unknown id.
  const booking = await getBooking(caller, bookingId);
  const tools = await readTools(booking.lines.map((l) => l.toolId));
  const lines: ShippedLine[] = booking.lines.map((l) => ({
    tool: tools.get(l.toolId) ?? { weight: undefined, freight: undefined },
    quantity: l.quantity,
    totalCents: Math.round(l.lineTotal * 100),
  }));
  return { options: optionsFor(methods, ratedOrderOf(lines), booking.shippingAddress ?? SHOP_ADDRESS, now) };
}

async function cartLines(uid: string): Promise<{ ref: string; quantity: number }[]> {
  const cart = (await collections.carts().doc(uid).get()).data();
  return (cart?.lines ?? []).map((l) => ({ ref: l.toolId, quantity: l.quantity }));
}

/** Each reference as a tool id: a tool's own id, else a number the registry or the index resolves; null for neither. */
async function toolIdsOf(refs: readonly string[]): Promise<(string | null)[]> {
  const direct = await readTools(refs);
  const numbers = [...new Set(refs.filter((r) => !direct.has(r)))];
  const answers = numbers.length > 0 ? await resolveNumbers(numbers, 'registry') : [];
  const byNumber = new Map(numbers.map((n, i) => [n, answers[i]?.found ? answers[i].part._id : null]));
  return refs.map((r) => (direct.has(r) ? r : (byNumber.get(r) ?? null)));
}

async function readTools(ids: Iterable<string>): Promise<Map<string, ToolDoc>> {
  const refs = [...new Set(ids)].filter(isDocumentId).map((id) => collections.tools().doc(id));
  const snaps = refs.length > 0 ? await db.getAll(...refs) : [];
  return new Map(snaps.filter((s) => s.exists).map((s) => [s.id, s.data() as ToolDoc]));
}
