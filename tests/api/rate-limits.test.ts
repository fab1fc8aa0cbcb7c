/**
 * CONTRACT §9 rate limits, through HTTP: signed-in calls are counted per verified account,
 * anonymous ones per client address, and a caller can not pick the address it is counted under.
 * Each test builds its own function app with small limits (the shared `api()` of the other tests
 * keeps the defaults). `proxyEntries: 2` makes the app read addresses as the deployed function
 * does: from the two X-Forwarded-For entries Google's front end appends (decision 0036).
 */
import '../support/env';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { createApp } from '../../functions/src/http/app';
import { bearer } from '../support/api';
import { ANONYMOUS_CALLERS, CUSTOMER, expectError, useCast } from './fixtures';

const { alice, bob } = useCast({ alice: CUSTOMER, bob: CUSTOMER });

const LIMIT = 4;
const FRONT_END = '216.239.36.54';
/** The X-Forwarded-For a deployed function receives from a caller at `address`, with what the caller wrote in front. */
const fromAddress = (address: string, forged = '') => ({ 'X-Forwarded-For': `${forged ? `${forged}, ` : ''}${address}, ${FRONT_END}` });

/** A function app as deployed (addresses from Google's entries) with a budget of LIMIT calls a minute. */
const deployedApp = () => supertest(createApp({ rateLimits: { overall: LIMIT, sensitive: LIMIT }, proxyEntries: 2 }));

function expectLimited(res: { status: number; body: unknown; headers: Record<string, string> }, from: RegExp) {
  expect(res.status).toBe(429);
  expectError(res.body, 'rate-limited', from);
  expectError(res.body, 'rate-limited', /wait a minute and try again/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, `Retry-After: ${res.headers['retry-after']}`).toBe(true);
}

describe('rate limits per account (signed-in calls)', () => {
  it('an account over its limit gets 429 while another account and anonymous callers at the same address are served', async () => {
    const app = deployedApp();
    const office = fromAddress('203.0.113.10');
    for (let i = 0; i < LIMIT; i++) await app.get(API.cart).set(office).set(bearer(alice.token)).expect(200);
    expectLimited(await app.get(API.cart).set(office).set(bearer(alice.token)), /from your account/);
    // Every path shares the account's budget, whatever address the account calls from.
    expectLimited(await app.get(API.cart).set(fromAddress('198.51.100.20')).set(bearer(alice.token)), /from your account/);

    // Bob, at the same address, has his own budget; so have anonymous callers there.
    for (let i = 0; i < LIMIT; i++) await app.get(API.cart).set(office).set(bearer(bob.token)).expect(200);
    for (let i = 0; i < LIMIT; i++) await app.get(API.tools).set(office).expect(200);
    expectLimited(await app.get(API.cart).set(office).set(bearer(bob.token)), /from your account/);
    expectLimited(await app.get(API.tools).set(office), /from your network/);
  });

  it('a call whose token does not verify is counted by address, never under the account it names', async () => {
    const app = deployedApp();
    const attacker = fromAddress('198.51.100.66');
    expect(ANONYMOUS_CALLERS).toHaveLength(LIMIT);
    for (const { label, headers } of ANONYMOUS_CALLERS) {
      const res = await app.get(API.cart).set(attacker).set(headers);
      expect(res.status, label).toBe(401);
    }
    // Every refused call was counted at the attacker's address: its budget is spent.
    expectLimited(await app.get(API.cart).set(attacker).set(bearer('not.a.jwt')), /from your network/);
    // Alice's budget is untouched.
    for (let i = 0; i < LIMIT; i++) await app.get(API.cart).set(attacker).set(bearer(alice.token)).expect(200);
  });
});

describe('rate limits per client address (anonymous calls)', () => {
  it('anonymous callers are counted per address', async () => {
    const app = deployedApp();
    for (let i = 0; i < LIMIT; i++) await app.get(API.tools).set(fromAddress('203.0.113.1')).expect(200);
    expectLimited(await app.get(API.tools).set(fromAddress('203.0.113.1')), /from your network/);
    await app.get(API.tools).set(fromAddress('203.0.113.2')).expect(200);
    await app.get(API.tools).set(fromAddress('2001:db8:1::1')).expect(200);
  });

  it('a forged X-Forwarded-For does not move a caller to a fresh budget', async () => {
    const app = deployedApp();
    const real = '203.0.113.30';
    for (let i = 0; i < LIMIT; i++)
      await app
        .get(API.tools)
        .set(fromAddress(real, `198.51.100.${i}`))
        .expect(200);
    for (const forged of ['198.51.100.200', '203.0.113.31', `198.51.100.7, 203.0.113.31`, '127.0.0.1', 'unknown', FRONT_END]) {
      expectLimited(await app.get(API.tools).set(fromAddress(real, forged)), /from your network/);
    }
    // A second X-Forwarded-For line written by the caller is no way out either.
    expectLimited(await app.get(API.tools).set('X-Forwarded-For', '198.51.100.201').set(fromAddress(real)), /from your network/);
  });

  it('an Authorization header that is never verified does not take an anonymous call out of its address’s budget', async () => {
    const app = deployedApp();
    const caller = fromAddress('203.0.113.40');
    for (let i = 0; i < LIMIT; i++) await app.get(API.tools).set(caller).expect(200);
    // The public catalogue, an unknown path, a bad body and the webhook: none verifies the token.
    expectLimited(await app.get(API.tools).set(caller).set(bearer('not.a.jwt')), /from your network/);
    expectLimited(await app.get('/no-such-api').set(caller).set(bearer('not.a.jwt')), /from your network/);
    expectLimited(await app.put(API.cart).set(caller).set(bearer('not.a.jwt')).set('Content-Type', 'application/json').send('{'), /from your network/);
    expectLimited(
      await app.post(API.stripeWebhook).set(caller).set(bearer('not.a.jwt')).set('Content-Type', 'application/json').send('{}'),
      /from your network/,
    );
  });

  it('on the local stack (nothing trusted in front) X-Forwarded-For is ignored: the socket’s peer is the address', async () => {
    const app = supertest(createApp({ rateLimits: { overall: LIMIT, sensitive: LIMIT } }));
    for (let i = 0; i < LIMIT; i++) await app.get(API.tools).set('X-Forwarded-For', `198.51.100.${i}`).expect(200);
    expectLimited(await app.get(API.tools).set('X-Forwarded-For', '198.51.100.99'), /from your network/);
  });
});
