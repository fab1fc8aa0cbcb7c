import { describe, expect, it } from 'vitest';
import type { Request } from 'express';
import { etagOf } from '../etag';
import { expectedVersions, ifMatchVersions } from './if-match';

const req = (ifMatch?: string) => ({ get: (name: string) => (name.toLowerCase() === 'if-match' ? ifMatch : undefined) }) as unknown as Request;

describe('If-Match', () => {
  it('an ETag goes back as the version it carries', () => {
    expect(ifMatchVersions(req(etagOf('12')))).toEqual(['12']);
  });

  it('no header or * names nothing to check', () => {
    expect(ifMatchVersions(req())).toBeUndefined();
    expect(ifMatchVersions(req(' * '))).toBeUndefined();
  });

  it('a list accepts each strong tag; a weak tag never matches (strong comparison)', () => {
    expect(ifMatchVersions(req('"1", W/"2" ,"3"'))).toEqual(['1', '3']);
    expect(ifMatchVersions(req('W/"2"'))).toEqual([]);
  });

  it.each(['', '3', '"3', "'3'", '"3" "4"', '"a"b"', `"${'9'.repeat(2000)}"`, '"1",,"2"'])('refuses %j with 400', (header) => {
    expect(() => ifMatchVersions(req(header))).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('takes the body version when there is no header, and refuses a body version the header does not name', () => {
    expect(expectedVersions(req(), '4')).toEqual(['4']);
    expect(expectedVersions(req('"4"'), undefined)).toEqual(['4']);
    expect(expectedVersions(req('"4", "5"'), '5')).toEqual(['5']);
    expect(expectedVersions(req('*'), '5')).toEqual(['5']);
    expect(() => expectedVersions(req('"4"'), '5')).toThrow(expect.objectContaining({ status: 400 }));
    expect(expectedVersions(req(), undefined)).toBeUndefined();
  });
});
