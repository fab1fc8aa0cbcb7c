import { describe, expect, it } from 'vitest';
import { ALIAS_IMPORT_MAX_LINES, aliasesSchema, lookupNumberSchema, parseAliasCsv, replacedBySchema, resolveQuerySchema } from './parts';
import { partNumberKey, registeredNumbers } from './search/part-registry';

describe('a number as typed (GET /parts/resolve, order lines, aliases)', () => {
  const number = lookupNumberSchema('number');
  it('takes 2 to 64 characters, trimmed, any writing of a number', () => {
    expect(number.parse('  fp dft 8h25 ')).toBe('fp dft 8h25');
    expect(number.parse('ACME 5531')).toBe('ACME 5531');
    expect(number.parse('W'.repeat(64))).toHaveLength(64);
  });
  it.each([[''], ['A'], ['W'.repeat(65)], ['FP\u0007X'], ['FP\tX'], ['FP\nX'], ['--'], ['\ud800x']])('refuses %j', (typed) => {
    expect(number.safeParse(typed).success).toBe(false);
  });
  it('GET /parts/resolve takes only `number`', () => {
    expect(resolveQuerySchema.parse({ number: 'FP-1' })).toEqual({ number: 'FP-1' });
    expect(resolveQuerySchema.safeParse({ number: 'FP-1', q: 'x' }).success).toBe(false);
    expect(resolveQuerySchema.safeParse({ number: ['FP-1', 'FP-2'] }).success).toBe(false);
  });
});

describe('aliases', () => {
  it('keeps number, kind and a brand; requires the brand for OEM and competitor numbers', () => {
    expect(
      aliasesSchema.parse([
        { number: 'FP-OLD-1', kind: 'superseded', brand: '' },
        { number: 'W1', kind: 'oem', brand: 'Arctica' },
      ]),
    ).toEqual([
      { number: 'FP-OLD-1', kind: 'superseded' },
      { number: 'W1', kind: 'oem', brand: 'Arctica' },
    ]);
    const missing = aliasesSchema.safeParse([{ number: 'W1', kind: 'competitor' }]);
    expect(missing.error?.issues[0]?.path).toEqual([0, 'brand']);
  });
  it('refuses a number twice (after normalising), an unknown kind or key, and more than 50', () => {
    expect(
      aliasesSchema.safeParse([
        { number: 'W-1', kind: 'oem', brand: 'A' },
        { number: 'w1', kind: 'superseded' },
      ]).error?.issues[0]?.path,
    ).toEqual([1, 'number']);
    expect(aliasesSchema.safeParse([{ number: 'W1', kind: 'vendor', brand: 'A' }]).success).toBe(false);
    expect(aliasesSchema.safeParse([{ number: 'W1', kind: 'oem', brand: 'A', x: 1 }]).success).toBe(false);
    expect(aliasesSchema.safeParse(Array.from({ length: 51 }, (_, i) => ({ number: `W${i}0`, kind: 'oem', brand: 'A' }))).success).toBe(false);
  });
  it('replacedBy is a number or id, or null', () => {
    expect(replacedBySchema.parse(null)).toBeNull();
    expect(replacedBySchema.parse('defrost-timer')).toBe('defrost-timer');
    expect(replacedBySchema.safeParse(5).success).toBe(false);
  });
});

describe('the registry (partNumbers/{key})', () => {
  it('holds the part number and the superseded numbers, normalised; not OEM or competitor numbers', () => {
    expect(partNumberKey('fp-dft 8h25')).toBe('FPDFT8H25');
    expect(
      registeredNumbers({
        partNumber: 'FP-DFT-8H25',
        aliases: [
          { number: 'fp dft 8h20', kind: 'superseded' },
          { number: 'NC-1', kind: 'oem', brand: 'Nordcold' },
        ],
      }),
    ).toEqual([
      { key: 'FPDFT8H25', doc: { kind: 'part', number: 'FP-DFT-8H25' } },
      { key: 'FPDFT8H20', doc: { kind: 'superseded', number: 'fp dft 8h20' } },
    ]);
  });
});

describe('the alias import file', () => {
  const HEADER = 'partNumber,number,kind,brand';
  it('reads each line with its number in the file; quotes, CRLF, blank lines and a BOM as CSV has them', () => {
    const { lines, problems } = parseAliasCsv(
      `\uFEFF${HEADER}\r\nFP-1,FP-OLD-1,superseded,\r\n\r\nFP-1,"W 1, rev ""2""",oem,Arctica\r\nFP-2,CP-9,competitor,CoolPro`,
    );
    expect(problems).toEqual({});
    expect(lines).toEqual([
      { line: 2, partNumber: 'FP-1', alias: { number: 'FP-OLD-1', kind: 'superseded' } },
      { line: 4, partNumber: 'FP-1', alias: { number: 'W 1, rev "2"', kind: 'oem', brand: 'Arctica' } },
      { line: 5, partNumber: 'FP-2', alias: { number: 'CP-9', kind: 'competitor', brand: 'CoolPro' } },
    ]);
  });
  it('names each bad line by its number: cells, kind, brand, size, the same alias twice', () => {
    const { problems } = parseAliasCsv(
      [
        HEADER,
        'FP-1,W1,oem,A',
        'FP-1',
        'FP-1,W2,vendor,A',
        'FP-1,W3,oem,',
        `FP-1,${'W'.repeat(65)},oem,A`,
        'fp 1,w-1,oem,B',
        'FP-1,"W4,oem,A',
        'A,W5,oem,A',
      ].join('\n'),
    );
    expect(Object.keys(problems).sort()).toEqual(['lines.3', 'lines.4', 'lines.5', 'lines.6', 'lines.7', 'lines.8', 'lines.9']);
    expect(problems['lines.7']).toMatch(/repeats line 2/);
  });
  it('refuses a file without the header, without lines, or with too many', () => {
    expect(parseAliasCsv('FP-1,W1,oem,A').problems).toHaveProperty('file');
    expect(parseAliasCsv(`${HEADER}\n\n`).problems).toHaveProperty('file');
    expect(parseAliasCsv(`${HEADER}\n${'FP-1,W1,oem,A\n'.repeat(ALIAS_IMPORT_MAX_LINES + 1)}`).problems.file).toMatch(/At most 5000/);
  });
});
