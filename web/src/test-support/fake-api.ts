import { afterEach, beforeEach } from 'vitest';
import { NEXT_CURSOR_HEADER } from '@fridgeparts/common/api-paths';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@fridgeparts/common/errors';
import { answerProblem, contractProblem } from './api-contract';

/**
 * The shop's API faked at the browser's fetch, the one call lib/api-client.ts makes (STYLE habit
 * 28): a component test renders the real component with its real hooks, query keys and API
 * client, and only the answers are made up. A wrong path, method, header or body then fails the
 * test: every request is first held to the API's route table (api-contract.ts), and one the API
 * would refuse is answered 400 and fails the test after it, whatever the test's own answer. Every
 * request is kept so a test can say what was sent.
 */

/** One request as the API got it. Header names are lower case (`if-match`, `authorization`). */
export interface ApiRequest {
  method: string;
  /** The path and query, as the app built it (`/booking?email=casey%40example.test&limit=10`). */
  path: string;
  /** The parsed JSON body, if there was one (a body that is not JSON: its text). */
  body: unknown;
  headers: Record<string, string>;
  /** The fetch's cache mode when the app set one (`no-store`: a read past the browser's HTTP cache). */
  cache?: RequestCache;
}

/** An answer: status, JSON body (or text) and headers. */
export interface Reply {
  status: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Answer = Reply | ((request: ApiRequest) => Reply | Promise<Reply>);

interface Route {
  method: Method;
  path: string;
  answer: Answer;
  once: boolean;
}

/** 200 with a JSON body (typed by the caller with the API's own types: `json<Tool>(tool)`). */
export function json<T>(body: T, init: { status?: number; headers?: Record<string, string> } = {}): Reply {
  return { status: init.status ?? 200, body, headers: init.headers };
}

/** 200 with a file the API makes (an orders CSV, an order PDF). */
export function file(text: string, contentType: string): Reply {
  return { status: 200, text, headers: { 'Content-Type': contentType } };
}

/** One page of a paged list (decision 0005): the array, and the next page's cursor in its header. */
export function page<T>(items: T[], nextCursor: string | null = null): Reply {
  return { status: 200, body: items, headers: nextCursor ? { [NEXT_CURSOR_HEADER]: nextCursor } : {} };
}

/** The API's error answer (`{ error: { code, message, fields } }`) with the code's status, and anything it carries beside. */
export function failure(code: ErrorCode, message: string, fields?: Record<string, string>, beside: Record<string, unknown> = {}): Reply {
  const body: ErrorBody = { error: { code, message, ...(fields ? { fields } : {}) } };
  return { status: ERROR_STATUS[code], body: { ...body, ...beside } };
}

/** An answer that never comes: fetch fails as it does when the shop can not be reached (the client's `network` error). */
export function unreachable(): Reply {
  throw new TypeError('Failed to fetch');
}

/** A request that is still on its way: the app shows its loading state until `release()` answers. */
export function held(): { answer: () => Promise<Reply>; release: (reply: Reply) => void } {
  let release: (reply: Reply) => void = () => undefined;
  const answer = new Promise<Reply>((resolve) => (release = resolve));
  return { answer: () => answer, release: (reply) => release(reply) };
}

/** Whether `requested` is `route`: the same path, and every query value the route names, with the same value. */
function matches(route: string, requested: URL): boolean {
  const wanted = new URL(route, requested.origin);
  if (wanted.pathname !== requested.pathname) return false;
  return [...wanted.searchParams].every(([k, v]) => requested.searchParams.get(k) === v);
}

function toResponse(reply: Reply): Response {
  const headers = new Headers(reply.headers);
  if (reply.status === 204) return new Response(null, { status: 204, headers });
  if (reply.text !== undefined) return new Response(reply.text, { status: reply.status, headers });
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(reply.body ?? null), { status: reply.status, headers });
}

export interface FakeApi {
  /**
   * Answers `method` `path` from now on; a later `on` for the same request wins. `path` is what
   * the app's API builders give (API.allUsers, API.myBookings(email)); query values the app adds
   * (limit, cursor) need not be named.
   */
  on(method: Method, path: string, answer: Answer): FakeApi;
  /** As `on`, for the next such request only (then the earlier answer again, if any). */
  once(method: Method, path: string, answer: Answer): FakeApi;
  /** Every request so far, oldest first. */
  readonly requests: ApiRequest[];
  /** The requests to `method` `path` (matched as `on` matches). */
  sent(method: Method, path: string): ApiRequest[];
  /**
   * The requests refused so far as the API would refuse them (why, per request), and forgets them:
   * a test that sends a bad request on purpose says so with this; otherwise any refusal fails the test.
   */
  takeRefused(): string[];
}

/** A body as the app sent it: parsed when it is JSON, its text otherwise (a CSV), undefined for none. */
function bodyOf(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Call once at the top of a test file (`elsewhere`: requests to another origin a page talks to,
 * answered by that fake instead). Before each test, fetch is faked with no answers; after
 * each, the test fails if the app asked for anything that had no answer (it got a 501 meanwhile)
 * or sent a request the API would refuse (it got a 400 meanwhile, and the test's answer was not used).
 */
export function fakeApi({ elsewhere }: { elsewhere?: { origin: string; fetch: typeof globalThis.fetch } } = {}): FakeApi {
  let routes: Route[] = [];
  const requests: ApiRequest[] = [];
  const unanswered: string[] = [];
  const refused: string[] = [];

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    // Another service the page talks to (the Stripe double): its own fake answers, not the shop's route table.
    if (elsewhere && String(input).startsWith(elsewhere.origin)) return elsewhere.fetch(input, init);
    const url = new URL(String(input), 'http://shop.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    if (init.body != null && typeof init.body !== 'string') throw new Error(`The fake API takes text bodies only; ${method} ${url.pathname} sent another kind`);
    const text = init.body ?? undefined;
    const request: ApiRequest = { method, path: url.pathname + url.search, body: bodyOf(text), headers, ...(init.cache ? { cache: init.cache } : {}) };
    requests.push(request);
    const problem = contractProblem({ method, url, headers, body: text });
    if (problem) {
      // Answered as the API answers a bad request, so the app's own error path runs; the test
      // fails after it anyway, so an app that hides the error cannot pass.
      refused.push(`${method} ${request.path}: ${problem}`);
      return toResponse(failure('invalid-argument', `The fake API refused ${method} ${request.path}, as the API would: ${problem}`));
    }
    // The newest answer first, so a test can change what the server says.
    const route = [...routes].reverse().find((r) => r.method === method && matches(r.path, url));
    if (!route) {
      unanswered.push(`${method} ${request.path}`);
      return toResponse({ status: 501, body: { error: { code: 'internal', message: `The fake API has no answer for ${method} ${request.path}` } } });
    }
    if (route.once) routes = routes.filter((r) => r !== route);
    const reply = typeof route.answer === 'function' ? await route.answer(request) : route.answer;
    // A tool answer the API could not give (one without its availability) fails the test after it.
    const wrong = answerProblem({ method, url }, reply.status, reply.body);
    if (wrong) refused.push(`${method} ${request.path}: the test's answer ${wrong}`);
    if (init.signal?.aborted) throw new DOMException('The request was aborted.', 'AbortError');
    return toResponse(reply);
  };

  let real: typeof globalThis.fetch;
  beforeEach(() => {
    routes = [];
    requests.length = 0;
    unanswered.length = 0;
    refused.length = 0;
    real = globalThis.fetch;
    globalThis.fetch = fetch;
  });
  afterEach(() => {
    globalThis.fetch = real;
    const problems = [
      ...(refused.length > 0 ? [`Requests the API would refuse (see web/src/test-support/api-contract.ts):\n  ${refused.join('\n  ')}`] : []),
      ...(unanswered.length > 0 ? [`Requests the test gave no answer for: ${unanswered.join(', ')}`] : []),
    ];
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });

  const api: FakeApi = {
    on(method, path, answer) {
      routes.push({ method, path, answer, once: false });
      return api;
    },
    once(method, path, answer) {
      routes.push({ method, path, answer, once: true });
      return api;
    },
    requests,
    sent: (method, path) => requests.filter((r) => r.method === method && matches(path, new URL(r.path, 'http://shop.test'))),
    takeRefused: () => refused.splice(0),
  };
  return api;
}
