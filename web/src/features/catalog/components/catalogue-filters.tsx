import { useId, useRef, type Ref } from 'react';
import type { Facets } from '@fridgeparts/common/search/catalogue-search';
import { CATALOGUE_VOCABULARY } from '@fridgeparts/common/search/vocabulary';
import type { CatalogueQuery } from '../api/use-catalogue-search';
import { CATEGORY, chosenOf, filterCount } from '../hooks/catalogue-url';
import { Button } from '../../../components/button';
import { Modal, ModalActions, ModalBody } from '../../../components/modal';
import { countOf } from '../../../lib/domain/plural';
import ui from '../../../components/ui.module.css';
import css from './catalogue-filters.module.css';
import { specText } from './tool-specs';

const specLabel = new Map(CATALOGUE_VOCABULARY.specs.map((s) => [s.key, s.label]));
const categoryLabel = new Map(CATALOGUE_VOCABULARY.categories.map((c) => [c.key, c.label]));
const categoryOrder = new Map(CATALOGUE_VOCABULARY.categories.map((c, i) => [c.key, i]));
const byNumber = new Intl.Collator('en', { numeric: true });

/** A filter value as a person reads it: "Fan motors", "115 V". */
export function filterValueText(key: string, value: string): string {
  return key === CATEGORY ? (categoryLabel.get(value) ?? value) : specText(key, value);
}

/** A filter key as a person reads it: "Category", "Voltage". */
export function filterLabel(key: string): string {
  return key === CATEGORY ? 'Category' : (specLabel.get(key) ?? key);
}

interface FilterGroup {
  key: string;
  label: string;
  values: { value: string; count: number; chosen: boolean }[];
}

/**
 * The filters the facets offer (CONTRACT §11): the category, then each spec key in the catalogue's
 * order, each with the values the hits have and how many hits each would give. A chosen value
 * stays even when no hit has it any more (so it can be unticked); a key with no value is left out.
 */
export function filterGroups(facets: Facets, query: CatalogueQuery): FilterGroup[] {
  return [CATEGORY, ...CATALOGUE_VOCABULARY.specs.map((s) => s.key)]
    .map((key) => {
      const counts = facets[key] ?? {};
      const chosen = chosenOf(query, key);
      const values = [...new Set([...Object.keys(counts), ...chosen])]
        .sort(key === CATEGORY ? (a, b) => (categoryOrder.get(a) ?? Infinity) - (categoryOrder.get(b) ?? Infinity) || byNumber.compare(a, b) : byNumber.compare)
        .map((value) => ({ value, count: counts[value] ?? 0, chosen: chosen.includes(value) }));
      return { key, label: filterLabel(key), values };
    })
    .filter((g) => g.values.length > 0);
}

interface FiltersProps {
  query: CatalogueQuery;
  /** null until the first answer. */
  facets: Facets | null;
  onToggle: (key: string, value: string) => void;
  onClear: () => void;
}

/** The checkboxes: one fieldset per key; values of one key are alternatives, keys combine. `first` gets the first one. */
function FilterFields({ query, facets, onToggle, first }: Omit<FiltersProps, 'onClear'> & { facets: Facets; first?: Ref<HTMLInputElement> }) {
  const groups = filterGroups(facets, query);
  if (groups.length === 0) return <p className={ui.muted}>No filters for these parts.</p>;
  return (
    <>
      {groups.map((g, i) => (
        <fieldset key={g.key} className={css.group}>
          <legend className={css.legend}>{g.label}</legend>
          {g.values.map((v, j) => (
            <label key={v.value} className={css.option}>
              <input
                ref={i === 0 && j === 0 ? first : undefined}
                type="checkbox"
                className={css.checkbox}
                checked={v.chosen}
                onChange={() => onToggle(g.key, v.value)}
              />
              <span className={css.value}>{filterValueText(g.key, v.value)}</span> <span className={css.count}>({v.count})</span>
            </label>
          ))}
        </fieldset>
      ))}
    </>
  );
}

/** Where the filters will be while the first answer is on its way: the same column, so nothing moves. */
function FiltersLoading() {
  return (
    <div aria-hidden="true" className={css.loading}>
      {[160, 120, 120].map((height, i) => (
        <div key={i} className={ui.skeleton} style={{ height }} />
      ))}
    </div>
  );
}

/** The filters beside the results on a wide screen (at 1024 px and over; CSS hides it below). */
export function FilterPanel({ query, facets, onToggle, onClear }: FiltersProps) {
  const headingId = useId();
  return (
    <aside className={css.panel} aria-labelledby={headingId} data-testid="catalog-filters">
      <div className={css.panelHead}>
        <h2 id={headingId} className={css.heading}>
          Filters
        </h2>
        {/* Offered only when a filter is set (issue 43: it showed, greyed, with nothing to clear); the
            head keeps its height without it, so nothing moves when it comes. */}
        {filterCount(query) > 0 && (
          <Button variant="text" size="small" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </div>
      {facets ? <FilterFields query={query} facets={facets} onToggle={onToggle} /> : <FiltersLoading />}
    </aside>
  );
}

/**
 * The filters on a narrower screen: a sheet over the page (the shop's Modal on <dialog>: focus
 * inside, Escape closes, focus back on the Filters button). A tick applies at once; "Show N parts"
 * closes the sheet on the results it counts.
 */
export function FilterSheet({
  open,
  onClose,
  total,
  query,
  facets,
  onToggle,
  onClear,
}: FiltersProps & { open: boolean; onClose: () => void; total: number | null }) {
  // Focus starts on the first choice (the browser would focus the dialog itself).
  const first = useRef<HTMLInputElement>(null);
  return (
    <Modal open={open} onClose={onClose} title="Filters" size="sheet" initialFocus={first} closeLabel="Close filters">
      <ModalBody className={css.sheetBody}>
        {facets ? <FilterFields query={query} facets={facets} onToggle={onToggle} first={first} /> : <FiltersLoading />}
      </ModalBody>
      <ModalActions>
        {filterCount(query) > 0 && (
          <Button variant="text" onClick={onClear}>
            Clear filters
          </Button>
        )}
        <Button onClick={onClose} data-testid="filters-show">
          {total === null ? 'Show parts' : `Show ${countOf(total, 'part')}`}
        </Button>
      </ModalActions>
    </Modal>
  );
}
