/**
 * A section's drawing placed inline (CONTRACT §12), so the numbers on it become controls. The SVG
 * text has passed checkDrawingSvg (the import's allow-list) before it comes here; this turns it
 * into elements of the page without letting it reach anything else on the page: its ids are made
 * the page's own, its styles apply inside it, and it is a group of controls rather than a picture.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/** `#id` references in attributes and styles: href="#a", fill="url(#a)", aria-labelledby="a b". */
const URL_REFERENCE = /url\(\s*(['"]?)#([\w.:-]+)\1\s*\)/g;

/**
 * The drawing as an element of this document: parsed as XML, every id prefixed with `idPrefix` (a
 * drawing's "t" or "callout-1" would otherwise clash with the page's or another drawing's), the
 * references to them rewritten, its stylesheet scoped to it where the browser can (@scope: the
 * drawing's `.part` or `text` rules stay in the drawing), and the root a labelled group, not the
 * `img` a drawing says it is on its own: an image's children are hidden from assistive technology.
 */
export function drawingElement(svgText: string, idPrefix: string, label: string): SVGSVGElement {
  const parsed = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') throw new Error('The drawing is not an SVG document.');
  const all = [root, ...root.querySelectorAll('*')];
  const ids = new Set(all.map((el) => el.getAttribute('id')).filter((id): id is string => Boolean(id)));
  const own = (id: string) => (ids.has(id) ? `${idPrefix}${id}` : id);
  const idInText = ids.size > 0 ? new RegExp(`#(${[...ids].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`, 'g') : null;
  for (const el of all) {
    for (const attr of [...el.attributes]) {
      const { name, value } = attr;
      if (name === 'id') el.setAttribute('id', own(value));
      else if (name === 'href' || name === 'xlink:href') attr.value = value.replace(/^\s*#(.+?)\s*$/, (_, id: string) => `#${own(id)}`);
      else if (name === 'aria-labelledby' || name === 'aria-describedby') attr.value = value.split(/\s+/).map(own).join(' ');
      else if (value.includes('url(')) attr.value = value.replace(URL_REFERENCE, (_, quote: string, id: string) => `url(${quote}#${own(id)}${quote})`);
    }
    if (el.localName === 'style' && el.textContent) {
      const css = idInText ? el.textContent.replace(idInText, (_, id: string) => `#${own(id)}`) : el.textContent;
      el.textContent = 'CSSScopeRule' in globalThis ? `@scope {${css}}` : css;
    }
  }
  root.removeAttribute('aria-labelledby');
  root.removeAttribute('aria-describedby');
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', label);
  // It fills the width of its frame, which zooms it (the frame scrolls); its viewBox keeps its shape.
  root.removeAttribute('width');
  root.removeAttribute('height');
  addCalloutTargets(root);
  return document.importNode(root, true) as unknown as SVGSVGElement;
}

/** The class of the target laid under each callout's number (sizeCalloutTargets sizes it in screen pixels). */
export const CALLOUT_TARGET_CLASS = 'fp-callout-target';

/** A number, or null for a missing or unreadable attribute. */
const numberAttr = (el: Element | null | undefined, name: string): number | null => {
  const value = Number.parseFloat(el?.getAttribute(name) ?? '');
  return Number.isFinite(value) ? value : null;
};

/**
 * Gives every callout a target the page can size for a finger, and keeps every callout inside the
 * drawing (issue 43: 20 px circles at 390 px, one cut by the drawing's bottom edge).
 * - Each number gets its own group (most drawings draw it in one with its circle and leader; a bare
 *   number is wrapped), and the group a transparent circle at the number's centre, first, so it is
 *   under what the drawing draws, as large as the drawing's circle until `sizeCalloutTargets` sizes
 *   it for the screen. A click on it is a click on the group, which `calloutAt` reads as the number's.
 * - The viewBox grows to hold each callout's circle (or number) with its outline: a number drawn at
 *   the very edge, half outside, is whole. Only circles and numbers placed by attributes are
 *   measured (a transform is not followed); the import's drawings place them so.
 */
function addCalloutTargets(root: Element): void {
  const view = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const box =
    view.length === 4 && view.every(Number.isFinite) ? { left: view[0]!, top: view[1]!, right: view[0]! + view[2]!, bottom: view[1]! + view[3]! } : null;
  for (const number of root.querySelectorAll('[data-ref]')) {
    let group = number.parentElement?.closest('g');
    if (!group || !root.contains(group) || group.querySelectorAll('[data-ref]').length !== 1) {
      group = root.ownerDocument.createElementNS(SVG_NS, 'g');
      number.replaceWith(group);
      group.append(number);
    }
    const circle = group.querySelector('circle');
    const cx = numberAttr(circle, 'cx') ?? numberAttr(number, 'x');
    const cy = numberAttr(circle, 'cy') ?? numberAttr(number, 'y');
    if (cx === null || cy === null) continue;
    const target = root.ownerDocument.createElementNS(SVG_NS, 'circle');
    target.setAttribute('class', CALLOUT_TARGET_CLASS);
    target.setAttribute('cx', String(cx));
    target.setAttribute('cy', String(cy));
    const r = numberAttr(circle, 'r') ?? 6;
    target.setAttribute('r', String(r));
    target.setAttribute('data-r', String(r));
    target.setAttribute('aria-hidden', 'true');
    group.prepend(target);
    if (box) {
      // The circle with its outline (the seed's is 1.5), or a number of about 12 units across.
      const reach = r + 2;
      box.left = Math.min(box.left, cx - reach);
      box.top = Math.min(box.top, cy - reach);
      box.right = Math.max(box.right, cx + reach);
      box.bottom = Math.max(box.bottom, cy + reach);
    }
  }
  if (box) root.setAttribute('viewBox', [box.left, box.top, box.right - box.left, box.bottom - box.top].join(' '));
}

/** The elements carrying each callout's number (`data-ref`), by ref, the first of each in document order. */
export function calloutElements(svg: Element): Map<string, SVGElement> {
  const found = new Map<string, SVGElement>();
  for (const el of svg.querySelectorAll<SVGElement>('[data-ref]')) {
    const ref = el.getAttribute('data-ref')?.trim();
    if (ref && !found.has(ref)) found.set(ref, el);
  }
  return found;
}

/**
 * The callout a click or tap on the drawing chose: the number itself, or any part of a group that
 * holds exactly one number (its circle and leader line), so a finger need not hit the digits.
 */
export function calloutAt(target: EventTarget | null, svg: Element): string | null {
  if (!(target instanceof Element) || !svg.contains(target)) return null;
  const direct = target.closest('[data-ref]');
  if (direct && svg.contains(direct)) return direct.getAttribute('data-ref')?.trim() ?? null;
  for (let group = target.closest('g'); group && svg.contains(group); group = group.parentElement?.closest('g') ?? null) {
    const refs = group.querySelectorAll('[data-ref]');
    if (refs.length === 1) return refs[0]!.getAttribute('data-ref')?.trim() ?? null;
    if (refs.length > 1) return null;
  }
  return null;
}

/**
 * Makes each callout's number a named toggle button: "Callout 3: Defrost timer", pressed when
 * chosen. One of them is in the tab order (the chosen one, else the first); the arrow keys move
 * between them. Its group (circle and leader) is marked too, so the page's CSS can light it up.
 */
export function markCallouts(callouts: Map<string, SVGElement>, names: ReadonlyMap<string, string>, selected: string | null): void {
  const tabStop = selected !== null && callouts.has(selected) ? selected : (callouts.keys().next().value ?? null);
  for (const [ref, el] of callouts) {
    const name = names.get(ref);
    el.setAttribute('role', 'button');
    el.setAttribute('aria-label', name ? `Callout ${ref}: ${name}` : `Callout ${ref}`);
    el.setAttribute('aria-pressed', String(ref === selected));
    el.setAttribute('tabindex', ref === tabStop ? '0' : '-1');
    const group = el.parentElement?.closest('g');
    if (group && group.querySelectorAll('[data-ref]').length === 1) group.toggleAttribute('data-callout-chosen', ref === selected);
  }
}

/**
 * Sizes each callout's target (addCalloutTargets) to at least `minPx` screen pixels across at the
 * drawing's present scale (its width on screen over its viewBox's): 24 with a mouse (WCAG 2.5.8),
 * 44 on a touch screen (2.5.5). Never smaller than the drawing's own circle. Called again when the
 * drawing's width changes (the window, the zoom). A transparent stroke sized in screen pixels
 * (`vector-effect: non-scaling-stroke`) would need no script, but Chromium does not hit-test the
 * stroke of a circle that small.
 */
export function sizeCalloutTargets(svg: SVGSVGElement, minPx: number): void {
  const viewWidth = svg.viewBox?.baseVal?.width;
  const width = svg.getBoundingClientRect().width;
  if (!viewWidth || !width) return;
  const half = minPx / 2 / (width / viewWidth);
  for (const target of svg.querySelectorAll(`circle.${CALLOUT_TARGET_CLASS}`)) {
    const own = Number(target.getAttribute('data-r')) || 0;
    target.setAttribute('r', String(Math.max(own, Math.round(half * 100) / 100)));
  }
}
