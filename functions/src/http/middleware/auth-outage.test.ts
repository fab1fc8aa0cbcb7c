import express from 'express';
import supertest from 'supertest';
import type { DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('firebase-functions', () => ({ logger: { error: vi.fn(), info: vi.fn(), warn: vi.fn() } }));

const { auth } = await import('../../data/firestore');
const { listBookingsOf } = await import('../../services/orders/bookings');
const { isAdminEmail } = await import('../../services/users/users');
const { makeAdmin } = await import('../../services/users/admin-users');
const { requireUser, callerOf } = await import('./auth');
const { errorMiddleware } = await import('./errors');
import type { Caller } from '../../services/caller';

/**
 * CONTRACT §13: when Auth can not be reached the API answers 503 `unavailable`, never an empty
 * list, "not an admin" or "this account no longer exists". Auth's "no such user" stays what it is.
 */
const admin: Caller = { uid: 'admin-uid', email: 'admin@example.test', name: 'Avery', admin: true, emailVerified: true, token: 't' };
const authError = (code: string) => Object.assign(new Error(`Auth: ${code}`), { code });
const OUTAGES = ['auth/internal-error', 'app/network-error', 'app/network-timeout'];

/** The service call behind a route, answered through the one error middleware. */
function answerOf(run: () => Promise<unknown>) {
  const app = express();
  app.get('/x', (_req, res, next) => {
    run().then((body) => res.json(body), next);
  });
  app.use(errorMiddleware);
  return supertest(app).get('/x');
}

afterEach(() => vi.restoreAllMocks());

describe.each(OUTAGES)('Auth failing with %s', (code) => {
  it("an admin's GET /booking?email= of another buyer is 503, not an empty list", async () => {
    vi.spyOn(auth, 'getUserByEmail').mockRejectedValue(authError(code));
    const res = await answerOf(() => listBookingsOf(admin, 'buyer@example.test', {})).expect(503);
    expect(res.body).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/sign-in service/) } });
    expect(res.headers['retry-after']).toBe('5');
  });

  it('GET /admins/{email} about someone else is 503, not "not an admin"', async () => {
    vi.spyOn(auth, 'getUserByEmail').mockRejectedValue(authError(code));
    const res = await answerOf(() => isAdminEmail(admin, 'other@example.test')).expect(503);
    expect(res.body.error.code).toBe('unavailable');
  });

  it('Make Admin is 503, not "there is no user"', async () => {
    vi.spyOn(auth, 'getUserByEmail').mockRejectedValue(authError(code));
    expect((await answerOf(() => makeAdmin(admin, 'other@example.test')).expect(503)).body.error.code).toBe('unavailable');
  });

  it('a signed-in call whose account can not be read is 503, not 401 "this account no longer exists"', async () => {
    vi.spyOn(auth, 'verifyIdToken').mockResolvedValue({ uid: 'u1', email: 'u1@example.test', auth_time: 1 } as DecodedIdToken);
    vi.spyOn(auth, 'getUser').mockRejectedValue(authError(code));
    const app = express();
    app.get('/x', requireUser, (req, res) => {
      res.json({ uid: callerOf(req).uid });
    });
    app.use(errorMiddleware);
    const res = await supertest(app).get('/x').set('Authorization', 'Bearer a.b.c').expect(503);
    expect(res.body.error.code).toBe('unavailable');
  });

  it('a token that can not be checked (its keys unreachable) is 503, not 401', async () => {
    vi.spyOn(auth, 'verifyIdToken').mockRejectedValue(authError(code));
    const app = express();
    app.get('/x', requireUser, (_req, res) => {
      res.json({});
    });
    app.use(errorMiddleware);
    expect((await supertest(app).get('/x').set('Authorization', 'Bearer a.b.c').expect(503)).body.error.code).toBe('unavailable');
  });
});

describe("Auth's own answers stay what they are", () => {
  it('no account with that address: an empty list, "not an admin", 404 for Make Admin', async () => {
    vi.spyOn(auth, 'getUserByEmail').mockRejectedValue(authError('auth/user-not-found'));
    expect((await answerOf(() => listBookingsOf(admin, 'nobody@example.test', {})).expect(200)).body).toEqual({ items: [], nextCursor: null });
    expect((await answerOf(() => isAdminEmail(admin, 'nobody@example.test')).expect(200)).body).toEqual({ admin: false });
    expect((await answerOf(() => makeAdmin(admin, 'nobody@example.test')).expect(404)).body.error.code).toBe('not-found');
  });

  it('an account that was deleted is 401, an expired token is 401', async () => {
    vi.spyOn(auth, 'verifyIdToken').mockResolvedValue({ uid: 'u1', email: 'u1@example.test', auth_time: 1 } as DecodedIdToken);
    vi.spyOn(auth, 'getUser').mockRejectedValue(authError('auth/user-not-found'));
    const app = express();
    app.get('/x', requireUser, (_req, res) => {
      res.json({});
    });
    app.use(errorMiddleware);
    expect((await supertest(app).get('/x').set('Authorization', 'Bearer a.b.c').expect(401)).body.error.message).toMatch(/no longer exists/);
    vi.spyOn(auth, 'verifyIdToken').mockRejectedValue(authError('auth/id-token-expired'));
    expect((await supertest(app).get('/x').set('Authorization', 'Bearer a.b.c').expect(401)).body.error.code).toBe('unauthenticated');
  });

  it('an admin is answered from the record Auth returns', async () => {
    vi.spyOn(auth, 'getUserByEmail').mockResolvedValue({ uid: 'o', customClaims: { admin: true } } as unknown as UserRecord);
    expect((await answerOf(() => isAdminEmail(admin, 'other@example.test')).expect(200)).body).toEqual({ admin: true });
  });
});
