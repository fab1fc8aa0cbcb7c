import { describe, expect, it } from 'vitest';
import { isDocumentId as isDocId } from './ids';

describe('isDocId', () => {
  it('accepts generated and seed ids', () => {
    expect(isDocId('a1B2c3D4e5F6g7H8i9J0')).toBe(true);
    expect(isDocId('door-gasket-universal')).toBe(true);
  });
  it('rejects what Firestore would throw on', () => {
    for (const bad of ['', 'a/b', '.', '..', '__id__', 'x'.repeat(1501)]) expect(isDocId(bad)).toBe(false);
  });
});
