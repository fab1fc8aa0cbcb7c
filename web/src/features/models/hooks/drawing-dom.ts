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
  return document.importNode(root, true) as unknown as SVGSVGElement;
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
