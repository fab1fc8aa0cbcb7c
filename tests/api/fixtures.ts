import type { BookingState } from '@fridgeparts/common/booking';
import { bookingStateOf, reservedOrderDoc, type BookingDoc } from '@fridgeparts/common/documents/bookings';
import { COLLECTION_NAMES } from '@fridgeparts/common/documents/collections';
import { partNumberKey } from '@fridgeparts/common/search/part-registry';
import { lineTotalCents } from '@fridgeparts/common/money';
import { Timestamp } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, beforeEach, expect } from 'vitest';
import { API } from '../../common/src/api-paths';
import { LOCAL_HOST, LOCAL_PORTS } from '../../common/src/local-stack';
import { api, bearer } from '../support/api';
import { createUser, foreignToken, type TestUser } from '../support/auth';
import { clearFirestore, committedWrites, db, firestoreCountsReads, makeTool } from '../support/firestore';
import { DEMO_DISCONTINUED, DEMO_TOOLS } from '../../scripts/seed/demo-data';
import { mailSettled } from './mail-inbox';

/**
 * The API tests' one fixture: each file's cast (the people its calls are made as, on an emptied
 * Firestore), the shop's request builders and the readers of what a call stored. A file names its
 * cast once and calls the builders; no file repeats another's setup.
 */

/** Every collection the shop writes, as plain data, to prove a refused call changed nothing. */
export async function dumpFirestore(): Promise<Record<string, Record<string, unknown>>> {
  // Order emails leave through the mail trigger, apart from the call that queued them: let the ones
  // queued so far go out, so their pending -> sent does not look like a change made by the next call.
  await mailSettled();
  // Every collection at once: the dump runs before and after each fuzzed call, so its time is the
  // fuzz tier's time.
  const snaps = await Promise.all(COLLECTION_NAMES.map((name) => db.collection(name).get()));
  // Each company's contract prices (a subcollection, decision 0057), keyed companyId/toolId.
  const companies = snaps[COLLECTION_NAMES.indexOf('companies')]!.docs;
  const prices = (await Promise.all(companies.map((c) => c.ref.collection('prices').get()))).flatMap((q) => q.docs);
  return {
    ...Object.fromEntries(COLLECTION_NAMES.map((name, i) => [name, Object.fromEntries(snaps[i].docs.map((d) => [d.id, d.data()]))])),
    companyPrices: Object.fromEntries(prices.map((d) => [`${d.ref.parent.parent!.id}/${d.id}`, d.data()])),
  };
}

/**
 * A mark of Firestore's data for the fuzz tier's thousands of "a refusal changes nothing" checks:
 * two equal marks, nothing changed between them. On the stand-in, the count of documents written
 * so far by collection (one small answer; a write of equal data counts too, which is stricter);
 * on the official emulator, which counts nothing, the whole dump.
 */
export async function firestoreMark(): Promise<unknown> {
  if (!firestoreCountsReads()) return dumpFirestore();
  await mailSettled();
  return (await committedWrites()).byCollection;
}

/**
 * Everything but the mail outbox: order emails of earlier tests are still being delivered in the
 * background (their outbox documents change state), which is not the refused call's doing.
 */
export async function dumpFirestoreWithoutMail(): Promise<Record<string, Record<string, unknown>>> {
  const { mail: _mail, ...rest } = await dumpFirestore();
  return rest;
}

/** Callers that must be refused before anything happens: no token, a foreign one, garbage. */
export const ANONYMOUS_CALLERS: { label: string; headers: Record<string, string> }[] = [
  { label: 'no token', headers: {} },
  { label: 'a token from another project', headers: bearer(foreignToken()) },
  { label: 'a malformed token', headers: bearer('not.a.jwt') },
  { label: 'a non-Bearer scheme', headers: { Authorization: 'Basic dXNlcjpwYXNz' } },
];

/** A user that also has their users/{uid} record, as after signing in through the web app. */
export async function signedUpUser(opts: { admin?: boolean; name?: string; verified?: boolean } = {}): Promise<TestUser> {
  const user = await createUser(opts);
  await api()
    .put(`/user/${encodeURIComponent(user.email)}`)
    .set(bearer(user.token))
    .expect(200);
  return user;
}

export const GOOD_CONTACT = { phone: '+1 555 010 2030', address: '12 Frost Lane, Springfield' };

/**
 * Sales tax as the double's declared table has it (CONTRACT §15, scripts/stripe-double/README.md):
 * each line (and the shipping where taxed) rounded on its own, half away from zero. An order given
 * only the one-line address (GOOD_CONTACT) is taxed at the shop's own, Illinois: 6.25% on the
 * parts, shipping untaxed (CONTRACT §14).
 */
export const RATE_BP = { CA: 725, TX: 625, NY: 400, IL: 625, OH: 575 } as const;
export const taxOfCents = (cents: number, bp: number): number => Math.sign(cents) * Math.round((Math.abs(cents) * bp) / 10_000);
/** The Illinois tax of an order's line totals (cents) given with the one-line address. */
export const oneLineTaxCents = (...lineCents: number[]): number => lineCents.reduce((sum, c) => sum + taxOfCents(c, RATE_BP.IL), 0);
/** The total (cents) of an order with the one-line address: its lines, its shipping (untaxed in IL) and their tax. */
export const oneLineTotalCents = (lineCents: number[], shippingCents = 0): number =>
  lineCents.reduce((sum, c) => sum + c, 0) + shippingCents + oneLineTaxCents(...lineCents);
/** States whose shipping is taxed (the double's table): TX, NY, OH; CA and IL tax the parts only. */
export const SHIPPING_TAXED = new Set(['TX', 'NY', 'OH']);
/** The tax (cents) of lines and shipping to a registered state, each rounded on its own. */
export const stateTaxCents = (state: keyof typeof RATE_BP, lineCents: number[], shippingCents = 0): number =>
  lineCents.reduce((sum, c) => sum + taxOfCents(c, RATE_BP[state]), 0) + (SHIPPING_TAXED.has(state) ? taxOfCents(shippingCents, RATE_BP[state]) : 0);
/** The total (cents) of lines and shipping to a registered state, with their tax. */
export const stateTotalCents = (state: keyof typeof RATE_BP, lineCents: number[], shippingCents = 0): number =>
  lineCents.reduce((sum, c) => sum + c, 0) + shippingCents + stateTaxCents(state, lineCents, shippingCents);
/** The same, in the API's dollars. */
export const oneLineTotal = (lineCents: number[], shippingCents = 0): number => oneLineTotalCents(lineCents, shippingCents) / 100;

let seq = 0;

/**
 * Writes a booking straight into Firestore (for paid or shipped states only a payment could set):
 * a reservation as the API stores it (common reservedOrderDoc), then the payment fields asked for.
 */
export async function makeBooking(
  owner: TestUser,
  toolId: string,
  over: Partial<Pick<BookingDoc, 'paid' | 'transactionId' | 'status' | 'quantity' | 'unitPriceCents'> & { state: BookingState | null }> = {},
): Promise<string> {
  seq++;
  const quantity = over.quantity ?? 2;
  const unitPriceCents = over.unitPriceCents ?? 1999;
  const ref = db.collection('bookings').doc();
  const reserved = reservedOrderDoc({
    buyer: owner,
    lines: [
      { toolId, tool: { name: 'Test Part', minimumQuantity: 2 }, quantity, plan: { unitPriceCents, totalCents: lineTotalCents(unitPriceCents, quantity) } },
    ],
    remaining: 50,
    contact: GOOD_CONTACT,
    poNumber: null,
    orderNumber: `FP-2026-${String(900_000 + seq)}`,
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 5, 1) + seq * 1000),
  });
  const payment = {
    paid: over.paid ?? false,
    transactionId: over.transactionId ?? null,
    paymentIntentId: over.transactionId ?? null,
    status: over.status ?? null,
  };
  const { state: _reserved, ...withoutState } = { ...reserved, ...payment };
  // state null writes a document without the field, as older data has (derived from paid/status).
  const doc: BookingDoc<Timestamp> = over.state === null ? withoutState : { ...withoutState, state: over.state ?? bookingStateOf(withoutState) };
  await ref.set(doc);
  return ref.id;
}

export async function stockOf(toolId: string): Promise<number | undefined> {
  return (await db.collection('tools').doc(toolId).get()).get('availableQuantity') as number | undefined;
}

/**
 * Revocation is checked in whole seconds (a token issued in the second of the revocation still
 * counts): polls until the clock is in a later second than `since` (a token's iat, or a moment).
 */
export async function aSecondAfter(since: string | number): Promise<void> {
  const seconds =
    typeof since === 'number' ? Math.floor(since / 1000) : (JSON.parse(Buffer.from(since.split('.')[1], 'base64url').toString()) as { iat: number }).iat;
  await expect.poll(() => Math.floor(Date.now() / 1000), { interval: 50, timeout: 3_000 }).toBeGreaterThan(seconds);
}

/** The error body of CONTRACT §4 with a message a person can act on. */
export function expectError(body: unknown, code: string, message?: RegExp | string): void {
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  const text = (body as { error: { message: string } }).error.message;
  expect(text.length).toBeGreaterThan(5);
  expect(text).not.toMatch(/at .+\.ts:\d+|stack/i);
  if (message) expect(text).toMatch(message);
}

/**
 * Who a cast member is: a name to find them by, an admin claim; signedUp false skips PUT
 * /user/{email}; verified false leaves the email address unverified (CONTRACT §9).
 */
export interface Role {
  name?: string;
  admin?: boolean;
  signedUp?: boolean;
  verified?: boolean;
}

export const CUSTOMER: Role = {};
export const ADMIN: Role = { admin: true };

/**
 * The people of a test file, made on an emptied Firestore before its tests (before each test with
 * `each`), in the order named. Each member reads as the TestUser made for the current test, so a
 * file writes `const { owner, other, admin } = useCast({ owner: { name: 'Casey Customer' },
 * other: CUSTOMER, admin: ADMIN })` and uses them in its tests; `cast.remake()` starts again.
 */
export function useCast<K extends string>(roles: Record<K, Role>, opts: { each?: boolean } = {}): Record<K, TestUser> & { remake: () => Promise<void> } {
  const current = new Map<K, TestUser>();
  const names = Object.keys(roles) as K[];
  const remake = async () => {
    await clearFirestore();
    current.clear();
    for (const key of names) {
      const { signedUp = true, ...role } = roles[key];
      current.set(key, signedUp ? await signedUpUser(role) : await createUser(role));
    }
  };
  (opts.each ? beforeEach : beforeAll)(remake);
  const member = (key: K): TestUser => {
    const field = (f: keyof TestUser) => ({
      enumerable: true,
      get: () => {
        const user = current.get(key);
        if (!user) throw new Error(`cast member ${key} is read before the cast was made (in a hook of useCast's file, after it)`);
        return user[f];
      },
    });
    return Object.defineProperties({} as TestUser, {
      uid: field('uid'),
      email: field('email'),
      name: field('name'),
      password: field('password'),
      token: field('token'),
    });
  };
  return Object.assign(Object.fromEntries(names.map((k) => [k, member(k)])) as Record<K, TestUser>, { remake });
}

let partSeq = 0;

/** A tool with its part number in the registry, as POST /addItem and the seed write it. */
export async function catalogued(over: Parameters<typeof makeTool>[0] = {}): Promise<{ id: string; partNumber: string }> {
  const partNumber = over?.partNumber ?? `CT-${++partSeq}-${Date.now().toString(36).toUpperCase()}`;
  const id = await makeTool({ ...over, partNumber });
  await db.collection('partNumbers').doc(partNumberKey(partNumber)).set({ toolId: id, kind: 'part', number: partNumber });
  return { id, partNumber };
}

/**
 * The demo catalogue as the seed writes it (scripts/seed/demo-data.ts), its discontinued defrost
 * timer included, each tool with its search entry and, with `registry`, its part number claimed.
 */
export async function makeDemoCatalogue(opts: { registry?: boolean } = {}): Promise<void> {
  for (const t of [...DEMO_TOOLS, ...DEMO_DISCONTINUED]) {
    await makeTool({
      id: t.slug,
      name: t.name,
      partNumber: t.partNumber,
      priceCents: t.priceCents,
      minimumQuantity: t.minimumQuantity,
      availableQuantity: t.availableQuantity,
      category: t.category,
      specs: t.specs,
      aliases: t.aliases,
      replacedBy: t.replacedBy,
    });
    if (opts.registry) await db.collection('partNumbers').doc(partNumberKey(t.partNumber)).set({ toolId: t.slug, kind: 'part', number: t.partNumber });
  }
}

/** Tools of the quick-order tests, as catalogued() takes them. */
export const PARTS = {
  gasket: { name: 'Door Gasket', priceCents: 1999, minimumQuantity: 2, availableQuantity: 10 },
  relay: {
    name: 'Start Relay',
    priceCents: 1500,
    minimumQuantity: 10,
    availableQuantity: 500,
    packSize: 10,
    priceBreaks: [{ minQuantity: 100, priceCents: 1200 }],
  },
  fan: { name: 'Condenser Fan Motor', priceCents: 8950, minimumQuantity: 1, availableQuantity: 20 },
} satisfies Record<string, Parameters<typeof makeTool>[0]>;

/** The shop's calls as a signed-in user makes them. */
export const placeBooking = (user: TestUser, body: Record<string, unknown>) => api().post(API.booking).set(bearer(user.token)).send(body);
export const quickOrder = (user: TestUser, body: Record<string, unknown>) => api().post(API.quickOrder).set(bearer(user.token)).send(body);
export const paymentIntentFor = (user: TestUser, bookingId: string) => api().post(API.createPaymentIntent).set(bearer(user.token)).send({ bookingId });
export const recordPayment = (user: TestUser, bookingId: string, transactionId: string) =>
  api().patch(API.recordPayment(bookingId)).set(bearer(user.token)).send({ transactionId });
/** The order's PDF; responseType blob: supertest buffers the binary body as a Buffer. */
export const orderDocument = (user: TestUser, bookingId: string) => api().get(API.bookingDocument(bookingId)).set(bearer(user.token)).responseType('blob');

/** The local Stripe double the API tier starts, through the real SDK (as the browser's Stripe.js would confirm). */
export const stripe = new Stripe('sk_test_local_double', { host: LOCAL_HOST, port: LOCAL_PORTS.stripe, protocol: 'http', telemetry: false });
export const WEBHOOK_SECRET = 'whsec_local_double';
export const HOUR = 3_600_000;

/** A webhook request exactly as Stripe sends it, signed with `secret`. */
export function signedEvent(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

let eventSeq = 0;
/** A Stripe event of `type` about `object`, with an id no other event has. */
export function eventOf(type: string, object: object) {
  eventSeq++;
  return {
    id: `evt_test_${Date.now()}_${eventSeq}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    api_version: null,
    pending_webhooks: 1,
    request: null,
  };
}

export function postWebhook(payload: string, signature?: string) {
  const req = api().post(API.stripeWebhook).set('Content-Type', 'application/json');
  if (signature) req.set('Stripe-Signature', signature);
  return req.send(payload);
}

/** A signed event of `type` about `object`, delivered to the webhook. */
export function sendWebhook(type: string, object: object) {
  const { payload, signature } = signedEvent(eventOf(type, object));
  return postWebhook(payload, signature);
}

/** The PaymentIntent id inside a client secret (`pi_..._secret_...`). */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

/** Books, starts and confirms a card payment with the double, and records it; returns the PaymentIntent id. */
export async function payWithCard(user: TestUser, bookingId: string, paymentMethod = 'pm_card_visa'): Promise<string> {
  const pi = intentIdOf((await paymentIntentFor(user, bookingId).expect(200)).body.clientSecret as string);
  await stripe.paymentIntents.confirm(pi, { payment_method: paymentMethod });
  await recordPayment(user, bookingId, pi).expect(200);
  return pi;
}

export const bookingDoc = async (id: string) => (await db.collection('bookings').doc(id).get()).data();

/** The text of a PDF, white space folded. */
export async function pdfText(buf: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(buf));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
