/** The attribute of a loading card's picture place in the catalogue; its value is the class of a card's picture. */
export const EARLY_PICTURE_ATTRIBUTE = 'data-early-picture';

const imageOf = (hit: unknown): string | null => {
  const image = (hit as { image?: unknown } | null)?.image;
  return typeof image === 'string' && image.length > 0 ? image : null;
};

/**
 * Puts the first hits' pictures into the catalogue's loading cards (ToolCatalog's skeleton), from
 * the early script's answer to the search, before the app has run: the page's largest paint, the
 * first card's picture, no longer waits for the app's scripts (decision 0053). Each is the
 * picture its card will show, at the same size; the card that replaces it names it (alt="" here).
 * False when the page has no such place (not parsed yet, or the app has already rendered the hits);
 * otherwise a promise that settles when the pictures have loaded (or failed), for the early script
 * to hold the app's download until then: the largest paint then comes before the app's scripts are
 * asked for, not sharing the line with them (decision 0053).
 */
export function paintFirstPictures(body: unknown): false | Promise<unknown> {
  const places = [...document.querySelectorAll(`[${EARLY_PICTURE_ATTRIBUTE}]`)];
  if (places.length === 0) return false;
  const hits = (body as { hits?: unknown } | null)?.hits;
  if (!Array.isArray(hits)) return Promise.resolve();
  const loads: Promise<void>[] = [];
  places.forEach((place, i) => {
    const src = imageOf(hits[i]);
    if (!src) return;
    const img = document.createElement('img');
    img.className = place.getAttribute(EARLY_PICTURE_ATTRIBUTE) ?? '';
    img.src = src;
    img.alt = '';
    img.width = 600;
    img.height = 450;
    if (i === 0) img.setAttribute('fetchpriority', 'high');
    place.replaceChildren(img);
    loads.push(loadedOrFailed(img));
  });
  return Promise.all(loads);
}

const loadedOrFailed = (img: HTMLImageElement): Promise<void> =>
  new Promise((resolve) => {
    if (img.complete) return resolve();
    img.addEventListener('load', () => resolve(), { once: true });
    img.addEventListener('error', () => resolve(), { once: true });
  });
