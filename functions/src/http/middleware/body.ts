import type { NextFunction, Request, Response } from 'express';
import { isWellFormedText } from '@fridgeparts/common/strict';
import { ALIAS_IMPORT_MAX_BYTES } from '@fridgeparts/common/parts';
import { MODEL_IMPORT_MAX_BYTES } from '@fridgeparts/common/models/appliance-model';
import { AppError, badRequest } from '../../errors';

/** The API's largest accepted request body. */
export const BODY_LIMIT_BYTES = 32 * 1024;
/**
 * Stripe's events can be larger than any body the shop's own pages send (an event carries the
 * whole object), and an event refused for its size is one Stripe retries for days (CONTRACT §9).
 */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
const WEBHOOK_PATH = '/stripe/webhook';
/** The alias import (CONTRACT §11) takes a CSV file, not JSON: up to ALIAS_IMPORT_MAX_BYTES of it. */
const CSV_PATH = '/parts/aliases/import';

/** The model import (CONTRACT §12) carries its models' drawings (up to 200 KB each): JSON, up to MODEL_IMPORT_MAX_BYTES. */
const MODEL_IMPORT_PATH = '/models/import';

/**
 * A tax exemption certificate's upload (CONTRACT §15, decision 0084) carries its PDF as base64: up
 * to 2 MiB decoded, so 3 MiB of JSON.
 */
export const EXEMPTION_UPLOAD_BODY_LIMIT_BYTES = 3 * 1024 * 1024;
const EXEMPTION_UPLOAD_PATH = /^\/companies\/[^/]+\/shipTo\/[^/]+\/exemptions\/?$/;

/** The limit for this request: the webhook's, the alias import's, the model import's, a certificate upload's, or everyone else's. */
const limitFor = (req: Request) =>
  req.method === 'POST' && EXEMPTION_UPLOAD_PATH.test(req.path)
    ? EXEMPTION_UPLOAD_BODY_LIMIT_BYTES
    : req.path === WEBHOOK_PATH
      ? WEBHOOK_BODY_LIMIT_BYTES
      : req.path === CSV_PATH
        ? ALIAS_IMPORT_MAX_BYTES
        : req.path === MODEL_IMPORT_PATH && req.method === 'POST'
          ? MODEL_IMPORT_MAX_BYTES
          : BODY_LIMIT_BYTES;
const MAX_DEPTH = 20;
const JSON_TYPE = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;
const CSV_TYPE = /^text\/csv\s*(?:;\s*charset="?utf-8"?\s*)?(?:;\s*header=present\s*)?$/i;
const NO_BODY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'express-serve-static-core' {
  interface Request {
    /** The exact bytes of the body (the Stripe webhook verifies its signature over them). */
    rawBody?: Buffer;
  }
}

const tooLarge = (limit: number) => new AppError('payload-too-large', `The request body is too large (at most ${limit / 1024} KB).`);

/**
 * The body as bytes. In Cloud Functions the runtime has already read (and parsed) it and keeps
 * the bytes in req.rawBody, which is why express.json() never saw the 2 MB bodies of the attack
 * run: the limit is enforced here on the bytes, wherever they come from.
 */
function readRaw(req: Request, limit: number): Promise<Buffer> {
  if (Buffer.isBuffer(req.rawBody)) return Promise.resolve(req.rawBody);
  const declared = Number(req.get('content-length') ?? 0);
  if (declared > limit) return Promise.reject(tooLarge(limit));
  if (!req.readable) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => reject(badRequest('The request body could not be read.')));
  });
}

/** Every string (keys included) well-formed, and no absurd nesting. */
function assertWellFormed(value: unknown, depth = 0): void {
  if (depth > MAX_DEPTH) throw badRequest('The request body is nested too deeply.');
  if (typeof value === 'string') {
    if (!isWellFormedText(value)) throw badRequest('The request body contains text that is not valid (control characters or broken Unicode).');
  } else if (Array.isArray(value)) {
    for (const item of value) assertWellFormed(item, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      assertWellFormed(key, depth + 1);
      assertWellFormed(item, depth + 1);
    }
  }
}

/**
 * JSON bodies only, parsed once, from the bytes (issue 8): 415 for any other content type
 * (form-urlencoded, text/plain...), 413 over the limit (32 KB; 1 MB for the Stripe webhook), 400 for a byte-order mark, invalid
 * UTF-8, invalid JSON or malformed text. Requests without a body get `undefined`.
 */
export function jsonBody(req: Request, _res: Response, next: NextFunction): void {
  if (NO_BODY_METHODS.has(req.method)) {
    req.body = undefined;
    next();
    return;
  }
  const limit = limitFor(req);
  readRaw(req, limit)
    .then((raw) => {
      req.rawBody = raw;
      req.body = undefined;
      if (raw.length === 0) return;
      if (raw.length > limit) throw tooLarge(limit);
      if (req.path === CSV_PATH) {
        if (!CSV_TYPE.test(req.get('content-type') ?? ''))
          throw new AppError('unsupported-media-type', 'Send the aliases as CSV with the header Content-Type: text/csv.');
        let csv: string;
        try {
          csv = new TextDecoder('utf-8', { fatal: true }).decode(raw);
        } catch {
          throw badRequest('The file is not valid UTF-8 text.');
        }
        // Line breaks and tabs are a file's; any other control character or broken Unicode is not.
        if (!isWellFormedText(csv)) throw badRequest('The file contains characters that are not valid text (control characters or broken Unicode).');
        req.body = csv;
        return;
      }
      if (!JSON_TYPE.test(req.get('content-type') ?? '')) {
        throw new AppError('unsupported-media-type', 'Send the request body as JSON with the header Content-Type: application/json.');
      }
      if (raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf) throw badRequest('The request body must not start with a byte-order mark.');
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
      } catch {
        throw badRequest('The request body is not valid UTF-8 text.');
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw badRequest('The request body is not valid JSON.');
      }
      assertWellFormed(value);
      req.body = value;
    })
    .then(() => next(), next);
}

/**
 * A path with broken percent-encoding (`/tool/%ZZ`, `%C0%AF`, an encoded lone surrogate) is the
 * caller's mistake: 400 before any route tries to decode it.
 */
export function wellFormedUrl(req: Request, _res: Response, next: NextFunction): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    next(badRequest('The address has broken percent-encoding.'));
    return;
  }
  if (!isWellFormedText(decoded) || req.originalUrl.length > 2048) {
    next(badRequest('The address contains characters that are not valid, or is too long.'));
    return;
  }
  next();
}
