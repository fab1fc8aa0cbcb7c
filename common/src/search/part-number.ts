/**
 * Part numbers however they are typed (CONTRACT §11): "fp cmp 134a 033", "FP-CMP-134A-033" and
 * "fpcmp134a033" are one number. No Node API and no dependency, so the web app can use it too.
 */

import { SEPARATOR_CHARS } from './separators';

/** Spaces and the separators inside a number. */
const NUMBER_SEPARATORS = new RegExp(`[\\s${SEPARATOR_CHARS}]+`, 'gu');

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The number as the shop compares it: Unicode NFKC (full-width letters and digits become plain
 * ones), upper case, separators removed. O and 0, I and 1 stay apart: they are different parts.
 */
export function normalizePartNumber(typed: string): string {
  // Printable ASCII is its own NFKC and stays ASCII in upper case: most numbers, and a cold start
  // normalises every number of the catalogue (300,000 at 100,000 parts).
  if (PRINTABLE_ASCII.test(typed)) return typed.toUpperCase().replace(NUMBER_SEPARATORS, '');
  // NFKC again last: upper case and a removed separator can leave letters and marks to compose,
  // and a normalised number normalises to itself.
  return typed.normalize('NFKC').toUpperCase().replace(NUMBER_SEPARATORS, '').normalize('NFKC');
}
