import express from 'express';
import supertest from 'supertest';
import { describe, expect, it, vi } from 'vitest';

vi.mock('firebase-functions', () => ({ logger: { error: vi.fn(), info: vi.fn(), warn: vi.fn() } }));

const { jsonBody, wellFormedUrl, BODY_LIMIT_BYTES, EXEMPTION_UPLOAD_BODY_LIMIT_BYTES, WEBHOOK_BODY_LIMIT_BYTES } = await import('./body');
const { errorMiddleware } = await import('./errors');

function echo() {
  const app = express();
  app.use(wellFormedUrl);
  app.use(jsonBody);
  app.post('/stripe/webhook', (req, res) => {
    res.json({ raw: req.rawBody?.length ?? 0 });
  });
  app.all('/companies/:id/shipTo/:shipToId/exemptions', (req, res) => {
    res.json({ raw: req.rawBody?.length ?? 0 });
  });
  app.all('/echo/:id', (req, res) => {
    res.json({ body: req.body ?? null, id: req.params.id, raw: req.rawBody?.length ?? 0 });
  });
  app.use(errorMiddleware);
  return supertest(app);
}

describe('jsonBody', () => {
  it('parses JSON bodies and keeps the bytes', async () => {
    const res = await echo().post('/echo/a').set('Content-Type', 'application/json; charset=utf-8').send('{"q":5}').expect(200);
    expect(res.body).toEqual({ body: { q: 5 }, id: 'a', raw: 7 });
  });

  it.each([
    ['application/x-www-form-urlencoded', 'quantity=5'],
    ['text/plain', '{"quantity":5}'],
    ['application/xml', '<a/>'],
  ])('answers 415 for %s', async (type, body) => {
    const res = await echo().post('/echo/a').set('Content-Type', type).send(body).expect(415);
    expect(res.body.error.code).toBe('unsupported-media-type');
  });

  it('answers 413 over the limit, by declared length and by actual bytes', async () => {
    const big = JSON.stringify({ a: 'x'.repeat(BODY_LIMIT_BYTES) });
    const res = await echo().post('/echo/a').set('Content-Type', 'application/json').send(big).expect(413);
    expect(res.body.error.code).toBe('payload-too-large');
  });

  it('takes Stripe events up to 1 MB on the webhook only (CONTRACT §9), and refuses more', async () => {
    const event = JSON.stringify({ id: 'evt_1', data: { object: { description: 'x'.repeat(100 * 1024) } } });
    await echo().post('/echo/a').set('Content-Type', 'application/json').send(event).expect(413);
    const res = await echo().post('/stripe/webhook').set('Content-Type', 'application/json').send(event).expect(200);
    expect(res.body.raw).toBe(Buffer.byteLength(event));
    const huge = JSON.stringify({ a: 'x'.repeat(WEBHOOK_BODY_LIMIT_BYTES) });
    const refused = await echo().post('/stripe/webhook').set('Content-Type', 'application/json').send(huge).expect(413);
    expect(refused.body.error.message).toContain('1024 KB');
  });

  it('takes a certificate upload up to 3 MiB on its own path only (decision 0084), and refuses more', async () => {
    const upload = JSON.stringify({ certificate: 'A'.repeat(2_800_000) });
    await echo().post('/echo/a').set('Content-Type', 'application/json').send(upload).expect(413);
    const res = await echo().post('/companies/c1/shipTo/s1/exemptions').set('Content-Type', 'application/json').send(upload).expect(200);
    expect(res.body.raw).toBe(Buffer.byteLength(upload));
    const huge = JSON.stringify({ certificate: 'A'.repeat(EXEMPTION_UPLOAD_BODY_LIMIT_BYTES) });
    const refused = await echo().post('/companies/c1/shipTo/s1/exemptions').set('Content-Type', 'application/json').send(huge).expect(413);
    expect(refused.body.error.message).toContain('3072 KB');
    await echo().put('/companies/c1/shipTo/s1/exemptions').set('Content-Type', 'application/json').send(upload).expect(413);
  });

  it('answers 400 for a BOM, invalid UTF-8, invalid JSON, lone surrogates and deep nesting', async () => {
    // serialize(identity): superagent would otherwise JSON-encode a Buffer.
    const post = (buf: Buffer | string) =>
      echo()
        .post('/echo/a')
        .set('Content-Type', 'application/json')
        .serialize((x: unknown) => x as string)
        .send(buf as string);
    for (const bad of [
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')]),
      Buffer.from([0x7b, 0xff, 0x7d]),
      '{',
      '{"a":"\\ud800"}',
      '{"\\udc00":1}',
      '['.repeat(50) + ']'.repeat(50),
    ]) {
      const res = await post(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error.message).not.toMatch(/SyntaxError|at .*\.ts/);
    }
  });

  it('ignores bodies on GET', async () => {
    const res = await echo().get('/echo/a').expect(200);
    expect(res.body.body).toBeNull();
  });
});

describe('wellFormedUrl', () => {
  it.each(['/echo/%ZZ', '/echo/%C0%AF', '/echo/%ED%A0%BD', '/echo/%'])('answers 400 JSON for %s', async (path) => {
    const res = await echo().get(path).expect(400);
    expect(res.body.error.code).toBe('invalid-argument');
  });
});
