import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ModelSummary } from '@fridgeparts/common/models/appliance-model.answers';
import { APPLIANCE_TYPES, applianceTypeLabel, isModelQuery, MODEL_QUERY_MIN, modelKeyOf } from '@fridgeparts/common/models/model-basics';
import { Button } from '../../../components/button';
import { ErrorRetry } from '../../../components/error-retry';
import { LoadMore } from '../../../components/table';
import { Field, fieldControlClass } from '../../../components/form/field';
import ui from '../../../components/ui.module.css';
import { visuallyHidden } from '../../../components/visually-hidden';
import { countOf } from '../../../lib/domain/plural';
import { paths } from '../../../lib/infra/paths';
import { useHydrated } from '../../../lib/infra/use-hydrated';
import { useSearchParamText } from '../../../lib/infra/use-search-param-text';
import { useModelBrowse, useModelSearch } from '../api/use-models';
import { TagHelp } from './tag-help';
import css from './model-finder.module.css';

/** A model in a list: its number (the link), brand, kind and title. */
function ModelList({ models, testId }: { models: ModelSummary[]; testId: string }) {
  return (
    <ul className={css.models} data-testid={testId}>
      {models.map((m) => (
        <li key={m.modelKey} className={css.model}>
          <Link to={paths.applianceModel(m.modelKey)} className={css.modelLink}>
            <span className={css.mono}>{m.modelNumber}</span>
            <span className={css.brand}>{m.brand}</span>
          </Link>
          <span className={css.modelDetail}>
            {applianceTypeLabel(m.applianceType)} · {m.title}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Three grey lines where a list is loading, the height of three models. */
function ListSkeleton({ label }: { label: string }) {
  return (
    <div className={css.skeletonList} role="progressbar" aria-busy="true" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${ui.skeleton} ${css.skeletonModel}`} />
      ))}
    </div>
  );
}

/**
 * The search by model number: as the technician types (or on Enter), the models whose number starts
 * with or contains it (GET /models?q=), however it is typed (spaces, dashes, lower case). Below 3
 * letters or digits it says so instead of asking. The search is in the URL (?q=), so it can be
 * shared and is there again after Back. A plain GET form underneath: the prerendered page searches
 * before the app runs, and text typed meanwhile is kept.
 */
function ModelSearch() {
  const navigate = useNavigate();
  const { text, setText, settled, inUrl: urlQ } = useSearchParamText('q', 250);
  // While a prerendered page hydrates it shows no search, as prerendered (the address's query comes
  // on the render after: decision 0067); the search is asked from the start.
  const hydrated = useHydrated();
  const typed = hydrated ? settled : '';
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useModelSearch(settled);
  const { models } = search;
  // Typed before the app ran: the text is the search. Otherwise the field shows the search in the
  // address (the prerendered page has none in its HTML).
  useEffect(() => {
    const input = inputRef.current;
    if (input?.value && input.value !== urlQ) setText(input.value);
    else if (input && input.value !== urlQ) input.value = urlQ;
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Enter with the exact number typed opens its model at once.
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = modelKeyOf(text.trim());
    const exact = models.find((m) => m.modelKey === key);
    if (exact && typed === text.trim()) navigate(paths.applianceModel(exact.modelKey));
  };

  const short = text.trim() !== '' && !isModelQuery(text);
  let results: ReactNode = null;
  if (!typed) results = null;
  else if (!isModelQuery(typed)) results = null;
  else if (search.error) results = <ErrorRetry message={`The models could not be searched. ${search.error.message}`} onRetry={search.retry} />;
  else if (search.loading) results = <ListSkeleton label="Searching the models" />;
  else if (models.length === 0)
    results = (
      <p className={css.empty} data-testid="model-search-empty">
        No model number starts with or contains “{typed}”. Check the tag (O and 0, I and 1 are easily mixed up), or browse by brand and type below.
      </p>
    );
  else
    results = (
      <>
        {/* While the next answer is on its way the list shown is the last one: its count is not this search's. */}
        <p className={css.count}>{search.updating ? `Searching for “${typed}”…` : `${countOf(models.length, 'model')} for “${typed}”`}</p>
        <ModelList models={models} testId="model-search-results" />
      </>
    );

  return (
    <section aria-labelledby="model-search-title" className={css.block}>
      <h2 id="model-search-title" className={css.blockTitle}>
        Search by model number
      </h2>
      <form role="search" action={paths.applianceModels} method="get" className={css.searchForm} onSubmit={submit}>
        <Field
          id="model-number"
          label="Model number"
          invalid={short}
          live
          message={
            short
              ? `Type at least ${MODEL_QUERY_MIN} letters or digits of the model number.`
              : 'As printed on the tag: spaces, dashes and lower case are all fine.'
          }
        >
          <input
            ref={inputRef}
            id="model-number"
            name="q"
            type="search"
            className={fieldControlClass}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. NRT-18F2W"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            aria-describedby="model-number-message"
            enterKeyHint="search"
          />
        </Field>
        <Button type="submit" className={css.searchButton}>
          Find
        </Button>
      </form>
      <div className={search.updating ? css.updating : undefined} aria-busy={search.updating || undefined}>
        {results}
      </div>
      {/* What the search found, said once it is in (the list itself is not read out on every key). */}
      <p className={visuallyHidden} role="status">
        {isModelQuery(typed) && !search.loading && !search.error ? `${countOf(models.length, 'model')} found` : ''}
      </p>
    </section>
  );
}

/**
 * Browsing (GET /models?brand=&applianceType=): every model, or those of a brand and a kind of
 * appliance, a page at a time with Load more. The choice is in the URL (?type=&brand=). The brands
 * offered are every brand with models of the type chosen, with their counts (the API's `brands`).
 */
function ModelBrowse() {
  const [params, setParams] = useSearchParams();
  const browse = useModelBrowse({ brand: params.get('brand') ?? '', applianceType: params.get('type') ?? '' });
  // Shown as prerendered (all types, all brands) while the page hydrates, the address's after (decision 0067).
  const hydrated = useHydrated();
  const applianceType = hydrated ? (params.get('type') ?? '') : '';
  const brand = hydrated ? (params.get('brand') ?? '') : '';
  // The brand in the address stays choosable even when the type chosen has none of its models.
  const brands = brand && !browse.brands.some((b) => b.brand.toLowerCase() === brand.toLowerCase()) ? [...browse.brands, { brand, models: 0 }] : browse.brands;
  const choose = (next: { type?: string; brand?: string }) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v) out.set(k, v);
          else out.delete(k);
        }
        return out;
      },
      { preventScrollReset: true },
    );

  const filters = [applianceType && applianceTypeLabel(applianceType), brand].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="model-browse-title" className={css.block}>
      <h2 id="model-browse-title" className={css.blockTitle}>
        Browse by brand and type
      </h2>
      <form
        action={paths.applianceModels}
        method="get"
        className={css.browseForm}
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          choose({ type: String(form.get('type') ?? ''), brand: String(form.get('brand') ?? '') });
        }}
      >
        <Field id="model-type" label="Appliance type">
          <select id="model-type" name="type" className={fieldControlClass} value={applianceType} onChange={(e) => choose({ type: e.target.value })}>
            <option value="">All types</option>
            {APPLIANCE_TYPES.map((t) => (
              <option key={t.key} value={t.key}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="model-brand" label="Brand">
          <select
            id="model-brand"
            name="brand"
            className={fieldControlClass}
            value={brands.find((b) => b.brand.toLowerCase() === brand.toLowerCase())?.brand ?? ''}
            onChange={(e) => choose({ brand: e.target.value })}
          >
            <option value="">All brands</option>
            {brands.map((b) => (
              <option key={b.brand} value={b.brand}>
                {b.brand} ({b.models})
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" variant="outlined" className={css.searchButton}>
          Show models
        </Button>
      </form>
      {browse.error ? (
        <ErrorRetry message={`The models could not be loaded. ${browse.error.message}`} onRetry={browse.retry} />
      ) : browse.loading ? (
        <ListSkeleton label="Loading the models" />
      ) : browse.models.length === 0 ? (
        <p className={css.empty} data-testid="model-browse-empty">
          {filters ? `No models of ${filters} yet.` : 'No models are listed yet.'}
        </p>
      ) : (
        <>
          <ModelList models={browse.models} testId="model-browse-results" />
          <LoadMore paging={browse} />
        </>
      )}
    </section>
  );
}

/** Find by model (CONTRACT §12): search by number, where the number is on each kind of appliance, and browsing. */
export function ModelFinder() {
  return (
    <>
      <ModelSearch />
      <TagHelp />
      <ModelBrowse />
    </>
  );
}
