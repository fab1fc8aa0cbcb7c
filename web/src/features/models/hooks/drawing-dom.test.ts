import { describe, expect, it } from 'vitest';
import { checkDrawingSvg } from '@fridgeparts/common/models/drawing-svg';
import { CALLOUT_TARGET_CLASS, calloutAt, calloutElements, drawingElement, markCallouts, sizeCalloutTargets } from './drawing-dom';

/** A drawing as the seed makes them (scripts/seed/demo-models.ts): a style, a title, callouts as groups of a leader, a circle and the number. */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-labelledby="t">' +
  '<title id="t">Nordcold NRT-18F2W: Machine compartment</title>' +
  '<defs><linearGradient id="shade"><stop offset="0" stop-color="#eee"/></linearGradient></defs>' +
  '<style>#callout-1 circle{stroke:red}.part{fill:url(#shade);stroke:#1f2933}</style>' +
  '<rect class="part" x="10" y="10" width="50" height="50" fill="url(#shade)"/>' +
  '<g class="callout" id="callout-1"><line x1="0" y1="0" x2="5" y2="5"/><circle cx="5" cy="5" r="11"/><text x="5" y="5" data-ref="1">1</text></g>' +
  '<g class="callout" id="callout-2"><circle cx="50" cy="50" r="11"/><text x="50" y="50" data-ref="2">2</text></g>' +
  '<use href="#callout-2"/>' +
  '</svg>';

describe('drawingElement', () => {
  it('is a drawing the import accepts (the page checks the same)', () => {
    expect(checkDrawingSvg(SVG).ok).toBe(true);
  });

  it('makes every id the page’s own and follows the references to them, in attributes and in the style', () => {
    const svg = drawingElement(SVG, 'd1-', 'Drawing of Machine compartment');
    expect(svg.ownerDocument).toBe(document);
    expect([...svg.querySelectorAll('[id]')].map((e) => e.id)).toEqual(['d1-t', 'd1-shade', 'd1-callout-1', 'd1-callout-2']);
    expect(svg.querySelector('rect')!.getAttribute('fill')).toBe('url(#d1-shade)');
    expect(svg.querySelector('use')!.getAttribute('href')).toBe('#d1-callout-2');
    // A colour (#1f2933) is not an id: only the drawing's own ids are rewritten.
    // Scoped to the drawing where the browser has @scope (jsdom has it too).
    expect(svg.querySelector('style')!.textContent).toBe('@scope {#d1-callout-1 circle{stroke:red}.part{fill:url(#d1-shade);stroke:#1f2933}}');
  });

  it('is a labelled group of controls, not an image (whose children assistive technology skips), and fills its frame', () => {
    const svg = drawingElement(SVG, 'd1-', 'Drawing of Machine compartment');
    expect(svg.getAttribute('role')).toBe('group');
    expect(svg.getAttribute('aria-label')).toBe('Drawing of Machine compartment');
    expect(svg.hasAttribute('aria-labelledby')).toBe(false);
    expect(svg.hasAttribute('width')).toBe(false);
  });

  it('grows its viewBox to hold every callout whole: a circle at the edge is not cut (issue 43)', () => {
    // Callout 1's circle (r 11 at 5, 5) reaches 8 units past the top left, with its outline.
    expect(drawingElement(SVG, 'd1-', 'x').getAttribute('viewBox')).toBe('-8 -8 408 308');
    const inside = SVG.replace('cx="5" cy="5"', 'cx="200" cy="150"');
    expect(drawingElement(inside, 'd1-', 'x').getAttribute('viewBox')).toBe('0 0 400 300');
  });

  it('gives each number a target under it, in its own group, which a click reads as the number (a bare number gets a group)', () => {
    const bare = SVG.replace('<use href="#callout-2"/>', '<text x="300" y="200" data-ref="3">3</text>');
    const svg = drawingElement(bare, 'd1-', 'x');
    const targets = [...svg.querySelectorAll(`circle.${CALLOUT_TARGET_CLASS}`)];
    expect(targets.map((t) => [t.getAttribute('cx'), t.getAttribute('cy'), t.getAttribute('aria-hidden')])).toEqual([
      ['5', '5', 'true'],
      ['50', '50', 'true'],
      ['300', '200', 'true'],
    ]);
    // First in its group: drawn under the drawing's own circle and number.
    expect(svg.querySelector('#d1-callout-1')!.firstElementChild).toBe(targets[0]);
    expect(targets.map((t) => calloutAt(t, svg))).toEqual(['1', '2', '3']);
  });

  it('sizes each target to the pixels asked at the drawing’s scale, never under the drawing’s own circle', () => {
    const svg = drawingElement(SVG.replace('cx="5" cy="5"', 'cx="200" cy="150"'), 'd1-', 'x');
    const radii = () => [...svg.querySelectorAll(`circle.${CALLOUT_TARGET_CLASS}`)].map((t) => t.getAttribute('r'));
    expect(radii()).toEqual(['11', '11']);
    // jsdom lays nothing out: the drawing's 400 units are 200 px wide on screen here, half a unit a pixel.
    Object.defineProperty(svg, 'viewBox', { value: { baseVal: { width: 400 } } });
    svg.getBoundingClientRect = () => ({ width: 200 }) as DOMRect;
    sizeCalloutTargets(svg, 44);
    expect(radii()).toEqual(['44', '44']);
    sizeCalloutTargets(svg, 8);
    expect(radii()).toEqual(['11', '11']);
  });

  it('refuses a text that is not an SVG document', () => {
    expect(() => drawingElement('<html xmlns="http://www.w3.org/1999/xhtml"></html>', 'd1-', 'x')).toThrow(/not an SVG/);
  });
});

describe('the callouts on a drawing', () => {
  const names = new Map([
    ['1', 'Compressor'],
    ['2', 'Start relay'],
  ]);

  it('finds each number by its data-ref', () => {
    expect([...calloutElements(drawingElement(SVG, 'd1-', 'x')).keys()]).toEqual(['1', '2']);
  });

  it('are named toggle buttons, the chosen one pressed and the only tab stop, its group marked', () => {
    const svg = drawingElement(SVG, 'd1-', 'x');
    const callouts = calloutElements(svg);
    markCallouts(callouts, names, null);
    const [one, two] = [callouts.get('1')!, callouts.get('2')!];
    expect(one.getAttribute('role')).toBe('button');
    expect(one.getAttribute('aria-label')).toBe('Callout 1: Compressor');
    expect([one.getAttribute('tabindex'), two.getAttribute('tabindex')]).toEqual(['0', '-1']);
    expect(one.getAttribute('aria-pressed')).toBe('false');

    markCallouts(callouts, names, '2');
    expect([one.getAttribute('aria-pressed'), two.getAttribute('aria-pressed')]).toEqual(['false', 'true']);
    expect([one.getAttribute('tabindex'), two.getAttribute('tabindex')]).toEqual(['-1', '0']);
    expect(svg.querySelector('#d1-callout-2')!.hasAttribute('data-callout-chosen')).toBe(true);
    expect(svg.querySelector('#d1-callout-1')!.hasAttribute('data-callout-chosen')).toBe(false);
  });

  it('are chosen by a click on the number or on anything of its own group (its circle), not elsewhere', () => {
    const svg = drawingElement(SVG, 'd1-', 'x');
    expect(calloutAt(svg.querySelector('[data-ref="2"]'), svg)).toBe('2');
    expect(calloutAt(svg.querySelector('#d1-callout-1 circle'), svg)).toBe('1');
    expect(calloutAt(svg.querySelector('rect'), svg)).toBeNull();
    expect(calloutAt(svg, svg)).toBeNull();
  });
});
