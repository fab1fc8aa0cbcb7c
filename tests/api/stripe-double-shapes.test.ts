import '../support/env';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localOrigin } from '../../common/src/local-stack';
import { stripe } from './fixtures';

/**
 * The Stripe double answers with Stripe's own shapes (CONTRACT §9): every PaymentIntent, Charge,
 * Refund and Event it gives the real stripe SDK carries exactly the top-level fields of Stripe's
 * published fixture of that object (scripts/stripe-double/fixtures/stripe-fixtures3.json, from
 * stripe/openapi), plus the fields the SDK's newer API version always returns; each value is of
 * the fixture's type, and null only where Stripe's types allow null.
 */
const DOUBLE = localOrigin('stripe');

type Kind = 'payment_intent' | 'charge' | 'refund' | 'event';
type Json = Record<string, unknown>;

const FIXTURES = (
  JSON.parse(readFileSync(path.resolve(__dirname, '../../scripts/stripe-double/fixtures/stripe-fixtures3.json'), 'utf8')) as { resources: Record<Kind, Json> }
).resources;

/**
 * The top-level fields of an object as the installed SDK's types declare them (generated from
 * Stripe's OpenAPI spec): name -> whether it may be left out, and its type text (`| null` where
 * Stripe returns null).
 */
function sdkFields(file: string, iface: string): Map<string, { optional: boolean; type: string }> {
  const sdkRoot = path.resolve(path.dirname(createRequire(import.meta.url).resolve('stripe')), '..');
  const text = readFileSync(path.join(sdkRoot, 'esm', 'resources', `${file}.d.ts`), 'utf8');
  const start = text.indexOf(`export interface ${iface} {`);
  const body = text.slice(start, text.indexOf('\n}', start));
  // `Refund.Reason` and the like name a union of string literals in the interface's namespace:
  // read it there, so a string field is known as one. An interface named there stays a name.
  const nsStart = text.indexOf(`export declare namespace ${iface} {`);
  const namespace = nsStart < 0 ? '' : text.slice(nsStart, text.indexOf('\n}', nsStart));
  const resolve = (type: string) =>
    type.replace(new RegExp(`\\b${iface}\\.(\\w+)\\b`, 'g'), (whole, name: string) => {
      const alias = new RegExp(`^ {4}type ${name} = ([^;]*);`, 'm').exec(namespace);
      return alias ? `(${alias[1]})` : whole;
    });
  const fields = new Map([...body.matchAll(/^ {4}(\w+)(\?)?: ([^;]*);/gm)].map((m) => [m[1], { optional: m[2] === '?', type: resolve(m[3]) }] as const));
  // A parse that finds nothing would make every check below pass vacuously.
  if (start < 0 || fields.size < 9) throw new Error(`Could not read ${iface} from the stripe SDK's ${file}.d.ts`);
  return fields;
}

const SDK: Record<Kind, ReturnType<typeof sdkFields>> = {
  payment_intent: sdkFields('PaymentIntents', 'PaymentIntent'),
  charge: sdkFields('Charges', 'Charge'),
  refund: sdkFields('Refunds', 'Refund'),
  event: sdkFields('Events', 'EventBase'),
};

/** The fixture's fields, and any the SDK's API version always returns that the fixture predates. */
function expectedKeys(kind: Kind): string[] {
  const sdkAlways = [...SDK[kind]].filter(([, f]) => !f.optional).map(([k]) => k);
  return [...new Set([...Object.keys(FIXTURES[kind]), ...sdkAlways])].sort();
}

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const TYPE_TEXT: Record<string, RegExp> = {
  string: /\bstring\b|'/,
  number: /\bnumber\b/,
  boolean: /\bboolean\b/,
  array: /\bArray</,
  object: /\b(?!OtherString\b)[A-Z]\w*|\{/,
};

/** Holds one object the double answered to Stripe's shape for its kind. */
function expectStripeShape(kind: Kind, object: unknown) {
  const obj = object as Json;
  expect(Object.keys(obj).sort(), `${kind} fields`).toEqual(expectedKeys(kind));
  for (const [key, value] of Object.entries(obj)) {
    const declared = SDK[kind].get(key);
    expect(declared, `${kind}.${key} is in the SDK's types`).toBeDefined();
    const fixture = FIXTURES[kind][key];
    if (value === null) {
      expect(declared!.type, `${kind}.${key} may be null`).toMatch(/\bnull\b/);
    } else if (fixture !== undefined && fixture !== null) {
      expect(kindOf(value), `${kind}.${key} is of the fixture's type`).toBe(kindOf(fixture));
    } else {
      expect(declared!.type, `${kind}.${key} (${kindOf(value)}) is of the SDK's type`).toMatch(TYPE_TEXT[kindOf(value)]);
    }
  }
}

async function eventsOf(pi: string): Promise<{ type: string; data: { object: Json } }[]> {
  const res = await fetch(`${DOUBLE}/_double/events?payment_intent=${pi}`);
  return ((await res.json()) as { data: { event: { type: string; data: { object: Json } } }[] }).data.map((e) => e.event);
}

const create = (params: Partial<Parameters<typeof stripe.paymentIntents.create>[0]> = {}) =>
  stripe.paymentIntents.create({ amount: 2599, currency: 'usd', allowed_payment_method_types: ['card'], metadata: { bookingId: 'b-shapes' }, ...params });

describe("the Stripe double holds to Stripe's published shapes (stripe/openapi fixtures3.json)", () => {
  it('the vendored fixtures are the objects the shop uses', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(['charge', 'event', 'payment_intent', 'refund']);
    for (const kind of Object.keys(FIXTURES) as Kind[]) expect(FIXTURES[kind].object).toBe(kind);
  });

  it('a new PaymentIntent: every field, next_action, latest_charge and last_payment_error null', async () => {
    const pi = await create();
    expectStripeShape('payment_intent', pi);
    expect(pi).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      latest_charge: null,
      last_payment_error: null,
      allowed_payment_method_types: ['card'],
    });
    // Created with the older parameter name, the newer field is null, as Stripe answers.
    // (Gone from the SDK's create parameters; still taken by the API and by the double.)
    const older = await create({ allowed_payment_method_types: undefined, ...({ payment_method_types: ['card'] } as object) });
    expectStripeShape('payment_intent', older);
    expect(older.allowed_payment_method_types).toBeNull();
    expect(older.payment_method_types).toEqual(['card']);
  });

  it('paid: the PaymentIntent names its charge in latest_charge, and the charge has every field', async () => {
    const { id } = await create();
    const paid = await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    expectStripeShape('payment_intent', paid);
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 2599, next_action: null, last_payment_error: null });
    expect(paid.latest_charge).toMatch(/^ch_/);
    const charge = await stripe.charges.retrieve(paid.latest_charge as string);
    expectStripeShape('charge', charge);
    expect(charge).toMatchObject({ status: 'succeeded', paid: true, captured: true, payment_intent: id, failure_code: null, amount_captured: 2599 });
    expect(charge.balance_transaction).toMatch(/^txn_/);
    expectStripeShape('payment_intent', await stripe.paymentIntents.retrieve(id));
  });

  it('declined: last_payment_error says why, latest_charge is the failed charge; a later payment clears the error', async () => {
    const { id } = await create();
    const err = (await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' }).catch((e: unknown) => e)) as {
      type: string;
      decline_code?: string;
      payment_intent?: unknown;
    };
    expect(err.type).toBe('StripeCardError');
    expect(err.decline_code).toBe('insufficient_funds');
    // The error carries the PaymentIntent as it now stands, whole.
    expectStripeShape('payment_intent', err.payment_intent);

    const declined = await stripe.paymentIntents.retrieve(id);
    expectStripeShape('payment_intent', declined);
    expect(declined).toMatchObject({ status: 'requires_payment_method', payment_method: null, next_action: null });
    expect(declined.last_payment_error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(declined.latest_charge).toMatch(/^ch_/);
    const failed = await stripe.charges.retrieve(declined.latest_charge as string);
    expectStripeShape('charge', failed);
    expect(failed).toMatchObject({
      status: 'failed',
      paid: false,
      captured: false,
      balance_transaction: null,
      failure_code: 'card_declined',
      amount_captured: 0,
    });
    expect(failed.outcome).toMatchObject({ type: 'issuer_declined', reason: 'insufficient_funds' });
    expect(declined.last_payment_error?.charge).toBe(failed.id);

    const paid = await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    expectStripeShape('payment_intent', paid);
    expect(paid).toMatchObject({ status: 'succeeded', last_payment_error: null });
    expect(paid.latest_charge).not.toBe(failed.id);
  });

  it('refunded: the refund has every field, and the charge lists it', async () => {
    const { id } = await create();
    const paid = await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    const part = await stripe.refunds.create({ payment_intent: id, amount: 599, reason: 'requested_by_customer' });
    expectStripeShape('refund', part);
    expect(part).toMatchObject({ amount: 599, charge: paid.latest_charge, payment_intent: id, status: 'succeeded', reason: 'requested_by_customer' });
    const rest = await stripe.refunds.create({ charge: paid.latest_charge as string });
    expectStripeShape('refund', await stripe.refunds.retrieve(rest.id));
    const charge = await stripe.charges.retrieve(paid.latest_charge as string);
    expectStripeShape('charge', charge);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 2599 });
    expect(charge.refunds?.data.map((r) => r.id)).toEqual([rest.id, part.id]);
    for (const r of charge.refunds?.data ?? []) expectStripeShape('refund', r);
  });

  it('canceled: canceled_at and cancellation_reason are set, every other field still there', async () => {
    const { id } = await create();
    const canceled = await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
    expectStripeShape('payment_intent', canceled);
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', latest_charge: null });
    expect(typeof canceled.canceled_at).toBe('number');
  });

  it("every event it sends has Stripe's envelope, and the object inside has its full shape", async () => {
    const { id } = await create();
    await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_chargeDeclined' }).catch(() => undefined);
    await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    await stripe.refunds.create({ payment_intent: id });
    const events = await eventsOf(id);
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        'charge.failed',
        'charge.refunded',
        'charge.succeeded',
        'payment_intent.created',
        'payment_intent.payment_failed',
        'payment_intent.succeeded',
        'refund.created',
      ].sort(),
    );
    for (const event of events) {
      expectStripeShape('event', event);
      expect(Object.keys(event.data)).toEqual(Object.keys(FIXTURES.event.data as Json));
      expectStripeShape(event.data.object.object as Kind, event.data.object);
    }
  });
});
