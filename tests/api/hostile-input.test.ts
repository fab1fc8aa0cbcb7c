import '../support/env';
import express from 'express';
import supertest from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { createApp } from '../../functions/src/http/app';
import { api, bearer } from '../support/api';
import { db, makeTool } from '../support/firestore';
import { ADMIN, CUSTOMER, GOOD_CONTACT, dumpFirestore, makeBooking, stockOf, useCast } from './fixtures';

/**
 * One focused test per finding of the issue-8 attack run: each hostile input gets a 4xx JSON
 * error body (CONTRACT §4) with no stack, and changes no data.
 */

const { customer, admin } = useCast({ customer: CUSTOMER, admin: ADMIN });
let toolId: string;
let bookingId: string;

beforeEach(async () => {
  toolId = await makeTool({ name: 'Door Gasket', priceCents: 1999, minimumQuantity: 1, availableQuantity: 50 });
  bookingId = await makeBooking(customer, toolId);
});

/** No 5xx, a JSON error body with a message, never a stack or an HTML page. */
function expectCleanError(res: { status: number; text: string; body: unknown; headers: Record<string, string> }, status: number): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.text).not.toMatch(/<html|<!doctype|SyntaxError|TypeError|\bat \S+ \(|\.[jt]s:\d+/i);
  expect((res.body as { error: { message: string } }).error.message.length).toBeGreaterThan(5);
}

async function unchangedBy(run: () => Promise<void>): Promise<void> {
  const before = await dumpFirestore();
  await run();
  expect(await dumpFirestore()).toEqual(before);
}

describe('path ids', () => {
  it.each([
    ['GET', '/tool/%ZZ'],
    ['GET', '/mybooking/%C0%AF'],
    ['GET', '/mybooking/%ED%A0%BD'],
    ['GET', '/tool/%'],
    ['PUT', '/user/%E0%A4%A'],
    ['DELETE', '/manage/%ZZ'],
    ['PATCH', '/api/orders/shipped/%C0%AF'],
  ])('%s %s (broken percent-encoding) answers 400 JSON', async (method, path) => {
    await unchangedBy(async () => {
      const res = await api()[method.toLowerCase() as 'get'](path).set(bearer(admin.token));
      expectCleanError(res, 400);
    });
  });

  it.each(['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', 'prototype'])('id %s is simply not found', async (id) => {
    await unchangedBy(async () => {
      expectCleanError(await api().get(API.tool(id)), 404);
      expectCleanError(await api().get(API.myBooking(id)).set(bearer(customer.token)), 404);
      expectCleanError(await api().delete(API.deleteTool(id)).set(bearer(admin.token)), 404);
      expectCleanError(await api().patch(API.markShipped(id)).set(bearer(admin.token)), 404);
      expectCleanError(await api().delete(API.deleteOrder(id)).set(bearer(admin.token)), 404);
      // In a query or body the id is checked by its schema first: a reserved __x__ id is 400 there.
      for (const res of [
        await api().delete(API.cancelBooking(customer.email, id)).set(bearer(customer.token)),
        await api()
          .post(API.booking)
          .set(bearer(customer.token))
          .send({ toolId: id, quantity: 1, ...GOOD_CONTACT }),
      ]) {
        expect([400, 404]).toContain(res.status);
        expectCleanError(res, res.status);
      }
    });
  });

  it.each(['/tool/..%2F..%2Fadmin', '/tool/a/b', '/mybooking/..%2Fx/y', '/api/nothing', '/manage', '/bookingOrder/x/y/z'])(
    'unknown path %s answers a JSON 404',
    async (path) => {
      expectCleanError(await api().get(path).set(bearer(admin.token)), 404);
    },
  );
});

describe('text fields', () => {
  it('a lone surrogate in any text field is 400 with a clear message', async () => {
    await unchangedBy(async () => {
      const booking = await api()
        .post(API.booking)
        .set(bearer(customer.token))
        .send({ toolId, quantity: 1, phone: GOOD_CONTACT.phone, address: '12 Frost \ud800 Lane' });
      expectCleanError(booking, 400);
      expect(booking.body.error.message).toMatch(/not valid/);
      const review = await api()
        .post(API.addReview)
        .set(bearer(customer.token))
        .send({ image: 'https://x.example/a.png', review: 5, description: 'fine \udc00' });
      expectCleanError(review, 400);
      const profile = await api()
        .put(API.saveProfile)
        .set(bearer(customer.token))
        .send({ education: '\ud800', location: 'Oslo', phone: '+47 22 00 00 00', linkedlnProfile: 'https://linkedin.com/in/x' });
      expectCleanError(profile, 400);
      const tool = await api()
        .post(API.addTool)
        .set(bearer(admin.token))
        .send({ image: 'https://x.example/a.png', name: 'Fan \ud83d', description: 'd', price: '5', minimumQuantity: 1, availableQuantity: 2 });
      expectCleanError(tool, 400);
    });
  });

  it('control characters are refused; multi-line text keeps its line breaks', async () => {
    await unchangedBy(async () => {
      const res = await api().post(API.addReview).set(bearer(customer.token)).send({ image: 'https://x.example/a.png', review: 5, description: 'bell \u0007' });
      expectCleanError(res, 400);
      const name = await api()
        .post(API.addTool)
        .set(bearer(admin.token))
        .send({ image: 'https://x.example/a.png', name: 'Two\nlines', description: 'd', price: '5', minimumQuantity: 1, availableQuantity: 2 });
      expectCleanError(name, 400);
    });
    const ok = await api()
      .post(API.addReview)
      .set(bearer(customer.token))
      .send({ image: 'https://x.example/a.png', review: 5, description: 'Line one\nLine two\tand a tab' })
      .expect(201);
    expect(ok.body.description).toBe('Line one\nLine two\tand a tab');
  });

  it('over-long text and query parameters are 400', async () => {
    await unchangedBy(async () => {
      expectCleanError(
        await api()
          .post(API.addReview)
          .set(bearer(customer.token))
          .send({ image: 'https://x.example/a.png', review: 5, description: 'x'.repeat(1001) }),
        400,
      );
      expectCleanError(await api().get(`/tools?q=${'x'.repeat(61)}`), 400);
      expectCleanError(await api().get(`/tools?cursor=${'x'.repeat(201)}`), 400);
      expectCleanError(
        await api()
          .get(API.myBookings(`${'a'.repeat(5000)}@example.test`))
          .set(bearer(customer.token)),
        400,
      );
      expectCleanError(await api().get(`/tools?q=${'x'.repeat(3000)}`), 400);
    });
  });
});

describe('bodies', () => {
  const post = (body: string | Buffer, type = 'application/json') =>
    api()
      .post(API.booking)
      .set(bearer(customer.token))
      .set('Content-Type', type)
      .serialize((x: unknown) => x as string)
      .send(body as string);

  it.each(['{', '{"toolId":', "{'a':1}", '[1,]', 'undefined', '{"a":1}garbage'])('invalid JSON %j is 400 JSON without SyntaxError', async (body) => {
    await unchangedBy(async () => {
      const res = await post(body);
      expectCleanError(res, 400);
      expect(res.body.error.message).toBe('The request body is not valid JSON.');
    });
  });

  it.each([
    ['application/x-www-form-urlencoded', 'quantity=5'],
    ['text/plain', '{"quantity":5}'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('%s is 415 with the JSON error body', async (type, body) => {
    await unchangedBy(async () => {
      const res = await post(body, type);
      expectCleanError(res, 415);
      expect(res.body.error.code).toBe('unsupported-media-type');
    });
  });

  it('a byte-order mark and invalid UTF-8 are 400', async () => {
    await unchangedBy(async () => {
      const json = JSON.stringify({ toolId, quantity: 1, ...GOOD_CONTACT });
      expectCleanError(await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)])), 400);
      // "\ud800" as raw (CESU-8) bytes: not UTF-8.
      expectCleanError(
        await post(Buffer.from(`{"toolId":"${toolId}","quantity":1,"phone":"+1 555 010 2030","address":"12 Frost \xed\xa0\x80 Lane"}`, 'latin1')),
        400,
      );
    });
  });

  it.each([40 * 1024, 2 * 1024 * 1024])('a %d byte body is 413 and nothing is stored', async (size) => {
    await unchangedBy(async () => {
      const res = await api()
        .post(API.addReview)
        .set(bearer(customer.token))
        .send({ image: 'https://x.example/a.png', review: 5, description: 'ok', pad: 'x'.repeat(size) });
      expectCleanError(res, 413);
    });
  });

  /**
   * The Functions runtime (Cloud Functions' Functions Framework, and the emulator) parses every
   * body before the app runs and keeps the bytes in req.rawBody (docs/decisions): the limit and
   * the JSON-only rule must hold on that path too, not only when the app reads the stream.
   */
  describe('behind a runtime that pre-parses bodies', () => {
    const runtime = () => {
      const outer = express();
      const verify = (req: express.Request, _res: unknown, buf: Buffer) => {
        (req as express.Request & { rawBody?: Buffer }).rawBody = buf;
      };
      outer.use(express.json({ limit: '32mb', verify }));
      outer.use(express.text({ limit: '32mb', verify }));
      outer.use(express.urlencoded({ extended: true, limit: '32mb', verify }));
      outer.use(express.raw({ type: '*/*', limit: '32mb', verify }));
      outer.use(createApp());
      return supertest(outer);
    };

    it('still refuses 40 KB, form bodies and text/plain, and still books a valid JSON body', async () => {
      await unchangedBy(async () => {
        const big = await runtime()
          .post(API.addReview)
          .set(bearer(customer.token))
          .send({ image: 'https://x.example/a.png', review: 5, description: 'ok', pad: 'x'.repeat(40 * 1024) });
        expectCleanError(big, 413);
        expectCleanError(await runtime().post(API.booking).set(bearer(customer.token)).type('form').send(`toolId=${toolId}&quantity=1`), 415);
        expectCleanError(
          await runtime()
            .post(API.booking)
            .set(bearer(customer.token))
            .set('Content-Type', 'text/plain')
            .send(JSON.stringify({ toolId, quantity: 1 })),
          415,
        );
      });
      await runtime()
        .post(API.booking)
        .set(bearer(customer.token))
        .send({ toolId, quantity: 1, ...GOOD_CONTACT })
        .expect(201);
    });
  });
});

describe('numbers are JSON numbers or plain decimal text, nothing else', () => {
  it.each([[[5]], ['0x5'], ['1e1'], ['0b101'], [true], ['5.0'], [5.5], [''], [null], [{ valueOf: 5 }], [1e21], ['99999999999999999999']])(
    'quantity %j is refused and books nothing',
    async (quantity) => {
      await unchangedBy(async () => {
        expectCleanError(
          await api()
            .post(API.booking)
            .set(bearer(customer.token))
            .send({ toolId, quantity, ...GOOD_CONTACT }),
          400,
        );
      });
      expect(await stockOf(toolId)).toBe(50);
    },
  );

  it('quantity 5 and "5" book', async () => {
    await api()
      .post(API.booking)
      .set(bearer(customer.token))
      .send({ toolId, quantity: 5, ...GOOD_CONTACT })
      .expect(201);
    await api()
      .post(API.booking)
      .set(bearer(customer.token))
      .send({ toolId, quantity: '5', ...GOOD_CONTACT })
      .expect(201);
    expect(await stockOf(toolId)).toBe(40);
  });

  it.each([[true], [[5]], ['0x5'], ['4.5'], [0], [6]])('review %j stores nothing', async (review) => {
    await unchangedBy(async () => {
      expectCleanError(await api().post(API.addReview).set(bearer(customer.token)).send({ image: 'https://x.example/a.png', review, description: 'ok' }), 400);
    });
  });

  const product = {
    image: 'https://x.example/a.png',
    name: 'Fan Motor',
    description: 'Quiet.',
    partNumber: 'FP-FAN-HOSTILE',
    price: '12.50',
    minimumQuantity: '1',
    availableQuantity: '9',
    weight: '1.5',
  };
  it.each([
    ['minimumQuantity', [2]],
    ['minimumQuantity', '0x2'],
    ['availableQuantity', true],
    ['availableQuantity', '1e3'],
    ['price', [12]],
    ['price', true],
    ['price', '12.345'],
    ['price', '1e2'],
    ['price', '0x10'],
    ['price', -1],
    ['price', '12,50'],
  ])('%s %j adds no product', async (field, value) => {
    await unchangedBy(async () => {
      expectCleanError(
        await api()
          .post(API.addTool)
          .set(bearer(admin.token))
          .send({ ...product, [field]: value }),
        400,
      );
    });
  });

  it("the add-product form's text numbers still work, and unknown fields are not stored", async () => {
    const res = await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .set('Content-Type', 'application/json')
      .send(
        `{"image":"https://x.example/a.png","name":"Fan Motor","description":"Quiet.","partNumber":"FP-FAN-PROTO","price":"12.50","minimumQuantity":"1","availableQuantity":"9","weight":"1.5","__proto__":{"admin":true},"constructor":{"x":1},"createdBy":"mallory","extra":1}`,
      )
      .expect(201);
    expect(res.body).toMatchObject({ price: 12.5, minimumQuantity: 1, availableQuantity: 9 });
    const stored = (await db.collection('tools').doc(res.body._id).get()).data()!;
    for (const key of ['admin', 'extra', 'createdBy', 'x']) expect(stored).not.toHaveProperty(key);
    expect(Object.prototype.hasOwnProperty.call(stored, 'constructor')).toBe(false);
    await api()
      .post(API.addTool)
      .set(bearer(admin.token))
      .send({ ...product, price: 12.5, minimumQuantity: 1, availableQuantity: 9 })
      .expect(201);
  });

  it('a page limit is plain decimal text', async () => {
    for (const limit of ['1e1', '0x5', '5.0', '-1', '0', 'true']) expectCleanError(await api().get(`/tools?limit=${limit}`), 400);
    await api().get('/tools?limit=5').expect(200);
  });

  it('bookingId and the booking a payment refers to reach nothing when they are hostile', async () => {
    await unchangedBy(async () => {
      for (const bad of ['constructor', '\ud800', [bookingId], { id: bookingId }, '../x']) {
        const res = await api().post(API.createPaymentIntent).set(bearer(customer.token)).send({ bookingId: bad });
        expect(res.status).toBeLessThan(500);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expectCleanError(res, res.status);
      }
    });
  });
});
