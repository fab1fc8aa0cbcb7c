import express from 'express';
import supertest from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('firebase-functions', () => ({ logger: { error: vi.fn(), info: vi.fn(), warn: vi.fn() } }));

const { errorMiddleware, notFoundMiddleware } = await import('./errors');
const { parse } = await import('../validate');
const { conflict } = await import('../../errors');

function appThrowing(err: () => unknown) {
  const app = express();
  app.use(express.json());
  app.post('/x', () => {
    throw err();
  });
  app.use(notFoundMiddleware);
  app.use(errorMiddleware);
  return supertest(app);
}

describe('error middleware', () => {
  it('turns AppError into the error body with its status', async () => {
    const res = await appThrowing(() => conflict('Already paid')).post('/x').expect(409);
    expect(res.body).toEqual({ error: { code: 'conflict', message: 'Already paid' } });
  });

  it('turns a schema failure into 400 with the first message and every field', async () => {
    const schema = z.object({ a: z.string().min(1, 'a is required'), b: z.number({ error: 'b must be a number' }) });
    const res = await appThrowing(() => {
      try {
        parse(schema, { a: '' });
      } catch (e) {
        return e;
      }
    }).post('/x').expect(400);
    expect(res.body.error).toEqual({ code: 'invalid-argument', message: 'a is required', fields: { a: 'a is required', b: 'b must be a number' } });
  });

  it('never leaks a stack trace: unexpected errors are 503 with a retry hint', async () => {
    const res = await appThrowing(() => new Error('db exploded at line 3')).post('/x').expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(JSON.stringify(res.body)).not.toContain('exploded');
  });

  it('answers bad JSON with 400 and unknown paths with 404', async () => {
    await appThrowing(() => null).post('/x').set('Content-Type', 'application/json').send('{').expect(400);
    await appThrowing(() => null).get('/nowhere').expect(404);
  });
});
