import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorRetry } from '../../../components/error-retry';
import ui from '../../../components/ui.module.css';
import { useDrawing } from '../api/use-models';
import { calloutAt, calloutElements, drawingElement, markCallouts, sizeCalloutTargets } from '../hooks/drawing-dom';
import css from './model-drawing.module.css';

/** The zoom steps of the drawing's frame: on a phone the numbers are small, so the drawing can be enlarged and moved in its frame. */
export const ZOOM_STEPS = [1, 1.5, 2, 3] as const;

export interface ModelDrawingProps {
  /** The drawing's address (the section's `diagram`). */
  path: string;
  sectionName: string;
  /** Each callout's ref and what it is ("Defrost timer"), for the controls' names. */
  names: ReadonlyMap<string, string>;
  selected: string | null;
  onSelect: (ref: string) => void;
}

/**
 * A section's drawing inline, each callout number a toggle button (CONTRACT §12): a click or tap on
 * the number or its circle, or Enter or Space on it, chooses it; the arrow keys (and Home, End) move
 * between the numbers, one tab stop for the whole drawing. The chosen one is lit up and kept in view
 * in the frame. Zoom buttons enlarge the drawing inside its frame, which then scrolls (a finger pans
 * it). The frame keeps its shape from the first paint, so nothing below moves when the drawing arrives.
 */
export function ModelDrawing({ path, sectionName, names, selected, onSelect }: ModelDrawingProps) {
  const { data: svg, error, isPending, refetch } = useDrawing(path);
  const hostRef = useRef<HTMLDivElement>(null);
  const callouts = useRef<Map<string, SVGElement>>(new Map());
  const idPrefix = `d${useId().replace(/[^\w-]/g, '')}-`;
  const [zoom, setZoom] = useState(0);
  // The drawing text last placed, and whether it could be.
  const [placement, setPlacement] = useState<{ svg: string; ok: boolean } | null>(null);
  const placed = placement?.ok ? placement.svg : null;
  const label = `Drawing of ${sectionName}`;

  // The drawing's elements are the page's own from here on: placed once per drawing, outside React's tree.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host || !svg) return;
    try {
      const element = drawingElement(svg, idPrefix, label);
      host.replaceChildren(element);
      callouts.current = calloutElements(element);
      setPlacement({ svg, ok: true });
    } catch {
      host.replaceChildren();
      callouts.current = new Map();
      setPlacement({ svg, ok: false });
    }
  }, [svg, idPrefix, label]);

  useLayoutEffect(() => {
    if (placed) markCallouts(callouts.current, names, selected);
  }, [placed, names, selected]);

  // Each callout's target at least 24 px across, 44 px on a touch screen, at whatever width the
  // drawing is drawn (the window, the zoom): sized again whenever that width changes.
  useEffect(() => {
    const svg = hostRef.current?.firstElementChild;
    if (!placed || !(svg instanceof SVGSVGElement) || typeof ResizeObserver === 'undefined') return;
    const coarse = window.matchMedia?.('(pointer: coarse)');
    const size = () => sizeCalloutTargets(svg, coarse?.matches ? 44 : 24);
    const observer = new ResizeObserver(size);
    observer.observe(svg);
    coarse?.addEventListener?.('change', size);
    return () => {
      observer.disconnect();
      coarse?.removeEventListener?.('change', size);
    };
  }, [placed]);

  // The chosen callout in view inside the frame (zoomed, it may be outside it), without moving the page.
  useEffect(() => {
    const el = selected ? callouts.current.get(selected) : undefined;
    const frame = hostRef.current?.parentElement;
    if (!el || !frame || typeof el.getBoundingClientRect !== 'function') return;
    const box = el.getBoundingClientRect();
    const view = frame.getBoundingClientRect();
    if (box.left < view.left || box.right > view.right) frame.scrollLeft += box.left - view.left - (view.width - box.width) / 2;
    if (box.top < view.top || box.bottom > view.bottom) frame.scrollTop += box.top - view.top - (view.height - box.height) / 2;
  }, [selected, placed, zoom]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const ref = e.target instanceof Element ? e.target.getAttribute('data-ref')?.trim() : undefined;
    if (!ref) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(ref);
      return;
    }
    const refs = [...callouts.current.keys()];
    const at = refs.indexOf(ref);
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? refs[(at + 1) % refs.length]
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? refs[(at - 1 + refs.length) % refs.length]
          : e.key === 'Home'
            ? refs[0]
            : e.key === 'End'
              ? refs.at(-1)
              : undefined;
    if (next === undefined) return;
    e.preventDefault();
    for (const [r, el] of callouts.current) el.setAttribute('tabindex', r === next ? '0' : '-1');
    callouts.current.get(next)?.focus();
  };

  const failed = (svg ? null : error) ?? (placement && placement.svg === svg && !placement.ok ? new Error('It is not a drawing this page can read.') : null);
  const zoomText = useMemo(() => `${Math.round(ZOOM_STEPS[zoom]! * 100)}%`, [zoom]);
  return (
    <figure className={css.figure}>
      <div className={css.frame} data-testid="model-drawing">
        <div
          ref={hostRef}
          className={css.drawing}
          style={{ width: `${ZOOM_STEPS[zoom]! * 100}%` }}
          onClick={(e) => {
            const ref = calloutAt(e.target, e.currentTarget);
            if (ref) onSelect(ref);
          }}
          onKeyDown={onKeyDown}
        />
        {isPending && (
          <div className={`${ui.skeleton} ${css.placeholder}`} role="progressbar" aria-busy="true" aria-label={`Loading the drawing of ${sectionName}`} />
        )}
        {failed && !isPending && (
          <div className={css.placeholder}>
            <ErrorRetry message={`The drawing could not be shown. ${failed.message}`} onRetry={() => void refetch()} />
          </div>
        )}
      </div>
      <figcaption className={css.caption}>
        <span className={css.hint}>Choose a number on the drawing to find its part in the list.</span>
        <span className={css.zoom} role="group" aria-label="Zoom the drawing">
          <Button variant="outlined" size="small" aria-label="Zoom out" disabled={zoom === 0} onClick={() => setZoom((z) => Math.max(0, z - 1))}>
            −
          </Button>
          <span className={css.zoomValue} aria-live="polite">
            {zoomText}
          </span>
          <Button
            variant="outlined"
            size="small"
            aria-label="Zoom in"
            disabled={zoom === ZOOM_STEPS.length - 1}
            onClick={() => setZoom((z) => Math.min(ZOOM_STEPS.length - 1, z + 1))}
          >
            +
          </Button>
        </span>
      </figcaption>
    </figure>
  );
}
