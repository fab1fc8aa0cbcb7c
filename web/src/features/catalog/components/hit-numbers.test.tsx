import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HitNumbers, matchedLength } from './hit-numbers';

const html = (ui: Parameters<typeof render>[0]) => render(ui).container;

describe('matchedLength', () => {
  it('finds the typed number at the start of a part number however it was typed', () => {
    expect(matchedLength('FP-CFM-115-9W', 'fpcfm1159w')).toBe('FP-CFM-115-9W'.length);
    expect(matchedLength('FP-CFM-115-9W', 'fp cfm 115')).toBe('FP-CFM-115'.length);
    expect(matchedLength('FP-CFM-115-9W', 'FP–CFM')).toBe('FP-CFM'.length);
  });

  it('is 0 for words, a different number, one character, or more than the number', () => {
    expect(matchedLength('FP-CFM-115-9W', 'fan motor')).toBe(0);
    expect(matchedLength('FP-CFM-115-9W', 'FP-CFM-115-9X')).toBe(0);
    expect(matchedLength('FP-CFM-115-9W', 'f')).toBe(0);
    expect(matchedLength('FP-CFM-115-9W', 'FP-CFM-115-9W0')).toBe(0);
  });
});

describe('HitNumbers (CONTRACT §11)', () => {
  it('marks what a number search matched of the part number, and nothing for a search by words', () => {
    const byNumber = html(<HitNumbers partNumber="FP-CFM-115-9W" matchedBy={null} q="fpcfm115" />);
    expect(byNumber.querySelector('mark')?.textContent).toBe('FP-CFM-115');
    expect(byNumber.querySelector('[data-testid="tool-part-number"]')?.textContent).toBe('Part number FP-CFM-115-9W');
    expect(byNumber.querySelector('[data-testid="tool-matched-by"]')).toBeNull();
    expect(html(<HitNumbers partNumber="FP-CFM-115-9W" matchedBy={null} q="fan motor" />).querySelector('mark')).toBeNull();
  });

  it('says which other number found it, that number marked, the brand said once', () => {
    const cases = [
      [{ kind: 'superseded', number: 'FP-DG-100' }, 'dg100', 'Replaces FP-DG-100'],
      [{ kind: 'discontinued', number: 'FP-DG-050' }, 'FP-DG-050', 'Replaces FP-DG-050 (discontinued)'],
      [{ kind: 'oem', number: 'W10295370A', brand: 'Whirlpool' }, 'w10295370a', 'Fits Whirlpool W10295370A'],
      [{ kind: 'competitor', number: 'ACME 5531', brand: 'ACME' }, 'acme 5531', 'Equivalent to ACME 5531'],
      [{ kind: 'competitor', number: 'CP-EFM-9', brand: 'CoolPro' }, 'coolpro', 'Equivalent to CoolPro CP-EFM-9'],
    ] as const;
    for (const [matchedBy, q, sentence] of cases) {
      const card = html(<HitNumbers partNumber="FP-DG-200" matchedBy={matchedBy} q={q} />);
      expect(card.querySelector('[data-testid="tool-matched-by"]')?.textContent, q).toBe(sentence);
      // Found through another number: that number is marked (all of it when the words found it), the part number is not.
      expect(card.querySelectorAll('mark'), q).toHaveLength(1);
      expect(card.querySelector('[data-testid="tool-matched-by"] mark')?.textContent, q).toBe(matchedBy.number);
    }
  });
});
