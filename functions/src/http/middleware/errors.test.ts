import express from 'express';
import supertest from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('firebase-functions', () => ({ logger: { error: vi.fn(), info: vi.fn(), warn: vi.fn() } }));

const { errorMiddleware, notFoundMiddleware } = await import('./errors');
const { parse } = await import('../validate');
const { conflict, preconditionFailed } = await import('../../errors');
const { jsonBody } = await import('./body');

function appThrowing(err: () => unknown) {
  const app = express();
  // The app's own body reader (app.ts): its refusals reach the error middleware as AppErrors.
  app.use(jsonBody);
  app.post('/x', () => {
    throw err();
  });
  app.use(notFoundMiddleware);
  app.use(errorMiddleware);
  return supertest(app);
}

describe('error middleware', () => {
  it('turns AppError into the error body with its status', async () => {
    const res = await appThrowing(() => conflict('Already paid'))
      .post('/x')
      .expect(409);
    expect(res.body).toEqual({ error: { code: 'conflict', message: 'Already paid' } });
  });

  it('answers a failed precondition 412 with the current record beside the error and its ETag', async () => {
    const res = await appThrowing(() => preconditionFailed('It changed', { tool: { _id: 't', availableQuantity: 3 }, error: 'not this' }, 'v2'))
      .post('/x')
      .expect(412);
    expect(res.body).toEqual({ error: { code: 'precondition-failed', message: 'It changed' }, tool: { _id: 't', availableQuantity: 3 } });
    expect(res.headers.etag).toBe('"v2"');
  });

  it('turns a schema failure into 400 with the first message and every field', async () => {
    const schema = z.object({ a: z.string().min(1, 'a is required'), b: z.number({ error: 'b must be a number' }) });
    const res = await appThrowing(() => {
      try {
        parse(schema, { a: '' });
      } catch (e) {
        return e;
      }
    })
      .post('/x')
      .expect(400);
    expect(res.body.error).toEqual({ code: 'invalid-argument', message: 'a is required', fields: { a: 'a is required', b: 'b must be a number' } });
  });

  it('never leaks a stack trace: an unexpected error is 500 internal with a request id in the body, header and log', async () => {
    const { logger } = await import('firebase-functions');
    const res = await appThrowing(() => new Error('db exploded at line 3'))
      .post('/x')
      .expect(500);
    expect(JSON.stringify(res.body)).not.toContain('exploded');
    expect(res.body.error.code).toBe('internal');
    const id = res.body.error.requestId as string;
    expect(id).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(res.body.error.message).toContain(id);
    expect(res.headers['x-request-id']).toBe(id);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(vi.mocked(logger.error)).toHaveBeenLastCalledWith('api: unexpected error', expect.objectContaining({ path: '/x', requestId: id }));
  });

  it("takes the request id from Google's trace header where there is one", async () => {
    const trace = '105445aa7843bc8bf206b12000100000';
    const res = await appThrowing(() => new Error('boom'))
      .post('/x')
      .set('X-Cloud-Trace-Context', `${trace.toUpperCase()}/1;o=1`)
      .expect(500);
    expect(res.body.error.requestId).toBe(trace);
  });

  it('answers Firestore or Auth being down (UNAVAILABLE, DEADLINE_EXCEEDED, internal, network) with 503 and a retry hint', async () => {
    for (const code of [14, 4, 'auth/internal-error', 'app/network-error']) {
      const res = await appThrowing(() => Object.assign(new Error('14 UNAVAILABLE: no connection'), { code }))
        .post('/x')
        .expect(503);
      expect(res.body.error.code).toBe('unavailable');
      expect(res.headers['retry-after']).toBe('5');
    }
  });

  it("passes the card provider's own words for a request it refuses through as a 4xx, not as an unreadable request", async () => {
    const Stripe = (await import('stripe')).default;
    const tooSmall = new Stripe.errors.StripeInvalidRequestError({
      message: 'Amount must be at least $0.50 usd',
      code: 'amount_too_small',
      param: 'amount',
      statusCode: 400,
      type: 'invalid_request_error',
    });
    const res = await appThrowing(() => tooSmall)
      .post('/x')
      .expect(400);
    expect(res.body).toEqual({ error: { code: 'invalid-argument', message: 'Amount must be at least $0.50 usd' } });
    const missing = new Stripe.errors.StripeInvalidRequestError({
      message: "No such payment_intent: 'pi_x'",
      code: 'resource_missing',
      statusCode: 404,
      type: 'invalid_request_error',
    });
    expect(
      (
        await appThrowing(() => missing)
          .post('/x')
          .expect(404)
      ).body.error,
    ).toEqual({ code: 'not-found', message: "No such payment_intent: 'pi_x'" });
    const declined = new Stripe.errors.StripeCardError({ message: 'Your card was declined.', code: 'card_declined', statusCode: 402, type: 'card_error' });
    expect(
      (
        await appThrowing(() => declined)
          .post('/x')
          .expect(400)
      ).body.error.message,
    ).toBe('Your card was declined.');
  });

  it('answers bad JSON with 400 and unknown paths with 404', async () => {
    await appThrowing(() => null)
      .post('/x')
      .set('Content-Type', 'application/json')
      .send('{')
      .expect(400);
    await appThrowing(() => null)
      .get('/nowhere')
      .expect(404);
  });
});
