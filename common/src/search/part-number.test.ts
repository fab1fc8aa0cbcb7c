import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePartNumber } from './part-number';

describe('normalizePartNumber', () => {
  it('reads one number however it is typed (CONTRACT §11)', () => {
    for (const typed of [
      'FP-CMP-134A-033',
      'fp cmp 134a 033',
      'fpcmp134a033',
      'FP–CMP—134A−033',
      'fp.cmp/134a_033',
      'ＦＰ－ＣＭＰ－１３４Ａ－０３３',
      ' FP‐CMP 134A 033 ',
    ])
      expect(normalizePartNumber(typed), typed).toBe('FPCMP134A033');
  });

  it('never folds O into 0 or I into 1: they are other parts', () => {
    expect(normalizePartNumber('FP-GSK-UNI-O96')).not.toBe(normalizePartNumber('FP-GSK-UNI-096'));
    expect(normalizePartNumber('FP-SRO-KIT-0I')).not.toBe(normalizePartNumber('FP-SRO-KIT-01'));
  });

  it('is idempotent and leaves no separator, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const n = normalizePartNumber(s);
        expect(normalizePartNumber(n)).toBe(n);
        expect(n).not.toMatch(/[\s\-./_\u2010\u2013\u2014\u2212]/u);
      }),
    );
  });

  it('takes printable ASCII the short way with the same answer as the full one', () => {
    const full = (s: string) =>
      s
        .normalize('NFKC')
        .toUpperCase()
        .replace(/[\s\-\u2010\u2013\u2014\u2212./_]+/gu, '')
        .normalize('NFKC');
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 40 }), (s) => {
        expect(normalizePartNumber(s)).toBe(full(s));
      }),
    );
    expect(normalizePartNumber('fp-cmp 134a/033')).toBe('FPCMP134A033');
  });
});
