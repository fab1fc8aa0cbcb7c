import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApplianceModel, ModelSection, ModelSummary } from '@fridgeparts/common/models/appliance-model';
import { applianceTypeLabel } from '@fridgeparts/common/models/model-basics';
import { ErrorRetry } from '../../../components/error-retry';
import { buttonClass } from '../../../components/button';
import ui from '../../../components/ui.module.css';
import { countOf } from '../../../lib/plural';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { sectionOf } from '../api/model-paths';
import { useApplianceModel } from '../api/use-models';
import { CalloutParts, calloutName, calloutRowId } from './callout-parts';
import { ModelDrawing } from './model-drawing';
import css from './model-view.module.css';

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
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector('[aria-current="page"]');
    if (!list || !link) return;
    const [l, b] = [link.getBoundingClientRect(), list.getBoundingClientRect()];
    if (l.left < b.left || l.right > b.right) list.scrollLeft += l.left - b.left - 16;
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

/** What the page looks like while the model loads: the same boxes as the page, so nothing moves when it arrives. */
function ModelSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the model">
      <div className={`${ui.skeleton} ${css.skeletonEyebrow}`} />
      <div className={`${ui.skeleton} ${css.skeletonHeading}`} />
      <div className={`${ui.skeleton} ${css.skeletonTitle}`} />
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
  const { data, error, isPending, refetch } = useApplianceModel(modelKey);
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
          <header className={css.header}>
            <p className={css.eyebrow}>
              {model.brand} · {applianceTypeLabel(model.applianceType)}
            </p>
            <h1 className={css.heading}>
              {model.brand} <span className={css.mono}>{model.modelNumber}</span>
            </h1>
            <p className={css.title}>{model.title}</p>
          </header>
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
