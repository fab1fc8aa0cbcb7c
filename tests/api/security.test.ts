import '../support/env';
import { getAuth } from 'firebase-admin/auth';
import supertest from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { createApp } from '../../functions/src/http/app';
import { api, bearer } from '../support/api';
import { signIn } from '../support/auth';
import { clearFirestore, makeTool } from '../support/firestore';
import { ADMIN, aSecondAfter, CUSTOMER, dumpFirestore, expectError, GOOD_CONTACT, signedUpUser, useCast } from './fixtures';

const cast = useCast({ customer: CUSTOMER, admin: ADMIN });
const { customer, admin } = cast;
let toolId: string;

beforeAll(async () => {
  toolId = await makeTool({ minimumQuantity: 1, availableQuantity: 50 });
});

describe('live admin authority (CONTRACT §2)', () => {
  it('a demoted admin’s still-valid token is refused on every admin call at once', async () => {
    const demoted = await signedUpUser({ admin: true });
    await api().get(API.allUsers).set(bearer(demoted.token)).expect(200);
    // Demoted by another admin through the API, in the same second as the token was minted.
    await api().delete(API.removeAdmin(demoted.email)).set(bearer(admin.token)).expect(200);
    const before = await dumpFirestore();
    const calls = [
      api().get(API.allUsers),
      api().get(API.allOrders),
      api().put(API.makeAdmin(demoted.email)),
      api().delete(API.removeAdmin(admin.email)),
      api().post(API.addTool).send({ image: 'https://x.example/a.png', name: 'X', description: 'Y', price: 1, minimumQuantity: 1, availableQuantity: 1 }),
      api().delete(API.deleteTool(toolId)),
    ];
    for (const call of calls) {
      const res = await call.set(bearer(demoted.token));
      expect([401, 403]).toContain(res.status);
    }
    expect(await dumpFirestore()).toEqual(before);
  });

  it('claims changed outside the API also count at once (no revocation involved)', async () => {
    const other = await signedUpUser({ admin: true });
    await getAuth().setCustomUserClaims(other.uid, null);
    expectError((await api().get(API.allOrders).set(bearer(other.token)).expect(403)).body, 'permission-denied');
  });
});

describe('revoked and disabled users (every signed-in call)', () => {
  it('a disabled customer gets 401 on customer routes', async () => {
    const user = await signedUpUser();
    await getAuth().updateUser(user.uid, { disabled: true });
    expectError((await api().get(API.myBookings(user.email)).set(bearer(user.token)).expect(401)).body, 'unauthenticated');
    await api()
      .post(API.booking)
      .set(bearer(user.token))
      .send({ toolId, quantity: 1, ...GOOD_CONTACT })
      .expect(401);
  });

  it('a customer whose sessions were revoked gets 401; a new sign-in works', async () => {
    const user = await signedUpUser();
    await aSecondAfter(user.token);
    await getAuth().revokeRefreshTokens(user.uid);
    const revokedAt = Date.now();
    expectError((await api().get(API.myBookings(user.email)).set(bearer(user.token)).expect(401)).body, 'unauthenticated');
    await aSecondAfter(revokedAt);
    const fresh = await signIn(user.email, user.password);
    await api().get(API.myBookings(user.email)).set(bearer(fresh)).expect(200);
  });
});

describe('HTTP hygiene', () => {
  it('API answers carry a deny-all CSP, nosniff, no X-Powered-By and no CORS', async () => {
    for (const res of [await api().get(API.tools).set('Origin', 'https://evil.example'), await api().get('/nowhere').set('Origin', 'https://evil.example')]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
      for (const h of Object.keys(res.headers)) expect(h).not.toMatch(/^access-control-/);
    }
    const preflight = await api().options(API.booking).set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
    for (const h of Object.keys(preflight.headers)) expect(h).not.toMatch(/^access-control-/);
  });

  it('the public catalogue is cacheable at the CDN; everything else is no-store', async () => {
    for (const path of [API.tools, API.tool(toolId), API.reviews]) {
      expect((await api().get(path).expect(200)).headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    }
    expect((await api().get(API.tool('missing')).expect(404)).headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect((await api().get(API.tools).set(bearer(admin.token)).expect(200)).headers['cache-control']).toBe('private, no-store');
    expect((await api().get(API.myBookings(customer.email)).set(bearer(customer.token)).expect(200)).headers['cache-control']).toBe('no-store');
    expect((await api().get(API.allOrders).set(bearer(admin.token)).expect(200)).headers['cache-control']).toBe('no-store');
  });

  it('GET /tools without a limit answers one bounded page with the next cursor', async () => {
    await clearFirestore();
    for (let i = 0; i < 105; i++) await makeTool({ name: `Bulk Part ${i}` });
    const res = await api().get(API.tools).expect(200);
    expect(res.body).toHaveLength(100);
    expect(res.headers['x-next-cursor']).toBeTruthy();
    const rest = await api()
      .get(`${API.tools}?cursor=${encodeURIComponent(res.headers['x-next-cursor'])}`)
      .expect(200);
    expect(rest.body).toHaveLength(5);
    await cast.remake();
    toolId = await makeTool({ minimumQuantity: 1, availableQuantity: 50 });
  });
});

describe('abuse limits', () => {
  it('per-account limit: over the limit answers 429 with the error body and Retry-After, and changes nothing', async () => {
    const app = supertest(createApp({ rateLimits: { overall: 1000, sensitive: 3 } }));
    for (let i = 0; i < 3; i++)
      await app
        .post(API.booking)
        .set(bearer(customer.token))
        .send({ toolId, quantity: 1, ...GOOD_CONTACT })
        .expect(201);
    const before = await dumpFirestore();
    const res = await app
      .post(API.booking)
      .set(bearer(customer.token))
      .send({ toolId, quantity: 1, ...GOOD_CONTACT })
      .expect(429);
    expectError(res.body, 'rate-limited', /from your account.*wait a minute/);
    // The seconds until the minute's window ends.
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await dumpFirestore()).toEqual(before);
    // Other paths keep their own, larger budget.
    await app.get(API.tools).expect(200);
  });

  it('App Check, when enforced, refuses calls without a valid token before anything happens', async () => {
    const verify = async (token: string) => {
      if (token !== 'valid-app-check-token') throw new Error('invalid');
    };
    const app = supertest(createApp({ appCheck: { enforce: () => true, verify } }));
    expectError((await app.get(API.tools).expect(401)).body, 'unauthenticated', /web app/);
    await app.get(API.tools).set('X-Firebase-AppCheck', 'forged').expect(401);
    await app.get(API.tools).set('X-Firebase-AppCheck', 'valid-app-check-token').expect(200);
    // The Stripe webhook is authenticated by Stripe's signature instead.
    expect((await app.post('/stripe/webhook').set('Content-Type', 'application/json').send('{}')).status).not.toBe(401);
  });
});
