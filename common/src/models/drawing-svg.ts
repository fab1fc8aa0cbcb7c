/**
 * The drawings of appliance models (CONTRACT §12): SVG text an admin imports and the shop serves,
 * and the web page later places inline so its callout numbers become controls. Whatever is stored
 * must be safe in both places, so a drawing is read here as strict XML over an allow-list of
 * drawing elements: no scripts, no foreignObject (HTML inside SVG), no event-handler attributes, no
 * link or load that leaves the document (href other than `#id`, CSS `url()` other than `#id`,
 * `@import`), no DOCTYPE or entities (the "billion laughs"), no CDATA. No dependency, so the web
 * can check a file before it is sent.
 */

/** The largest drawing stored, in UTF-8 bytes: a detailed hand-drawn assembly is 10-60 KB. */
export const DRAWING_MAX_BYTES = 200 * 1024;

/** Elements a line drawing with numbered callouts needs; anything else (script, image, a, iframe...) is refused. */
const DRAWING_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'marker',
  'clipPath',
  'mask',
  'pattern',
  'linearGradient',
  'radialGradient',
  'stop',
  'style',
]);

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const NAME = '[A-Za-z_][\\w.:-]*';
/** One tag: `<name attrs>`, `<name attrs/>` or `</name>`; attribute values quoted, as XML requires. */
const TAG = new RegExp(`<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`, 'y');
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');
const COMMENT = /<!--[\s\S]*?-->/y;
const XML_DECLARATION = /^\s*<\?xml\s[^?]*\?>/;
/** The five XML entities and character references: anything else names an entity no drawing defines. */
const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/;
/** A reference leaving the drawing: only `#id` stays inside it. */
const SAFE_HREF = /^\s*#[\w.:-]+\s*$/;
const EXTERNAL_CSS = /url\(\s*['"]?\s*(?!#)|@import|expression\s*\(/i;
const SCRIPT_URL = /(?:java|vb)script\s*:|data\s*:/i;

export type DrawingCheck = { ok: true; refs: Set<string> } | { ok: false; problem: string };

/** The default namespace an element's attributes declare (its `xmlns`), or null. */
function namespaceOf(attributes: string): string | null {
  for (const [, attr, double, single] of attributes.matchAll(ATTRIBUTE)) if (attr === 'xmlns') return (double ?? single ?? '').trim();
  return null;
}

/** Bytes of the text in UTF-8 (common has neither the DOM's nor Node's encoder in its types). */
function utf8Length(text: string): number {
  if (text.length > DRAWING_MAX_BYTES) return text.length;
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const refuse = (problem: string): DrawingCheck => ({ ok: false, problem });

/**
 * Checks one drawing: UTF-8 size, well-formed XML with one `<svg>` root in the SVG namespace, only
 * drawing elements, no unsafe attribute or text. On success answers the values of its `data-ref`
 * attributes: the callout numbers placed on it (each callout's number must be one of them).
 */
export function checkDrawingSvg(svg: string): DrawingCheck {
  if (utf8Length(svg) > DRAWING_MAX_BYTES) return refuse(`is larger than ${DRAWING_MAX_BYTES / 1024} KB`);
  const declaration = XML_DECLARATION.exec(svg);
  const refs = new Set<string>();
  const open: string[] = [];
  let roots = 0;
  let at = declaration ? declaration[0].length : 0;
  while (at < svg.length) {
    const lt = svg.indexOf('<', at);
    const text = svg.slice(at, lt === -1 ? svg.length : lt);
    if (ENTITY.test(text)) return refuse('uses an entity other than &amp; &lt; &gt; &quot; &apos; or a character reference');
    if (open.length === 0 && text.trim() !== '') return refuse('has text outside its <svg> element');
    if (open.at(-1) === 'style' && EXTERNAL_CSS.test(text)) return refuse('has a style that loads something from outside the drawing (url(), @import)');
    if (lt === -1) break;
    COMMENT.lastIndex = lt;
    if (COMMENT.test(svg)) {
      at = COMMENT.lastIndex;
      continue;
    }
    if (svg.startsWith('<!', lt)) return refuse('has a DOCTYPE, entity declaration or CDATA section, which a drawing may not have');
    if (svg.startsWith('<?', lt)) return refuse('has a processing instruction, which a drawing may not have');
    TAG.lastIndex = lt;
    const tag = TAG.exec(svg);
    if (!tag) return refuse(`is not well-formed SVG near character ${lt + 1}`);
    at = TAG.lastIndex;
    const [, closing, name, attributes, selfClosing] = tag as unknown as [string, string, string, string, string];
    if (closing) {
      if (attributes.trim() !== '' || selfClosing) return refuse(`is not well-formed SVG: </${name}> has attributes`);
      if (open.pop() !== name) return refuse(`is not well-formed SVG: </${name}> closes an element that is not open`);
      continue;
    }
    if (!DRAWING_ELEMENTS.has(name)) {
      const what = name === 'script' ? 'a script' : name === 'foreignObject' ? 'a foreignObject' : `a <${name}> element`;
      return refuse(`has ${what}, which a drawing may not have`);
    }
    if (open.length === 0) {
      roots++;
      if (roots > 1 || name !== 'svg') return refuse('must have one <svg> element around everything');
    }
    const seen = new Set<string>();
    for (const [, attr, double, single] of attributes.matchAll(ATTRIBUTE) as IterableIterator<[string, string, string | undefined, string | undefined]>) {
      const value = double ?? single ?? '';
      if (seen.has(attr)) return refuse(`is not well-formed SVG: <${name}> has ${attr} twice`);
      seen.add(attr);
      if (/^on/i.test(attr)) return refuse(`has an event handler (${attr}), which a drawing may not have`);
      if (/(?:^|:)href$/i.test(attr) && !SAFE_HREF.test(value))
        return refuse(`has a link (${attr}="${value.slice(0, 40)}") to outside the drawing: only #id is allowed`);
      if (SCRIPT_URL.test(value)) return refuse(`has a script or data address in ${attr}`);
      if (EXTERNAL_CSS.test(value)) return refuse(`has a style that loads something from outside the drawing (${attr})`);
      if (ENTITY.test(value)) return refuse(`uses an entity other than &amp; &lt; &gt; &quot; &apos; in ${attr}`);
      if (attr === 'data-ref') refs.add(value.trim());
    }
    if (open.length === 0 && namespaceOf(attributes) !== SVG_NAMESPACE) return refuse(`must declare xmlns="${SVG_NAMESPACE}" on its <svg> element`);
    if (!selfClosing) open.push(name);
  }
  if (roots === 0) return refuse('has no <svg> element');
  if (open.length > 0) return refuse(`is not well-formed SVG: <${open.at(-1)}> is never closed`);
  return { ok: true, refs };
}
