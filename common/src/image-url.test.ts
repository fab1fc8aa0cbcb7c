import { describe, expect, it } from 'vitest';
import { isShopImageUrl } from './image-url';
import { reviewInputSchema } from './review';

const GOOD = { review: 5, description: 'Fits.' };

describe('isShopImageUrl (CONTRACT §9)', () => {
  it.each([
    'https://cdn.example.com/a.png',
    'HTTPS://cdn.example.com/a.png?x=1#y',
    'https://example.test',
    '/images/reviewers/8.svg',
    '/images/tools/door-gasket.svg',
    '/images/a.b-c_d.webp',
  ])('accepts %s', (url) => expect(isShopImageUrl(url)).toBe(true));

  it.each([
    'http://cdn.example.com/a.png',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    '//evil.example/a.png',
    '///evil.example/a.png',
    'https:evil.example/a.png',
    'https:///a.png',
    'https://good.example@evil.example/a.png',
    'https:/\\evil.example',
    '/images/../admin',
    '/images/./x.png',
    '/images/',
    '/images',
    '/imagesx/a.png',
    '/other/a.png',
    '/images/a b.png',
    'images/a.png',
    ' https://cdn.example.com/a.png',
    'https://cdn.example.com/a\n.png',
    '',
    'my face',
    `https://x.example/${'a'.repeat(2000)}`,
  ])('refuses %j', (url) => expect(isShopImageUrl(url)).toBe(false));

  it('refuses what is not text', () => {
    expect(isShopImageUrl(undefined)).toBe(false);
    expect(isShopImageUrl(['https://x.example/a.png'])).toBe(false);
  });
});

describe('reviewInputSchema image', () => {
  it('keeps an https or /images/ image', () => {
    expect(reviewInputSchema.parse({ ...GOOD, image: '/images/reviewers/1.svg' }).image).toBe('/images/reviewers/1.svg');
    expect(reviewInputSchema.parse({ ...GOOD, image: 'https://x.example/a.png' }).image).toBe('https://x.example/a.png');
  });

  it.each(['http://x.example/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '//x.example/a.png', '/images/../secret'])(
    'refuses %s naming image',
    (image) => {
      const r = reviewInputSchema.safeParse({ ...GOOD, image });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['image']);
      expect(r.error?.issues[0]?.message).toBe('Image must be an https:// URL or a path under /images/');
    },
  );
});
