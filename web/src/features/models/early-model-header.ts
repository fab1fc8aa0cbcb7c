import type { ApplianceModel } from '@fridgeparts/common/models/appliance-model.answers';
import { applianceTypeLabel } from '@fridgeparts/common/models/model-basics';

/** The attribute of the header's place on the loading model page; its value names the header's classes. */
export const EARLY_HEADER_ATTRIBUTE = 'data-early-model-header';

/** The CSS classes of the model page's header, in the order `modelHeaderNodes` uses them. */
export interface ModelHeaderClasses {
  header: string;
  eyebrow: string;
  heading: string;
  mono: string;
  title: string;
}

const isModel = (body: unknown): body is ApplianceModel => {
  const m = body as ApplianceModel | null;
  return typeof m?.brand === 'string' && typeof m.modelNumber === 'string' && typeof m.title === 'string' && typeof m.applianceType === 'string';
};

/** The model page's header (brand and type, the number, the title) as DOM nodes: what ModelHeader (model-view.tsx) renders, built without React. */
export function modelHeaderNode(model: Pick<ApplianceModel, 'brand' | 'applianceType' | 'modelNumber' | 'title'>, classes: ModelHeaderClasses): HTMLElement {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: (Node | string)[]) => {
    const node = document.createElement(tag);
    node.className = className;
    node.append(...children);
    return node;
  };
  return el(
    'header',
    classes.header,
    el('p', classes.eyebrow, `${model.brand} · ${applianceTypeLabel(model.applianceType)}`),
    el('h1', classes.heading, `${model.brand} `, el('span', classes.mono, model.modelNumber)),
    el('p', classes.title, model.title),
  );
}

/**
 * Puts the model's header in its place on the loading page (ModelSkeleton), from the early
 * script's answer, before the app has run: the page's largest paint, the title, no longer waits
 * for the app's scripts (decision 0053). Text goes in as text, never as HTML. False when the page
 * has no such place (not parsed yet, or the app has already rendered the model).
 */
export function paintModelHeader(body: unknown): boolean {
  const place = document.querySelector(`[${EARLY_HEADER_ATTRIBUTE}]`);
  if (!place) return false;
  if (!isModel(body)) return true;
  const classes = JSON.parse(place.getAttribute(EARLY_HEADER_ATTRIBUTE)!) as ModelHeaderClasses;
  place.replaceChildren(modelHeaderNode(body, classes));
  return true;
}
