import { describe, expect, it } from 'vitest';
import { reviewFromDoc } from './reviews';

const at = (iso: string) => ({ toDate: () => new Date(iso) });

describe('review documents', () => {
  it('a review is a verified buyer only when the server said so', () => {
    expect(reviewFromDoc('r1', { userName: 'A', image: 'i', review: 5, description: 'ok' })).toEqual({
      _id: 'r1', userName: 'A', image: 'i', review: 5, description: 'ok', toolId: null, verifiedBuyer: false, createdAt: '1970-01-01T00:00:00.000Z',
    });
    const verified = reviewFromDoc('r2', { userName: 'A', image: 'i', review: 4, description: 'ok', toolId: 't', verifiedBuyer: true, createdAt: at('2026-11-20T00:00:00.000Z') });
    expect(verified).toMatchObject({ toolId: 't', verifiedBuyer: true, createdAt: '2026-11-20T00:00:00.000Z' });
  });
});
