import { IF_MATCH_PATTERN, ROUTES, type RouteSpec } from '@fridgeparts/common/openapi/routes';

/**
 * What the API accepts, from its route table (common/src/openapi/routes.ts, the OpenAPI
 * document's source, decision 0054), for the fake API (fake-api.ts): a request the function would
 * refuse or never route is refused in a unit test too, so a test cannot pass by answering a call
 * the real API turns away (issue 43: the company form's unquoted `If-Match: 1` passed its test).
 * It checks what the function checks before it acts: path and method, path parameters, the query
 * and the JSON body against the very zod schemas the function parses them with, the Bearer where
 * the route is not public, and If-Match's form where the route is a conditional write.
 */

/** A request as fetch was given it (header names lower case). */
export interface ContractRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The body as sent: text, or undefined. */
  body: string | undefined;
}

interface Template {
  route: RouteSpec;
  pattern: RegExp;
  names: string[];
  params: number;
}

const IF_MATCH = new RegExp(IF_MATCH_PATTERN, 'u');
const BEARER = /^Bearer \S+$/;

/** The route table compiled once (per test file: each file has its own module context). */
let compiled: Template[] | undefined;
function templates(): Template[] {
  compiled ??= ROUTES.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split(/(\{[^}]+\})/)
      .map((part) => {
        if (!part.startsWith('{')) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        names.push(part.slice(1, -1));
        return '([^/]+)';
      })
      .join('');
    // Case and trailing slash exact: the app builds its paths from api-paths.ts, as the table spells them.
    return { route, pattern: new RegExp(`^${source}$`), names, params: names.length };
  })
    // A literal segment wins over a parameter (/bookingOrder/export.csv before /bookingOrder/{id}), as Express routes them.
    .sort((a, b) => a.params - b.params);
  return compiled;
}

/** zod's issues in one line: `lines.0.quantity: Too small...; name: Required`. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string {
  return (result.error?.issues ?? [])
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(the value)'}: ${i.message}`)
    .join('; ');
}

/** The query as Express's 'simple' parser gives it (functions/src/http/app.ts): a repeated key is an array. */
function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const had = out[key];
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/** Undefined when the API would take the request past its checks; otherwise why it would not. */
export function contractProblem(request: ContractRequest): string | undefined {
  const { url, headers, body } = request;
  const method = request.method.toLowerCase();
  const onPath = templates().filter((t) => t.pattern.test(url.pathname));
  if (onPath.length === 0) return `no route of the API has the path ${url.pathname}`;
  const template = onPath.find((t) => t.route.method === method);
  if (!template) return `${url.pathname} takes ${[...new Set(onPath.map((t) => t.route.method.toUpperCase()))].join(', ')}, not ${method.toUpperCase()}`;
  const { route } = template;
  const where = `${route.method.toUpperCase()} ${route.path}`;

  const values = template.pattern.exec(url.pathname)!.slice(1);
  for (const [i, name] of template.names.entries()) {
    const schema = route.params?.[name];
    const parsed = schema?.safeParse(decodeURIComponent(values[i] ?? ''));
    if (parsed && !parsed.success) return `${where}: the path parameter ${name} is not valid (${issuesOf(parsed)})`;
  }
  if (route.query) {
    const parsed = route.query.safeParse(queryObject(url));
    if (!parsed.success) return `${where}: the query is not valid (${issuesOf(parsed)})`;
  }

  if (route.access !== 'public' && !BEARER.test(headers.authorization ?? '')) {
    return `${where} is for ${route.access === 'admin' ? 'an admin' : 'a signed-in account'}: it needs Authorization: Bearer <token>, got ${headers.authorization === undefined ? 'none' : JSON.stringify(headers.authorization)}`;
  }
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    if (!route.conditional) return `${where} is not a conditional write: it ignores the If-Match sent (${JSON.stringify(ifMatch)})`;
    if (!IF_MATCH.test(ifMatch)) return `${where}: If-Match must be a quoted entity tag ("3") or *, got ${JSON.stringify(ifMatch)} (the API answers 400)`;
  }

  const contentType = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const spec = route.requestBody;
  if (!spec) return body === undefined ? undefined : `${where} takes no body, but one was sent`;
  if (body === undefined) return 'csv' in spec || spec.required !== false ? `${where} needs a body, none was sent` : undefined;
  if ('csv' in spec) return contentType === 'text/csv' ? undefined : `${where} takes text/csv, sent as ${contentType ?? 'no content type'}`;
  if (contentType !== 'application/json') return `${where} takes JSON, sent as ${contentType ?? 'no content type'} (the API answers 415)`;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return `${where}: the body is not JSON`;
  }
  const parsed = spec.json.safeParse(value);
  return parsed.success ? undefined : `${where}: the body does not parse under the route's schema (${issuesOf(parsed)})`;
}
