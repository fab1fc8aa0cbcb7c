import { Ajv2020 } from 'ajv/dist/2020.js';
import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../common/src/openapi/document';
import { api } from '../support/api';
import { OpenApiMatcher } from './openapi-matching';

/**
 * The check every answer of the tier goes through (openapi-setup.ts) fails when it should: these
 * answers come from a stand-in app that breaks the document on purpose.
 */
const json = (status: number, body: unknown) => {
  const app = express();
  app.use((_req, res) => {
    res.status(status).json(body);
  });
  return supertest(app);
};

describe('the OpenAPI matching check', () => {
  it('fails a test whose answer does not match, naming the call, the status and the first schema error', async () => {
    await expect(json(200, { ok: false }).get('/healthz')).rejects.toThrow(
      'OpenAPI: GET /healthz answered 200 (GET /healthz) with a body that does not match its schema: /ok must be equal to constant',
    );
    await expect(
      json(200, [{ _id: 't1' }])
        .get('/tools?limit=1')
        .expect(200),
    ).rejects.toThrow(/GET \/tools answered 200 .*\/0 must have required property 'name'/);
    await expect(json(200, { deletedCount: 1, extra: true }).delete('/manage/t1')).rejects.toThrow(/must NOT have additional properties/);
  });

  it('fails a status the operation does not list, and a content type it does not list', async () => {
    await expect(json(418, { error: { code: 'conflict', message: 'x' } }).get('/specs')).rejects.toThrow(
      /GET \/specs answered 418, which GET \/specs does not list/,
    );
    const csvAsJson = json(200, 'a,b').get('/bookingOrder/export.csv');
    await expect(csvAsJson).rejects.toThrow(/answered 200 as application\/json; GET \/bookingOrder\/export.csv lists text\/csv/);
  });

  it('holds a call to a path the document does not name to the unrouted answers', async () => {
    await expect(json(404, { error: { code: 'not-found', message: 'There is no API at GET /nope.' } }).get('/nope')).resolves.toBeTruthy();
    await expect(json(200, {}).get('/nope')).rejects.toThrow(/GET \/nope answered 200, which a call the document does not name/);
  });

  it('routes a path as Express does: literal segments before parameters, any case, a trailing slash', () => {
    const matcher = new OpenApiMatcher();
    expect(matcher.templateOf('/bookingOrder/export.csv')).toBe('/bookingOrder/export.csv');
    expect(matcher.templateOf('/bookingOrder/abc')).toBe('/bookingOrder/{id}');
    expect(matcher.templateOf('/Tool/abc/models/')).toBe('/tool/{id}/models');
    expect(matcher.templateOf('/tool/a/b')).toBeUndefined();
  });
});

describe('GET /openapi.json', () => {
  it('answers the document, public and cacheable, held to itself like every other answer', async () => {
    const res = await api().get('/openapi.json').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('has only schemas Ajv compiles as JSON Schema 2020-12 in strict mode: answers, parameters and request bodies', () => {
    const doc = buildOpenApiDocument();
    // Union types (`type: ["number", "string"]`, a quantity the forms send as text) are 2020-12 as written.
    const strict = () => new Ajv2020({ strict: true, allowUnionTypes: true });
    const ajv = strict();
    ajv.addKeyword({ keyword: 'components', schemaType: 'object' });
    ajv.addSchema({ $id: 'urn:fridgeparts:openapi', components: { schemas: doc.components.schemas } });
    for (const id of Object.keys(doc.components.schemas))
      expect(() => ajv.compile({ $ref: `urn:fridgeparts:openapi#/components/schemas/${id}` }), id).not.toThrow();
    let requests = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item) as [
        string,
        { parameters?: { name: string; schema: object }[]; requestBody?: { content: Record<string, { schema: object }> } },
      ][]) {
        const schemas = [...(op.parameters ?? []).map((p) => p.schema), ...Object.values(op.requestBody?.content ?? {}).map((c) => c.schema)];
        for (const schema of schemas) expect(() => strict().compile(schema), `${method} ${path}`).not.toThrow();
        requests += schemas.length;
      }
    }
    expect(requests).toBeGreaterThan(50);
  });
});
