import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApplianceModel, ModelSection, ModelSummary } from '@fridgeparts/common/models/appliance-model.answers';
import { applianceTypeLabel } from '@fridgeparts/common/models/model-basics';
import { ErrorRetry } from '../../../components/error-retry';
import { buttonClass } from '../../../components/button';
import ui from '../../../components/ui.module.css';
import { countOf } from '../../../lib/domain/plural';
import { paths } from '../../../lib/infra/paths';
import { usePageTitle } from '../../../lib/infra/use-page-title';
import { sectionOf } from '../api/model-paths';
import { useApplianceModel } from '../api/use-models';
import { CalloutParts, calloutName, calloutRowId } from './callout-parts';
import { ModelDrawing } from './model-drawing';
import css from './model-view.module.css';
import { EARLY_HEADER_ATTRIBUTE, type ModelHeaderClasses } from '../early-model-header';

/**
 * One section: its drawing beside its parts list (stacked on a phone), the chosen callout shared
 * by both. Choosing a number on the drawing marks its row and scrolls it into view; choosing a row
 * lights up its number on the drawing.
 */
function SectionView({ section, firstCallout }: { section: ModelSection; firstCallout: string | null }) {
  const [selected, setSelected] = useState<string | null>(firstCallout);
  const names = useMemo(() => new Map(section.callouts.map((c) => [c.ref, calloutName(c)])), [section]);
  const chooseOnDrawing = (ref: string) => {
    setSelected(ref);
    document.getElementById(calloutRowId(section.id, ref))?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const chooseRow = (ref: string, showOnDrawing: boolean) => {
    setSelected(ref);
    if (showOnDrawing) document.getElementById(`drawing-${section.id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };
  const chosen = section.callouts.find((c) => c.ref === selected);
  return (
    <section aria-labelledby={`section-${section.id}`} className={css.section}>
      <h2 id={`section-${section.id}`} className={css.sectionTitle}>
        {section.name}
      </h2>
      <div className={css.layout}>
        <div id={`drawing-${section.id}`} className={css.drawingColumn}>
          <ModelDrawing path={section.diagram} sectionName={section.name} names={names} selected={selected} onSelect={chooseOnDrawing} />
        </div>
        <div className={css.partsColumn}>
          <p className={css.chosenLine} aria-live="polite" data-testid="chosen-callout">
            {chosen ? `Callout ${chosen.ref}: ${calloutName(chosen)}` : `${countOf(section.callouts.length, 'part')} on this drawing`}
          </p>
          <CalloutParts sectionId={section.id} sectionName={section.name} callouts={section.callouts} selected={selected} onSelect={chooseRow} />
        </div>
      </div>
    </section>
  );
}

/** The model's sections as links (?section=), the one shown marked: each is an address of its own, to share or come back to. */
function SectionLinks({ model, current }: { model: ApplianceModel; current: ModelSection }) {
  const listRef = useRef<HTMLUListElement>(null);
  // On a phone the row of links scrolls sideways: the current one is brought into it (not the page).
  // The first link is always in view. Another is measured after the browser's next layout, not in
  // the task that renders the page: measuring there would force a layout of the whole page into
  // that task (about 40 ms on a phone), where the browser lays it out in its own.
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector('[aria-current="page"]');
    if (!list || !link || link === list.querySelector('a')) return;
    const frame = requestAnimationFrame(() => {
      const [l, b] = [link.getBoundingClientRect(), list.getBoundingClientRect()];
      if (l.left < b.left || l.right > b.right) list.scrollLeft += l.left - b.left - 16;
    });
    return () => cancelAnimationFrame(frame);
  }, [current.id]);
  return (
    <nav aria-label="Sections of this model" className={css.sections}>
      <ul ref={listRef}>
        {model.sections.map((s) => (
          <li key={s.id}>
            <Link
              to={paths.applianceModel(model.modelKey, { section: s.id })}
              replace
              preventScrollReset
              className={s.id === current.id ? `${css.sectionLink} ${css.current}` : css.sectionLink}
              aria-current={s.id === current.id ? 'page' : undefined}
            >
              {s.name} <span className={css.count}>({s.callouts.length})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The page a model number leads to when no model has it: what was asked and the nearest models. */
function NoSuchModel({ modelKey, suggestions }: { modelKey: string; suggestions: ModelSummary[] }) {
  return (
    <div className={css.missing}>
      <h1 className={ui.pageTitle}>There is no model {modelKey}</h1>
      {suggestions.length > 0 ? (
        <>
          <p>Models with the nearest numbers:</p>
          <ul className={css.suggestions} data-testid="model-suggestions">
            {suggestions.map((m) => (
              <li key={m.modelKey}>
                <Link to={paths.applianceModel(m.modelKey)}>
                  <span className={css.mono}>{m.modelNumber}</span> {m.brand} {applianceTypeLabel(m.applianceType).toLowerCase()}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={ui.muted}>Check the number on the appliance's tag: O and 0, I and 1 are easily mixed up.</p>
      )}
      <Link to={paths.applianceModels} className={buttonClass({ variant: 'outlined' })}>
        Find by model
      </Link>
    </div>
  );
}

const HEADER_CLASSES: ModelHeaderClasses = { header: css.header, eyebrow: css.eyebrow, heading: css.heading, mono: css.mono, title: css.title };

/**
 * Brand and appliance type, the model number, the title. The early script builds the same header
 * without React (early-model-header.ts; early.test.tsx holds the two equal).
 */
export function ModelHeader({ model }: { model: Pick<ApplianceModel, 'brand' | 'applianceType' | 'modelNumber' | 'title'> }) {
  return (
    <header className={HEADER_CLASSES.header}>
      <p className={HEADER_CLASSES.eyebrow}>
        {model.brand} · {applianceTypeLabel(model.applianceType)}
      </p>
      <h1 className={HEADER_CLASSES.heading}>
        {model.brand} <span className={HEADER_CLASSES.mono}>{model.modelNumber}</span>
      </h1>
      <p className={HEADER_CLASSES.title}>{model.title}</p>
    </header>
  );
}

/** The header's skeleton bars, as HTML: the early script replaces them with the model's header. */
const SKELETON_HEADER = [css.skeletonEyebrow, css.skeletonHeading, css.skeletonTitle].map((c) => `<div class="${ui.skeleton} ${c}"></div>`).join('');

/**
 * What the page looks like while the model loads: the same boxes as the page, so nothing moves when
 * it arrives. The header's place is not React's to fill (dangerouslySetInnerHTML): on a page
 * opened at its address, the early script (web/src/early.ts) puts the model's header there as soon
 * as the model's answer is in, before the app has run, and hydration keeps what it wrote. Its
 * height is the bars', whatever it holds, so nothing below moves either.
 */
function ModelSkeleton() {
  return (
    <div role="progressbar" aria-busy="true" aria-label="Loading the model">
      <div
        className={css.skeletonHeader}
        {...{ [EARLY_HEADER_ATTRIBUTE]: JSON.stringify(HEADER_CLASSES) }}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: SKELETON_HEADER }}
      />
      <div className={`${ui.skeleton} ${css.skeletonSections}`} />
      <div className={`${ui.skeleton} ${css.skeletonSectionTitle}`} />
      <div className={css.layout}>
        <div className={`${ui.skeleton} ${css.skeletonDrawing}`} />
        <div className={`${ui.skeleton} ${css.skeletonParts}`} />
      </div>
    </div>
  );
}

/**
 * The model page (CONTRACT §12): brand, model number and title; its sections as links; the chosen
 * section's drawing beside its parts list. `?section=` picks the section (the first by default),
 * `?callout=` the callout chosen when it opens (the tool page's "Fits N models" links say both).
 */
export function ModelView({ modelKey }: { modelKey: string }) {
  const [params] = useSearchParams();
  const query = useApplianceModel(modelKey);
  // The model's answer renders in a deferred pass, which React works through in slices that yield
  // to the browser, rather than in the one long task a query's update would take (Total Blocking
  // Time); the page shows its loading state meanwhile.
  const data = useDeferredValue(query.data);
  const { error, refetch } = query;
  const isPending = data === undefined;
  const model = data?.found ? data.model : undefined;
  const section = model ? sectionOf(model, params.get('section')) : undefined;
  usePageTitle(
    model
      ? `${model.brand} ${model.modelNumber}${section && model.sections.length > 1 ? `: ${section.name}` : ''}`
      : data
        ? `No model ${modelKey}`
        : 'Appliance model',
  );

  return (
    <div className={`${ui.container} ${css.page}`}>
      <Link to={paths.applianceModels} className={css.back}>
        <span aria-hidden="true">← </span>
        Find by model
      </Link>
      {error && !data ? (
        <ErrorRetry message={`This model could not be loaded. ${error.message}`} onRetry={() => void refetch()} />
      ) : isPending ? (
        <ModelSkeleton />
      ) : !model ? (
        <NoSuchModel modelKey={modelKey} suggestions={data?.found === false ? data.suggestions : []} />
      ) : (
        <>
          <ModelHeader model={model} />
          {section && (
            <>
              <SectionLinks model={model} current={section} />
              <SectionView key={section.id} section={section} firstCallout={section.id === params.get('section') ? params.get('callout') : null} />
            </>
          )}
        </>
      )}
    </div>
  );
}
