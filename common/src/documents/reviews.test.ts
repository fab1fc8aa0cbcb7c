import { describe, expect, it } from 'vitest';
import { reviewFromDoc } from './reviews';

const at = (iso: string) => ({ toDate: () => new Date(iso) });

describe('review documents', () => {
  it('a review is a verified buyer only when the server said so', () => {
    expect(reviewFromDoc('r1', { userName: 'A', image: '/images/reviewers/1.svg', review: 5, description: 'ok' })).toEqual({
      _id: 'r1',
      userName: 'A',
      image: '/images/reviewers/1.svg',
      review: 5,
      description: 'ok',
      toolId: null,
      verifiedBuyer: false,
      createdAt: '1970-01-01T00:00:00.000Z',
    });
    const verified = reviewFromDoc('r2', {
      userName: 'A',
      image: '/images/reviewers/1.svg',
      review: 4,
      description: 'ok',
      toolId: 't',
      verifiedBuyer: true,
      createdAt: at('2026-11-20T00:00:00.000Z'),
    });
    expect(verified).toMatchObject({ toolId: 't', verifiedBuyer: true, createdAt: '2026-11-20T00:00:00.000Z' });
  });

  it('passes on an image stored before CONTRACT §9 that the shop would refuse now as none', () => {
    const of = (image: string) => reviewFromDoc('r3', { userName: 'A', image, review: 5, description: 'ok' }).image;
    expect(of('https://cdn.example.test/a.png')).toBe('https://cdn.example.test/a.png');
    expect(of('/images/reviewers/2.svg')).toBe('/images/reviewers/2.svg');
    for (const bad of ['http://cdn.example.test/a.png', 'javascript:alert(1)', 'data:image/png;base64,AA', '//evil.example.test/a.png', '/api/x', ''])
      expect(of(bad)).toBe('');
  });
});
