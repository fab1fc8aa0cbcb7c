import { visuallyHidden } from '../../../components/visually-hidden';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Tool } from '@fridgeparts/common/tool';
import { useToolCatalog, type CatalogOrder } from '../api/use-tool-catalog';
import { useHydrated } from '../../../lib/use-hydrated';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { ErrorRetry } from '../../../components/error-retry';
import { Button } from '../../../components/button';
import ui from '../../../components/ui.module.css';
import css from './tool-catalog.module.css';
import { ToolCard } from './tool-card';

/** Best match orders a search's hits by relevance (GET /tools?q= without sort); it is offered while searching. */
const SORTS: { value: CatalogOrder; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
];

// Type-only import of common/tool: its schemas (and zod) stay out of the catalogue's first load.
const isSort = (v: string | null): v is CatalogOrder => SORTS.some((s) => s.value === v);

/**
 * The whole catalogue: search by part number, name or description, sort, and server-side pages
 * loaded with "Load more". Search and sort live in the URL (?q=&sort=), so a search can be
 * bookmarked, shared and reached again with Back. Plain markup and CSS like the home page: the
 * catalogue is a public landing page, so its first load stays small.
 * `cardAction` adds to each card (the cart's Add to cart, passed in by the page: features do not
 * import each other).
 */
export function ToolCatalog({ cardAction }: { cardAction?: (tool: Tool) => ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 300);
  const urlQ = params.get('q') ?? '';
  // The order when none is chosen: best match for a search, newest first for the whole catalogue.
  const defaultSort: CatalogOrder = urlQ ? 'relevance' : 'newest';
  const sortParam = params.get('sort');
  const sort: CatalogOrder = isSort(sortParam) && (sortParam !== 'relevance' || urlQ) ? sortParam : defaultSort;
  // The typed search reaches the URL once it settles (replace: typing is not history).
  useEffect(() => {
    if (q === urlQ) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, urlQ, setParams]);
  // Back/forward to another search shows it in the field.
  useEffect(() => setSearch((current) => (current.trim() === urlQ ? current : urlQ)), [urlQ]);
  const setSort = (value: CatalogOrder) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value === defaultSort) next.delete('sort');
      else next.set('sort', value);
      return next;
    });
  // The prerendered fields wait for the app: text typed before hydration would be lost.
  const hydrated = useHydrated();
  const { tools, loading, loadingMore, error, hasMore, loadMore, retry } = useToolCatalog(q, sort);

  return (
    <div>
      <form role="search" className={css.controls} onSubmit={(e) => e.preventDefault()}>
        <label className={css.field}>
          <span className={css.label}>Search by part number, name or description</span>
          <input className={css.input} type="search" disabled={!hydrated} value={search} onChange={(e) => setSearch(e.target.value)} maxLength={60} />
        </label>
        <label className={`${css.field} ${css.sortField}`}>
          <span className={css.label}>Sort by</span>
          <select className={css.input} disabled={!hydrated} value={sort} onChange={(e) => setSort(e.target.value as CatalogOrder)}>
            {SORTS.filter((s) => s.value !== 'relevance' || urlQ).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <div aria-live="polite" style={visuallyHidden}>
        {loading ? 'Loading tools' : `${tools.length} tools shown${hasMore ? ', more available' : ''}`}
      </div>
      {error && tools.length === 0 ? (
        <ErrorRetry message={`The tools could not be loaded. ${error.message}`} onRetry={retry} />
      ) : loading ? (
        <div className={ui.grid3} aria-busy="true" aria-label="Loading tools">
          {[0, 1, 2].map((i) => (
            // About a card's height; the cart's quantity and button under Purchase Now make a card taller.
            <div key={i} className={ui.skeleton} style={{ height: cardAction ? 640 : 520 }} />
          ))}
        </div>
      ) : tools.length === 0 ? (
        <div className={css.empty}>
          <p className={ui.muted} data-testid="catalog-empty" style={{ margin: 0 }}>
            {q ? `No tools match "${q}". Try another part number or name, or clear the search.` : 'No tools are listed yet. Please check back soon.'}
          </p>
          {q && (
            <Button variant="outlined" onClick={() => setSearch('')}>
              Clear search
            </Button>
          )}
        </div>
      ) : (
        <>
          <div className={ui.grid3} data-testid="catalog-grid">
            {tools.map((tool, i) => (
              <ToolCard key={tool._id} tool={tool} eager={i < 3} action={cardAction?.(tool)} />
            ))}
          </div>
          {error && <ErrorRetry className={css.alertBelow} message={`More tools could not be loaded. ${error.message}`} onRetry={retry} />}
          {hasMore && !error && (
            <div className={css.more}>
              <Button variant="outlined" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
