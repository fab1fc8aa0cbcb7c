import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChipTone } from './chip';

/**
 * Every chip's text against its fill, from the design tokens and the chip's CSS as shipped (jsdom
 * computes no colours): WCAG AA asks 4.5:1 of text this size (13 px, regular). axe's color-contrast
 * checks the same in the browser (tests/e2e/chip-contrast.spec.ts).
 */
const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const tokens = new Map([...read('../styles.css').matchAll(/--(fp-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
const chipCss = read('./chip.module.css');

/** A declared colour as #rrggbb: tokens followed, #rgb written out. */
const colourOf = (value: string): string => {
  const token = /^var\(--(fp-[\w-]+)\)$/.exec(value);
  if (token) return colourOf(tokens.get(token[1]!)!);
  return /^#[0-9a-f]{3}$/i.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value;
};
function declared(tone: ChipTone, property: 'background' | 'color'): string {
  const rule = new RegExp(`\\.${tone} \\{([^}]*)\\}`).exec(chipCss)![1]!;
  return colourOf(new RegExp(`(?:^|\\s)${property}:\\s*([^;]+);`).exec(rule)![1]!.trim());
}
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('Chip colours', () => {
  it('works the ratio out as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // The old warning fill: white on #ed6c02 was 3.1:1.
    expect(contrast('#ffffff', '#ed6c02')).toBeCloseTo(3.11, 2);
  });

  it.each<ChipTone>(['success', 'warning', 'primary'])('a %s chip’s white text reads at 4.5:1 or more on its fill', (tone) => {
    expect(declared(tone, 'color')).toBe('#ffffff');
    expect(contrast(declared(tone, 'color'), declared(tone, 'background'))).toBeGreaterThanOrEqual(4.5);
  });

  it('a warning chip stays orange, told apart from the green, navy and plain ones', () => {
    const fill = declared('warning', 'background');
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(g! * 1.5);
    expect(g).toBeGreaterThan(b!);
  });
});
