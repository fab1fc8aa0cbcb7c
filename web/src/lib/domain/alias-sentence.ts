import type { MatchedBy } from '@fridgeparts/common/search/catalogue-search';
import { normalizePartNumber } from '@fridgeparts/common/search/part-number';

/** The brand before an alias's number, unless the number already starts with it ("ACME 5531"). */
function brandBefore(m: MatchedBy): string {
  if (!m.brand) return '';
  return normalizePartNumber(m.number).startsWith(normalizePartNumber(m.brand)) ? '' : `${m.brand} `;
}

/** What a person reads about the number a hit was found by (CONTRACT §11): "Replaces FP-DG-100", "Equivalent to ACME 5531". */
export function aliasSentence(m: MatchedBy): { before: string; after: string } {
  switch (m.kind) {
    case 'superseded':
      return { before: 'Replaces ', after: '' };
    case 'discontinued':
      return { before: 'Replaces ', after: ' (discontinued)' };
    case 'oem':
      return { before: `Fits ${brandBefore(m)}`, after: '' };
    case 'competitor':
      return { before: `Equivalent to ${brandBefore(m)}`, after: '' };
  }
}
