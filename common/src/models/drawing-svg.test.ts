import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkDrawingSvg, DRAWING_MAX_BYTES } from './drawing-svg';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const drawing = (inner: string, attrs = '') => `<svg ${NS} viewBox="0 0 100 100"${attrs}>${inner}</svg>`;
const CALLOUT = '<g><circle cx="10" cy="10" r="6"/><text data-ref="1" x="10" y="12">1</text></g>';

describe('checkDrawingSvg', () => {
  it('accepts a line drawing with an XML declaration, comments, styles and #id references, and answers its data-ref values', () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- freezer door -->\n${drawing(
      `<title>Door &amp; liner</title><defs><marker id="dot"><circle r="1"/></marker></defs><style>.p{stroke:#222}</style>` +
        `<path class="p" d="M0 0L10 10" marker-end="url(#dot)"/>${CALLOUT}<text data-ref='12A'>12A</text><use href="#dot"/>`,
    )}\n`;
    const check = checkDrawingSvg(svg);
    expect(check).toEqual({ ok: true, refs: new Set(['1', '12A']) });
  });

  it.each([
    ['a script', drawing('<script>alert(1)</script>'), /script/],
    ['a foreignObject', drawing('<foreignObject><div/></foreignObject>'), /foreignObject/],
    ['an image (loads from elsewhere)', drawing('<image href="#x"/>'), /<image>/],
    ['an event handler', drawing('<rect onclick="alert(1)"/>'), /event handler \(onclick\)/],
    ['an upper-case event handler', drawing('<rect ONLOAD="x"/>'), /event handler/],
    ['an external href', drawing('<use href="https://evil.test/a.svg#x"/>'), /link/],
    ['an external xlink:href', drawing('<use xlink:href="http://evil.test/#x"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'), /link/],
    ['a javascript: address', drawing('<rect fill="javascript:alert(1)"/>'), /script or data address/],
    ['an external url() in a style attribute', drawing('<rect style="fill:url(https://evil.test/p)"/>'), /outside the drawing/],
    ['an @import in a style element', drawing('<style>@import "https://evil.test/x.css";</style>'), /outside the drawing/],
    ['a DOCTYPE', `<!DOCTYPE svg [<!ENTITY a "b">]>${drawing('')}`, /DOCTYPE/],
    ['an undefined entity', drawing('<text>&lol;</text>'), /entity/],
    ['a CDATA section', drawing('<style><![CDATA[x]]></style>'), /CDATA/],
    ['no svg namespace', '<svg viewBox="0 0 1 1"></svg>', /xmlns/],
    ['another root', `<g ${NS}></g>`, /one <svg>/],
    ['two roots', drawing('') + drawing(''), /one <svg>/],
    ['an unclosed element', `<svg ${NS}><g>`, /never closed/],
    ['a mismatched close', drawing('<g></text>'), /closes an element/],
    ['an unquoted attribute', `<svg ${NS}><rect x=1/></svg>`, /well-formed/],
    ['a duplicate attribute', drawing('<rect x="1" x="2"/>'), /twice/],
    ['text outside the root', `${drawing('')}hello`, /outside/],
    ['nothing', '', /no <svg>/],
  ])('refuses %s', (_label, svg, problem) => {
    const check = checkDrawingSvg(svg);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problem).toMatch(problem);
  });

  it(`refuses a drawing over ${DRAWING_MAX_BYTES / 1024} KB, counting UTF-8 bytes`, () => {
    const padding = (n: number) => `<desc>${'é'.repeat(n)}</desc>`;
    const overhead = new TextEncoder().encode(drawing(padding(0))).length;
    const fits = Math.floor((DRAWING_MAX_BYTES - overhead) / 2);
    expect(checkDrawingSvg(drawing(padding(fits))).ok).toBe(true);
    expect(checkDrawingSvg(drawing(padding(fits + 1)))).toEqual({ ok: false, problem: `is larger than ${DRAWING_MAX_BYTES / 1024} KB` });
  });

  it('never accepts a drawing that has a script, an on* attribute or an outside link, wherever it is put', () => {
    const unsafe = fc.constantFrom(
      '<script>x</script>',
      '<rect onmouseover="x"/>',
      '<a href="https://e.test">x</a>',
      '<use href="//e.test/x"/>',
      '<foreignObject/>',
    );
    const safe = fc.constantFrom('<g>', '</g>', '<rect x="1"/>', CALLOUT, '<text>a &lt; b</text>', '<!-- c -->');
    fc.assert(
      fc.property(fc.array(safe, { maxLength: 6 }), unsafe, fc.array(safe, { maxLength: 6 }), (before, bad, after) => {
        expect(checkDrawingSvg(drawing(before.join('') + bad + after.join(''))).ok).toBe(false);
      }),
    );
  });
});
