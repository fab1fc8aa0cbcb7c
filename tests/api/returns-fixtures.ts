import { Timestamp } from 'firebase-admin/firestore';
import { API } from '../../common/src/api-paths';
import type { BookingState } from '../../common/src/constants';
import { reservedOrderDoc, type BookingDoc, type BookingLineDoc } from '../../common/src/documents/bookings';
import { localOrigin } from '../../common/src/local-stack';
import type { ShipmentDoc } from '../../common/src/shipping/shipments';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db } from '../support/firestore';
import { GOOD_CONTACT, payWithCard, quickOrder } from './fixtures';

/**
 * Returns, warranty claims and core returns in the API tests (CONTRACT §16): an order placed, paid,
 * shipped and delivered (through the API, or written as the API stores it), then a return requested,
 * approved and received, each step by its own call, so a file names only what its tests check.
 */

export const DAY = 86_400_000;
export const TRACKING_NUMBER = '1Z999AA10123456784';
/** New York taxes parts and shipping at 4% (the double's table). */
export const NY = { line1: '1 Centre St', city: 'New York', region: 'NY', postalCode: '10007', country: 'US' };
/** Illinois taxes the parts at 6.25%, the shipping not. */
export const CHICAGO = { line1: '121 N LaSalle St', city: 'Chicago', region: 'IL', postalCode: '60602', country: 'US' };

type Address = { line1: string; city: string; region: string; postalCode: string; country: string };

/** The shop admin's steps of a return, by name. */
export const RETURN_STEPS = { approve: API.returnApprove, decline: API.returnDecline, receive: API.returnReceive, refund: API.returnRefund } as const;
export type ReturnStep = keyof typeof RETURN_STEPS;

/**
 * A file's return calls, made as its `buyer` and its shop `admin` unless told otherwise, each
 * POST with an Idempotency-Key of its own (`newKey`: one no other call of the tier used, starting
 * with the file's `keyPrefix`; null sends none).
 */
export function returnCalls(cast: { buyer: TestUser; admin: TestUser }, keyPrefix: string) {
  let keySeq = 0;
  const newKey = () => `${keyPrefix}-${Date.now().toString(36)}-${++keySeq}`;
  /** POST /booking/{id}/returns with the whole body (a warranty claim's too). */
  const post = (id: string, body: object, user: TestUser = cast.buyer, key: string | null = newKey()) => {
    const req = api().post(API.bookingReturns(id)).set(bearer(user.token));
    if (key !== null) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  /** One of the shop admin's steps of return `rid`. */
  const step = (id: string, rid: string, name: ReturnStep, body: object = {}, user: TestUser = cast.admin) =>
    api().post(RETURN_STEPS[name](id, rid)).set(bearer(user.token)).send(body);
  /** Requested as `user` and approved: the return's id and the approval's answer. */
  const approvedReturn = async (id: string, body: object, user: TestUser = cast.buyer) => {
    const rid = (await post(id, body, user).expect(201)).body.id as string;
    const approved = (await step(id, rid, 'approve').expect(200)).body;
    return { rid, approved };
  };
  /** Requested, approved and received with `receipt` (its lines): the return's id and the receipt's answer. */
  const receivedReturn = async (id: string, body: object, receipt: object[], user: TestUser = cast.buyer) => {
    const { rid } = await approvedReturn(id, body, user);
    const received = (await step(id, rid, 'receive', { lines: receipt }).expect(200)).body;
    return { rid, received };
  };
  /** Ships `quantities` of the order's lines (by position) in one UPS box as the shop admin: the answer, the shipment. */
  const ship = (id: string, quantities: number[]) =>
    api()
      .post(API.shipments(id))
      .set(bearer(cast.admin.token))
      .set('Idempotency-Key', newKey())
      .send({ lines: quantities.map((quantity, i) => ({ lineId: String(i), quantity })), carrier: 'ups', trackingNumbers: [TRACKING_NUMBER] })
      .expect(201);
  return { newKey, post, step, approvedReturn, receivedReturn, ship };
}

/** Every refund of a PaymentIntent at the double (its own list: the shop never lists refunds). */
export const refundsOf = async (pi: string) =>
  (
    (await (await fetch(`${localOrigin('stripe')}/_double/refunds?payment_intent=${encodeURIComponent(pi)}`)).json()) as {
      data: { id: string; amount: number }[];
    }
  ).data;

/**
 * Order numbers (the tax transaction's reference) start again in each file's cleared Firestore
 * while the double remembers every reference: numbers from `base` on that no earlier file used.
 */
async function freshOrderNumbers([base, spread]: [number, number]): Promise<void> {
  await db
    .collection('counters')
    .doc('orders')
    .set({ year: new Date().getUTCFullYear(), seq: base + (Date.now() % spread) });
}

/** One flat shipping method, $19.95 to the US, saved as `id` by the shop admin. */
export async function flatGround(admin: TestUser, id: string): Promise<void> {
  await api()
    .put(API.shippingMethod(id))
    .set(bearer(admin.token))
    .send({ name: 'Flat Ground', carrier: 'ups', zones: [{ country: 'US' }], rates: [{ amount: 19.95 }], transitDays: { min: 3, max: 5 } })
    .expect(201);
}

/**
 * A card quick order of `lines` shipped to `shippingAddress`, paid with the double, its number one
 * no earlier file used (`numbers`: from the first, within the second): its id and its PaymentIntent's.
 */
export async function paidCardOrder(
  buyer: TestUser,
  lines: { partNumber: string; quantity: number }[],
  shippingAddress: Address,
  numbers: [number, number],
): Promise<{ _id: string; pi: string }> {
  await freshOrderNumbers(numbers);
  const o = (await quickOrder(buyer, { lines, phone: GOOD_CONTACT.phone, shippingAddress }).expect(201)).body;
  return { _id: o._id as string, pi: await payWithCard(buyer, o._id) };
}

/** A Net 30 company at `address` (its one ship-to, s1) whose company admin is `member`: its id. */
export async function net30Company(admin: TestUser, member: TestUser, name: string, shipToLabel: string, address: Address): Promise<string> {
  const id = (
    await api()
      .post(API.companies)
      .set(bearer(admin.token))
      .send({ name, billingAddress: address, shipTo: [{ label: shipToLabel, address }], terms: 'net30', creditLimit: 10_000 })
      .expect(201)
  ).body._id as string;
  await api().post(API.companyInvitations(id)).set(bearer(admin.token)).send({ email: member.email, role: 'company-admin' }).expect(201);
  await api().put(API.syncUser(member.email)).set(bearer(member.token)).expect(200);
  return id;
}

/** The company's stored document. */
export const companyDoc = async (id: string) => (await db.collection('companies').doc(id).get()).data()!;

/** `lines` put in `buyer`'s cart and checked out to ship-to s1 (on the company's terms): the order's answer. */
export async function checkedOut(buyer: TestUser, lines: { toolId: string; quantity: number }[]) {
  await api().post(API.cartLines).set(bearer(buyer.token)).send({ lines }).expect(200);
  return (await api().post(API.checkout).set(bearer(buyer.token)).send({ phone: GOOD_CONTACT.phone, shipToId: 's1' }).expect(201)).body;
}

/** A line of an order written by writeShippedOrder: its part, price and the units shipped. */
export interface ShippedLine {
  toolId: string;
  name: string;
  partNumber: string;
  quantity: number;
  unitPriceCents: number;
  shipped: number;
  coreDepositCents?: number;
}

/**
 * An order written as the API stores it, paid by card (`paymentIntentId`) and shipped in one
 * shipment of each line's `shipped` units (none when nothing shipped), delivered or not.
 * `lineOver` and `over` set fields of each stored line and of the order over the ones written.
 */
export async function writeShippedOrder(o: {
  owner: TestUser;
  lines: ShippedLine[];
  remaining: number;
  orderNumber: string;
  createdAt: Timestamp;
  shipment: { id: string; key: string; shippedAt: Timestamp; deliveredAt: Timestamp | null };
  state: BookingState;
  paymentIntentId: string;
  lineOver?: Partial<BookingLineDoc>;
  over?: Partial<BookingDoc<Timestamp>>;
}): Promise<string> {
  const reserved = reservedOrderDoc({
    buyer: o.owner,
    lines: o.lines.map((l) => ({
      toolId: l.toolId,
      tool: { name: l.name, partNumber: l.partNumber, minimumQuantity: 1, ...(l.coreDepositCents ? { coreDepositCents: l.coreDepositCents } : {}) },
      quantity: l.quantity,
      plan: { unitPriceCents: l.unitPriceCents, totalCents: l.unitPriceCents * l.quantity },
    })),
    remaining: o.remaining,
    contact: GOOD_CONTACT,
    poNumber: null,
    orderNumber: o.orderNumber,
    createdAt: o.createdAt,
  });
  const shipment: ShipmentDoc<Timestamp> = {
    id: o.shipment.id,
    key: o.shipment.key,
    fingerprint: 'f',
    lines: o.lines
      .map((l, i) => ({ lineId: String(i), toolId: l.toolId, partNumber: l.partNumber, name: l.name, quantity: l.shipped }))
      .filter((l) => l.quantity > 0),
    carrier: 'ups',
    service: null,
    trackingNumbers: [TRACKING_NUMBER],
    trackingUrl: null,
    shippedAt: o.shipment.shippedAt,
    deliveredAt: o.shipment.deliveredAt,
    cancelledAt: null,
  };
  const doc: BookingDoc<Timestamp> = {
    ...reserved,
    state: o.state,
    paid: true,
    transactionId: o.paymentIntentId,
    paymentIntentId: o.paymentIntentId,
    lines: reserved.lines!.map((l, i) => ({ ...l, shippedQuantity: o.lines[i].shipped, ...o.lineOver })),
    shipments: shipment.lines.length > 0 ? [shipment] : [],
    ...o.over,
  };
  const ref = db.collection('bookings').doc();
  await ref.set(doc);
  return ref.id;
}
