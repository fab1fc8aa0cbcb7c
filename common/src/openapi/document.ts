import { z } from '../zod-setup';
import { ERROR_STATUS } from '../errors';
import { IDEMPOTENCY_KEY } from '../shipping/shipments';
import { IF_MATCH_PATTERN, ROUTES, type Access, type ResponseSpec, type RouteSpec } from './routes';
import { errorBodySchema, responseRegistry } from './response-schemas';

/**
 * The OpenAPI 3.1 document of the API (CONTRACT §10), built from the route table (routes.ts) and
 * the zod schemas with zod's own z.toJSONSchema (JSON Schema draft 2020-12, OpenAPI 3.1's
 * dialect): answers from the registered response schemas as components, requests from the very
 * schemas the function validates with, read as their input (docs/decisions/0054).
 */

type JsonSchema = Record<string, unknown>;
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string; description: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown>; responses: Record<string, unknown> };
  /** How the app answers a path or method the document does not name (see UNROUTED_RESPONSES). */
  'x-unrouted': { description: string; responses: Record<string, unknown> };
}

export const SCHEMA_REF_PREFIX = '#/components/schemas/';
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Statuses the app answers with the one error body to any call, before a route runs or in it:
 * 400 (a malformed address), 429 (rate limits), 503 (Auth or Firestore out of reach).
 */
const COMMON_ERRORS = [400, 429, 503];
/** App Check (when enforced) refuses any call but the webhook's and the health check's with 401. */
const APP_CHECK_EXEMPT = new Set(['/stripe/webhook', '/healthz']);
/** A body that is not JSON (415) or too large (413): any method that may carry one. */
const BODY_ERRORS = [413, 415];

/**
 * A path or method the app does not serve gets 404 with the error body; the middleware that runs
 * before routing can answer such a call too (400, 401 App Check, 413, 415, 429), and OPTIONS on a
 * served path gets the router's own `Allow` answer.
 */
export const UNROUTED_ERRORS = [400, 401, 404, 413, 415, 429];

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is not valid (the error names each bad field)',
  401: 'No valid token (or, where enforced, no App Check token)',
  403: 'Signed in, but not allowed (not an admin, not the owner, or an unverified email address)',
  404: 'Not found',
  409: 'Conflicts with the state of the record',
  412: 'The record changed since the version sent',
  413: 'The request body is too large',
  415: 'The request body is not JSON',
  429: 'Too many calls: wait and try again',
  503: 'A service the API needs is out of reach; retry after Retry-After seconds',
};

const stripMeta = (schema: JsonSchema): JsonSchema => {
  const { $schema: _s, id: _id, $id: _i, ...rest } = schema;
  return rest;
};

/** The registered answers as components (one z.toJSONSchema over the registry; references between them by $ref). */
function componentSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(responseRegistry, { target: 'draft-2020-12', io: 'output', uri: (id) => `${SCHEMA_REF_PREFIX}${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, s]) => [id, stripMeta(s as JsonSchema)]));
}

/** A request schema as the caller writes it (zod's input side: before transforms and defaults). */
function requestSchema(schema: z.ZodType): JsonSchema {
  // The shop's request schemas check text with refinements JSON Schema can not say (well-formed
  // Unicode, a drawing's SVG): those are left out, the rest (types, lengths, patterns, enums) kept.
  return stripMeta(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', metadata: z.registry() }) as JsonSchema);
}

function refOf(schema: z.ZodType): JsonSchema {
  const meta = responseRegistry.get(schema);
  if (!meta) throw new Error('Every answer’s schema is registered in response-schemas.ts (responseRegistry)');
  return { $ref: `${SCHEMA_REF_PREFIX}${meta.id}` };
}

function content(spec: ResponseSpec): Record<string, unknown> | undefined {
  const body = spec.body;
  if ('none' in body) return undefined;
  if ('json' in body) return { 'application/json': { schema: refOf(body.json) } };
  const schema = body.binary ? { type: 'string', contentMediaType: body.media } : { type: 'string', contentMediaType: body.media, minLength: 1 };
  return { [body.media]: { schema } };
}

function responseObject(spec: ResponseSpec): Record<string, unknown> {
  const headers = spec.headers
    ? Object.fromEntries(Object.entries(spec.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]))
    : undefined;
  const body = content(spec);
  return { description: spec.description, ...(headers ? { headers } : {}), ...(body ? { content: body } : {}) };
}

/** The error statuses of a route: the common ones, those its access adds, and its own. */
export function errorStatusesOf(route: RouteSpec): number[] {
  const byAccess: Record<Access, number[]> = { public: [], 'signed-in': [401, 403], verified: [401, 403], admin: [401, 403] };
  const statuses = new Set([...COMMON_ERRORS, ...byAccess[route.access], ...(route.errors ?? [])]);
  if (!APP_CHECK_EXEMPT.has(route.path)) statuses.add(401);
  if (route.method !== 'get') for (const s of BODY_ERRORS) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

function parameters(route: RouteSpec): unknown[] {
  const out: unknown[] = [];
  for (const [name, schema] of Object.entries(route.params ?? {})) out.push({ name, in: 'path', required: true, schema: requestSchema(schema) });
  if (route.query) {
    const query = requestSchema(route.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      out.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  for (const [name, extra] of Object.entries(route.extraQuery ?? {})) {
    out.push({ name, in: 'query', required: false, description: extra.description, schema: requestSchema(extra.schema), explode: true });
  }
  if (route.conditional) {
    out.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      description: 'The version from the ETag you were sent, in double quotes (If-Match: "3"), or *; without it the write is unconditional',
      schema: { type: 'string', pattern: IF_MATCH_PATTERN },
    });
  }
  if (route.idempotent) {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description: 'A key of your own (a UUID) per intended write: a repeat with the same key answers the first result and writes nothing more',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
    });
  }
  return out;
}

function requestBody(route: RouteSpec): unknown {
  const body = route.requestBody;
  if (!body) return undefined;
  if ('csv' in body) {
    return {
      required: true,
      content: { 'text/csv': { schema: { type: 'string', description: 'The header partNumber,number,kind,brand, then one alias a line' } } },
    };
  }
  return { required: body.required ?? true, content: { 'application/json': { schema: requestSchema(body.json) } } };
}

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone.',
  'signed-in': 'A signed-in account (Bearer Firebase ID token).',
  verified: 'A signed-in account with a verified email address (CONTRACT §9).',
  admin: 'An admin (the admin claim as the Auth record has it now, CONTRACT §2).',
};

function operation(route: RouteSpec): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(route.responses)) responses[status] = responseObject(spec);
  for (const status of errorStatusesOf(route)) responses[String(status)] ??= { $ref: `#/components/responses/Error${status}` };
  const params = parameters(route);
  const body = requestBody(route);
  return {
    operationId: `${route.method}${route.path.replace(/\{([^}]+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.summary,
    description: `Who may call: ${ACCESS_TEXT[route.access]}`,
    tags: [route.tag],
    'x-access': route.access,
    security: route.access === 'public' ? [] : [{ firebaseIdToken: [] }],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

const errorResponse = (status: number) => ({
  description: ERROR_TEXT[status] ?? 'Error',
  ...(status === 503 ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'string' } } } } : {}),
  content: { 'application/json': { schema: refOf(errorBodySchema) } },
});

/** Builds the document. The function builds it once per instance (routes/openapi.ts). */
export function buildOpenApiDocument(routes: readonly RouteSpec[] = ROUTES): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} is in the route table twice`);
    item[route.method] = operation(route);
  }
  const errorStatuses = [...new Set([...Object.values(ERROR_STATUS), ...UNROUTED_ERRORS])].filter((s) => ERROR_TEXT[s]);
  return {
    openapi: '3.1.0',
    info: {
      title: 'FridgeParts API',
      version: '1',
      description:
        'The REST API of the FridgeParts shop, served by the HTTPS function `api` at the shop’s own origin. Amounts are US dollars with two decimals. Lists answer JSON arrays with the next page’s cursor in X-Next-Cursor. Errors answer `{ "error": { "code", "message", "fields"? } }` (CONTRACT §4).',
    },
    jsonSchemaDialect: DIALECT,
    servers: [{ url: '/', description: 'The shop’s origin (Hosting rewrites the API paths to the function)' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: { firebaseIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
      responses: Object.fromEntries(errorStatuses.map((s) => [`Error${s}`, errorResponse(s)])),
    },
    'x-unrouted': {
      description:
        'A path or method not named here answers 404 with the error body; the checks that run before routing may answer such a call with another of these statuses. OPTIONS on a served path answers 200 with the Allow header.',
      responses: Object.fromEntries(UNROUTED_ERRORS.map((s) => [String(s), { $ref: `#/components/responses/Error${s}` }])),
    },
  };
}
