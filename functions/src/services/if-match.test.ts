import { describe, expect, it } from 'vitest';
import { ifMatchHolds, parseIfMatch } from './if-match';

describe('parseIfMatch', () => {
  it('is undefined without the header, and "any" for *', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch(' * ')).toEqual({ any: true });
  });

  it('reads one or more quoted tags, commas inside a tag included', () => {
    expect(parseIfMatch('"a"')).toEqual({ any: false, tags: ['"a"'] });
    expect(parseIfMatch(' "a" , "b,c",W/"d"')).toEqual({ any: false, tags: ['"a"', '"b,c"'] });
    expect(parseIfMatch('""')).toEqual({ any: false, tags: ['""'] });
  });

  it('keeps weak tags out, so they never match (RFC 9110 strong comparison)', () => {
    const weakOnly = parseIfMatch('W/"x"')!;
    expect(ifMatchHolds(weakOnly, '"x"')).toBe(false);
  });

  it.each(['', ' ', 'abc', '"a', 'a"', '"a" "b"', '"a",', ',"a"', '"a"x', 'W/x', '*, "a"', '"\u0001"', Array(22).fill('"a"').join(',')])('refuses %j with 400', (header) => {
    expect(() => parseIfMatch(header)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('ifMatchHolds', () => {
  it('holds for * and for an exact tag only', () => {
    expect(ifMatchHolds({ any: true }, '"v1"')).toBe(true);
    expect(ifMatchHolds({ any: false, tags: ['"v0"', '"v1"'] }, '"v1"')).toBe(true);
    expect(ifMatchHolds({ any: false, tags: ['"v0"'] }, '"v1"')).toBe(false);
    expect(ifMatchHolds({ any: false, tags: ['v1'] }, '"v1"')).toBe(false);
  });
});
