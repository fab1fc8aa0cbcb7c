import { z } from './zod-setup';

/**
 * Ids the shop creates (Firestore auto ids and seed slugs). Checking the shape before a lookup
 * keeps ids Firestore would reject ("..", "a/b", "__x__") from ever reaching it as a 5xx.
 */
export const DOCUMENT_ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/;

export const documentIdSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(DOCUMENT_ID_PATTERN, `${label} is not a valid id`);

export function isDocumentId(value: string): boolean {
  return DOCUMENT_ID_PATTERN.test(value);
}
