import type { Request, Response } from 'express';
import { etagOf } from '../etag';
import { badRequest } from '../errors';

/**
 * Conditional writes (RFC 9110 §13.1.1; CONTRACT §13): the one reader of If-Match, for the cart
 * and the tool alike. A record's version goes out as a strong entity tag (etag.ts) and comes back
 * in If-Match.
 */

/** Sends `version` as the answer's ETag. */
export function sendVersion(res: Response, version: string): void {
  res.set('ETag', etagOf(version));
}

// An entity tag: optional W/, then a quoted string of the characters RFC 9110 allows in one.
const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;
const MAX_IF_MATCH = 1024;

/**
 * The versions an If-Match header accepts, or undefined when it names none to check: no header,
 * or `*` (a cart or a tool that exists always has a current version, so `*` always matches; a deleted tool is 404 either way). A weak tag never matches
 * under If-Match's strong comparison, so it is left out: a list of only weak tags accepts nothing.
 * A header that is not a list of entity tags is 400, never a silent match.
 */
export function ifMatchVersions(req: Request): string[] | undefined {
  const header = req.get('if-match');
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === '*') return undefined;
  const bad = () =>
    badRequest('If-Match must be the version from the ETag you were sent, in double quotes (If-Match: "3"), or *.', {
      'If-Match': 'Not a list of entity tags',
    });
  if (text === '' || text.length > MAX_IF_MATCH) throw bad();
  const versions: string[] = [];
  for (const part of text.split(',')) {
    const m = ENTITY_TAG.exec(part.trim());
    if (!m) throw bad();
    if (!m[1]) versions.push(m[2] ?? '');
  }
  return versions;
}

/**
 * The versions a write is conditional on: If-Match, or `version` in the body (for a client that
 * can not set headers), or undefined (no condition: the write acts as it did before versions).
 * Both given and disagreeing is 400: the caller said two different things.
 */
export function expectedVersions(req: Request, bodyVersion: string | undefined): string[] | undefined {
  const fromHeader = ifMatchVersions(req);
  if (bodyVersion === undefined) return fromHeader;
  if (fromHeader !== undefined && !fromHeader.includes(bodyVersion)) {
    throw badRequest("If-Match and the body's version name different versions: send one of them.", { version: 'Not the version in If-Match' });
  }
  return [bodyVersion];
}
