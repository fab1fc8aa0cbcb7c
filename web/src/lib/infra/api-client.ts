import { NEXT_CURSOR_HEADER } from '@fridgeparts/common/api-paths';
import { isErrorBody } from '@fridgeparts/common/errors';
import { config } from './config';
import { appCheckToken } from './app-check';
import { ACCEPT_JSON, takeEarlyResponse } from './early-responses';
import { notify } from './toast';

/** Local storage key of the Bearer the API accepts (SPEC §4). */
export const ACCESS_TOKEN_KEY = 'accessToken';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** The rest of the error body beside `error` (a 412 carries the record as it is now: CONTRACT §13). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the signed-in user's Bearer. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Do not toast the error: the caller shows it itself. */
  quiet?: boolean;
  /** Also end the session on 403 (SPEC §4: loading bookings). 401 always ends it. */
  signOutOn403?: boolean;
  /** What the answer may be, when not JSON (a drawing's SVG); the Idempotency-Key of a write that must happen once (a shipment). */
  headers?: { Accept?: string; 'Idempotency-Key'?: string };
  /**
   * Makes the write conditional (CONTRACT §13): the version the caller saw, as the record's
   * `version` ("3") or as the ETag it was sent ("\"3\""), sent as If-Match in the entity-tag form
   * the server requires. The one way the app sends If-Match (a bare `If-Match: 1` is refused 400).
   */
  ifMatch?: string;
  /** Past the browser's HTTP cache: a read whose ETag a later write sends back must be current. */
  fresh?: boolean;
}

type SessionEndHandler = () => void;
let onSessionEnd: SessionEndHandler | null = null;

/** The session provider registers what a rejected session does (sign out, clear, go home). */
export function setSessionEndHandler(handler: SessionEndHandler | null): void {
  onSessionEnd = handler;
}

/**
 * Errors that ended the session. The handler says so in its own toast (SPEC §8); the request's
 * own message ("This account has been disabled ...") is not toasted as well: one toast replaces
 * the other, so which one the person saw depended on which of the two came last (the session
 * spec's sign-in request, answered 401 while the page went home, left the wrong one in CI).
 */
const endedSession = new WeakSet<ApiError>();

/**
 * The Bearer: the ID token of the signed-in user, which the SDK renews before it expires. It is
 * written back to local storage as accessToken so the stored copy is always the current one.
 */
async function bearer(): Promise<string | null> {
  const { currentIdToken } = await import('./auth-client');
  const token = await currentIdToken();
  if (token) localStorage.setItem(ACCESS_TOKEN_KEY, token);
  return token;
}

const STATUS_MESSAGES: Record<number, string> = {
  401: 'Your session has ended. Please sign in again.',
  403: 'You do not have permission to do this.',
  404: 'That could not be found.',
  429: 'Too many requests. Please wait a moment and try again.',
};

async function toApiError(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  if (isErrorBody(body)) {
    const { error, ...details } = body as unknown as Record<string, unknown> & Pick<typeof body, 'error'>;
    return new ApiError(res.status, error.code, error.message, error.fields, details);
  }
  return new ApiError(res.status, 'http-' + res.status, STATUS_MESSAGES[res.status] ?? 'The shop could not complete this request. Please try again.');
}

// An entity tag as RFC 9110 §8.8.3 writes it: optionally weak, always in double quotes.
const QUOTED_TAG = /^(W\/)?"[^"]*"$/;

/**
 * If-Match's value for a version or an ETag: an ETag (already quoted) goes as it came, a bare
 * version is put in double quotes. A version that holds a double quote can not be an entity tag:
 * an error here rather than a header the server refuses.
 */
export function entityTag(versionOrEtag: string): string {
  const text = versionOrEtag.trim();
  if (QUOTED_TAG.test(text)) return text;
  if (text.includes('"') || text === '') throw new Error(`Not a version or an entity tag: ${versionOrEtag}`);
  return `"${text}"`;
}

/** The headers a caller's options add to a request: Accept, and If-Match for a conditional write. */
export function callerHeaders(options: Pick<ApiOptions, 'headers' | 'ifMatch'>): Record<string, string> {
  return { ...options.headers, ...(options.ifMatch === undefined ? {} : { 'If-Match': entityTag(options.ifMatch) }) };
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  // JSON unless the caller asks for something else (a drawing's SVG).
  const headers: Record<string, string> = { Accept: ACCEPT_JSON, ...callerHeaders(options) };
  // A public read the early script made already (web/src/early.ts), the same URL and Accept. It
  // carries no App Check token, so a refusal (or a network failure) is not final: the read is then
  // made here as usual. A read that must be current (`fresh`) never takes it.
  const early =
    !options.auth && !options.fresh && (options.method ?? 'GET') === 'GET' && !options.body ? takeEarlyResponse(config.apiBase + path, headers.Accept!) : null;
  const earlyAnswer = early && (await early.catch(() => null));
  if (earlyAnswer?.ok) return earlyAnswer;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const appCheck = await appCheckToken();
  if (appCheck) headers['X-Firebase-AppCheck'] = appCheck;
  if (options.auth) {
    const token = await bearer();
    if (!token) throw new ApiError(401, 'unauthenticated', STATUS_MESSAGES[401]);
    headers.Authorization = `Bearer ${token}`;
  }
  let res: Response;
  try {
    res = await fetch(config.apiBase + path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.fresh ? { cache: 'no-store' as const } : {}),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', 'Could not reach the shop. Check your connection and try again.');
  }
  if (res.ok) return res;
  const error = await toApiError(res);
  if (options.auth && (error.status === 401 || (error.status === 403 && options.signOutOn403)) && onSessionEnd) {
    endedSession.add(error);
    onSessionEnd();
  }
  throw error;
}

async function run<T>(path: string, options: ApiOptions, read: (res: Response) => Promise<T>): Promise<T> {
  try {
    return await read(await send(path, options));
  } catch (err) {
    if (err instanceof ApiError && !options.quiet && !endedSession.has(err)) notify.error(err.message);
    throw err;
  }
}

/** The one way the web app calls the API (STYLE habit 2). */
export function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return run(path, options, async (res) => (res.status === 204 ? (undefined as T) : ((await res.json()) as T)));
}

/** A text the API serves (an appliance model's drawing, image/svg+xml), with the same errors. */
export function apiFetchText(path: string, options: Omit<ApiOptions, 'method' | 'body'> = {}): Promise<string> {
  return run(path, options, (res) => res.text());
}

/** An answer with its ETag (CONTRACT §13: GET /tool/{id}, PATCH /manage/{id}); null when it has none. */
export interface Tagged<T> {
  body: T;
  etag: string | null;
}

/** A call whose answer's ETag the caller sends back later as If-Match. */
export function apiFetchTagged<T>(path: string, options: ApiOptions = {}): Promise<Tagged<T>> {
  return run(path, options, async (res) => ({ body: (await res.json()) as T, etag: res.headers.get('ETag') }));
}

export interface ApiPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** A paginated list: the array body plus the cursor of the next page. */
export function apiFetchPage<T>(path: string, options: ApiOptions = {}): Promise<ApiPage<T>> {
  return run(path, options, async (res) => ({ items: (await res.json()) as T[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) }));
}

/** A file the API makes for a signed-in caller (an order PDF, a CSV export), with the same errors. */
export function apiFetchFile(path: string, options: Omit<ApiOptions, 'method' | 'body'> = {}): Promise<Blob> {
  return run(path, { ...options, auth: true }, (res) => res.blob());
}

/** Hands a downloaded file to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
