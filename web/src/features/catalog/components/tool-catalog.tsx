import { visuallyHidden } from '../../../components/visually-hidden';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Tool } from '@fridgeparts/common/tool';
import { useCatalogueSearch, type CatalogOrder, type CatalogueQuery } from '../api/use-catalogue-search';
import { chosenOf, CATEGORY, defaultSort, filterCount, queryFromUrl, SORTS, toggleFilter, withoutFilters } from '../hooks/catalogue-url';
import { useHydrated } from '../../../lib/infra/use-hydrated';
import { useContractPrices } from '../../../lib/domain/use-contract-prices';
import { countOf } from '../../../lib/domain/plural';
import { useSearchParamText } from '../../../lib/infra/use-search-param-text';
import { ErrorRetry } from '../../../components/error-retry';
import { Button } from '../../../components/button';
import ui from '../../../components/ui.module.css';
import { Field, fieldControlClass } from '../../../components/form/field';
import css from './tool-catalog.module.css';
import { ToolCard } from './tool-card';
import cardCss from './tool-card.module.css';
import { EARLY_PICTURE_ATTRIBUTE } from '../early-pictures';
import { HitNumbers } from './hit-numbers';
import { looksLikeNumber, NearestNumbers } from './nearest-numbers';
import { FilterPanel, FilterSheet, filterLabel, filterValueText } from './catalogue-filters';

/** The catalogue as prerendered (web/prerender.mjs renders /purchaseorder without a query). */
const PRERENDERED_QUERY = queryFromUrl(new URLSearchParams());

/** The filters as a sentence: "Category: Fan motors; Voltage: 115 V or 230 V". */
function filtersText(query: CatalogueQuery): string {
  const keys = [CATEGORY, ...Object.keys(query.specs)];
  return keys
    .filter((key) => chosenOf(query, key).length > 0)
    .map(
      (key) =>
        `${filterLabel(key)}: ${chosenOf(query, key)
          .map((v) => filterValueText(key, v))
          .join(' or ')}`,
    )
    .join('; ');
}

/**
 * The whole catalogue through the catalogue's search (GET /search, CONTRACT §11): the hits in rank
 * order with the number they matched marked and the number they were found by said, the total,
 * filters by category and specification with their counts (a panel on a wide screen, a sheet
 * behind a Filters button on a narrower one), sort, and server-side pages loaded with "Load more".
 * The search, the filters and the order live in the URL (?q=&category=&spec.<key>=&sort=), so a
 * search can be bookmarked, shared and reached again with Back. Plain markup and CSS like the home
 * page: the catalogue is a public landing page, so its first load stays small.
 * `cardAction` adds to each card (the cart's Add to cart, passed in by the page: features do not
 * import each other).
 */
export function ToolCatalog({ cardAction }: { cardAction?: (tool: Tool) => ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromUrl(params), [params]);
  // The prerendered fields wait for the app: text typed before hydration would be lost.
  const hydrated = useHydrated();
  const fieldId = useId();
  // What the page shows of the address: while a prerendered page hydrates, the prerender's (made for
  // the address without a query: no search, no filters, the default order), so a shared search link
  // hydrates without a mismatch; the render after shows the address's. The search itself reads the
  // address's from the start: its answer comes after hydration anyway (decision 0067).
  const shown = hydrated ? query : PRERENDERED_QUERY;
  // The typed search reaches the URL once it settles; Back to another search shows it in the field.
  const { text: search, setText: setSearch, inUrl: urlQ } = useSearchParamText('q', 300);
  const setSort = (value: CatalogOrder) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value === defaultSort(urlQ)) next.delete('sort');
      else next.set('sort', value);
      return next;
    });
  // A filter is a step Back undoes: each tick is history.
  const toggle = (key: string, value: string) => setParams((p) => toggleFilter(p, key, value));
  const clearFilters = () => setParams((p) => withoutFilters(p));
  const [sheetOpen, setSheetOpen] = useState(false);
  const { hits, total, facets, updating, loading, loadingMore, error, hasMore, loadMore, retry } = useCatalogueSearch(query);
  // A member's contract prices over the hits' list prices, for the hits on screen (decision 0062).
  const hitIds = useMemo(() => hits.map((h) => h._id), [hits]);
  const contracts = useContractPrices(hitIds).byTool;
  const chosen = filterCount(shown);
  const filters = { query: shown, facets, onToggle: toggle, onClear: clearFilters };

  return (
    <div>
      <form role="search" className={css.controls} onSubmit={(e) => e.preventDefault()}>
        <Field id={`${fieldId}-q`} label="Search by part number, name or description" className={css.field}>
          <input
            id={`${fieldId}-q`}
            className={fieldControlClass}
            type="search"
            disabled={!hydrated}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={60}
          />
        </Field>
        <Field id={`${fieldId}-sort`} label="Sort by" className={`${css.field} ${css.sortField}`}>
          <select
            id={`${fieldId}-sort`}
            className={fieldControlClass}
            disabled={!hydrated}
            value={shown.sort}
            onChange={(e) => setSort(e.target.value as CatalogOrder)}
          >
            {/* "Best match" is offered for a search only. */}
            {SORTS.filter((s) => s.value !== 'relevance' || shown.q).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
      </form>
      <div className={css.layout}>
        <FilterPanel {...filters} />
        <div className={css.results}>
          <div className={css.summary}>
            <p className={css.total} data-testid="catalog-total">
              {total === null ? '' : countOf(total, 'part')}
            </p>
            <Button variant="outlined" className={css.filtersButton} disabled={!hydrated} onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
              {chosen > 0 ? `Filters (${chosen})` : 'Filters'}
            </Button>
          </div>
          <div aria-live="polite" className={visuallyHidden}>
            {loading || updating ? 'Loading parts' : `${countOf(total ?? 0, 'part')} found, ${hits.length} shown${hasMore ? ', more available' : ''}`}
          </div>
          {error && hits.length === 0 ? (
            <ErrorRetry message={`The tools could not be loaded. ${error.message}`} onRetry={retry} />
          ) : loading ? (
            <div className={ui.grid3} role="progressbar" aria-busy="true" aria-label="Loading tools">
              {[0, 1, 2].map((i) => (
                // About a card's height; the cart's quantity and button under Purchase Now make a card taller.
                <div key={i} className={ui.skeleton} style={{ height: cardAction ? 660 : 540 }}>
                  {/* Where the card's picture will be. Not React's to fill: on a page opened at its
                      address the early script puts the first hits' pictures here before the app
                      runs (early-pictures.ts), and hydration keeps them. */}
                  <div
                    className={css.earlyPicture}
                    {...{ [EARLY_PICTURE_ATTRIBUTE]: cardCss.image }}
                    suppressHydrationWarning
                    dangerouslySetInnerHTML={{ __html: '' }}
                  />
                </div>
              ))}
            </div>
          ) : hits.length === 0 ? (
            <div className={css.empty}>
              <p className={ui.muted} data-testid="catalog-empty" style={{ margin: 0 }}>
                {emptyText(shown)}
              </p>
              {chosen === 0 && looksLikeNumber(shown.q) && <NearestNumbers number={shown.q.trim()} />}
              {chosen > 0 && (
                <Button variant="outlined" onClick={clearFilters}>
                  Clear filters
                </Button>
              )}
              {shown.q && (
                <Button variant="outlined" onClick={() => setSearch('')}>
                  Clear search
                </Button>
              )}
            </div>
          ) : (
            <>
              <div className={`${ui.grid3} ${updating ? css.updating : ''}`} data-testid="catalog-grid" aria-busy={updating || undefined}>
                {hits.map((hit, i) => (
                  <ToolCard
                    key={hit._id}
                    tool={hit}
                    eager={i < 3}
                    first={i === 0}
                    action={cardAction?.(hit)}
                    contract={contracts.get(hit._id)}
                    detail={<HitNumbers partNumber={hit.partNumber} matchedBy={hit.matchedBy} q={shown.q} />}
                  />
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
      </div>
      <FilterSheet {...filters} open={sheetOpen} onClose={() => setSheetOpen(false)} total={total} />
    </div>
  );
}

/** What was searched, when nothing matched (CONTRACT §11). */
function emptyText(query: CatalogueQuery): string {
  const filters = filtersText(query);
  if (!query.q && !filters) return 'No tools are listed yet. Please check back soon.';
  if (!filters) return `No parts match "${query.q}". Try another part number or name, or clear the search.`;
  const searched = query.q ? `"${query.q}" with ${filters}` : filters;
  return `No parts match ${searched}. Clear the filters${query.q ? ' or try another search' : ''}.`;
}
