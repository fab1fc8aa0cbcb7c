import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { SearchHitResponse } from '@fridgeparts/common/responses';
import type { ModelListResponse } from '@fridgeparts/common/models/appliance-model.answers';
import { applianceTypeLabel, isModelQuery, modelKeyOf } from '@fridgeparts/common/models/model-basics';
import { apiFetch } from '../../lib/infra/api-client';
import { aliasSentence } from '../../lib/domain/alias-sentence';
import { paths } from '../../lib/infra/paths';
import { countOf } from '../../lib/domain/plural';
import { queryKeys } from '../../lib/infra/query-keys';
import { useDebouncedValue } from '../../lib/infra/use-debounced-value';
import { useSearchHits } from '../../lib/domain/use-search-hits';
import { useContractPrices } from '../../lib/domain/use-contract-prices';
import { PriceText } from '../price-text';
import { availabilityWords } from '../../lib/domain/availability-words';
import { visuallyHidden } from '../visually-hidden';
import css from './nav-search.module.css';

/** Suggestions shown under the field (CONTRACT §11: the navigation bar's search). */
export const SUGGESTIONS = 6;
/** Fewer characters than this ask nothing: one letter matches half the catalogue. */
const MIN_CHARS = 2;
/** Appliance models suggested under the parts (CONTRACT §12), when the text has 3 letters or digits. */
export const MODEL_SUGGESTIONS = 4;

/** What a suggestion says under its name: its part number, or how the number typed led to it. */
export function suggestionDetail(hit: SearchHitResponse): string {
  if (!hit.matchedBy) return hit.partNumber;
  const { before, after } = aliasSentence(hit.matchedBy);
  return `${hit.partNumber} · ${before}${hit.matchedBy.number}${after}`;
}

/**
 * The navigation bar's search (CONTRACT §11), an ARIA combobox with a listbox popup (the APG's
 * "list autocomplete" pattern): as the buyer types, the best six hits of GET /search appear under
 * the field, and from 3 letters or digits the appliance models whose number starts with or contains
 * it (GET /models?q=, CONTRACT §12), each kind in a group of its own, then "All results". Arrow keys
 * move through them all (the field keeps the focus and names
 * the active one with aria-activedescendant), Enter opens the active one or, with none, the
 * catalogue with the search; Escape closes the list, and a second Escape clears the field. A plain
 * GET form to the catalogue underneath, so the prerendered pages search before the app runs.
 *
 * From 1024 px the field sits in the bar (issue 43); below, it is a popover under the bar, opened
 * by the search button (a native popover: it opens before the app runs too).
 */
export function NavSearch() {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const popoverRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(text.trim(), 150);
  const asked = q.length >= MIN_CHARS;
  const { data, isFetching } = useSearchHits(q, SUGGESTIONS, asked);
  const modelKey = modelKeyOf(q);
  const modelsAsked = isModelQuery(q);
  const { data: modelData } = useQuery({
    queryKey: queryKeys.models.search(modelKey),
    queryFn: ({ signal }) => apiFetch<ModelListResponse>(API.models({ q: modelKey }), { signal, quiet: true }),
    enabled: modelsAsked,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const hits = useMemo(() => (asked && data ? data.hits : []), [asked, data]);
  // Each hit's price, a member's contract price over it (CONTRACT §11 and §10, decision 0062).
  const contracts = useContractPrices(useMemo(() => hits.map((h) => h._id), [hits])).byTool;
  const models = modelsAsked && data && modelData ? modelData.models.slice(0, MODEL_SUGGESTIONS) : [];
  // The options: each hit, each model, then "All results" for the catalogue with this search.
  const count = asked && data ? hits.length + models.length + 1 : 0;
  const expanded = open && count > 0;
  // A new answer starts with no option active.
  useEffect(() => setActive(-1), [data, modelData]);
  // Text typed into the prerendered page before the app ran is the search, not lost.
  useEffect(() => {
    const input = inputRef.current;
    if (input?.value) {
      setText(input.value);
      setOpen(document.activeElement === input);
    }
  }, []);
  // The popover (below 1024 px) opens with the cursor in the field.
  useEffect(() => {
    const popover = popoverRef.current;
    const focusOnOpen = (e: Event) => {
      if ((e as ToggleEvent).newState === 'open') inputRef.current?.focus();
    };
    popover?.addEventListener('toggle', focusOnOpen);
    return () => popover?.removeEventListener('toggle', focusOnOpen);
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  /** Leaves the search: the list closed, the popover (below 1024 px) too. */
  const leave = () => {
    close();
    inputRef.current?.blur();
    const popover = popoverRef.current;
    if (popover && typeof popover.hidePopover === 'function' && popover.matches(':popover-open')) popover.hidePopover();
  };
  const openCatalogue = () => {
    const typed = text.trim();
    leave();
    navigate(typed ? `${paths.catalog}?${new URLSearchParams({ q: typed })}` : paths.catalog);
  };
  const choose = (index: number) => {
    const hit = hits[index];
    const model = models[index - hits.length];
    if (!hit && !model) return openCatalogue();
    leave();
    setText('');
    navigate(hit ? paths.tool(hit._id) : paths.applianceModel(model!.modelKey));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (count === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // Down from the field opens on the first option, Up on the last; both wrap around.
      setActive((a) => (!expanded || a < 0 ? (step > 0 ? 0 : count - 1) : (a + step + count) % count));
    } else if (e.key === 'Escape') {
      // Inside the popover the browser's Escape closes it: the first Escape here closes the list.
      if (expanded) {
        e.preventDefault();
        e.stopPropagation();
        close();
      } else if (text) {
        e.preventDefault();
        e.stopPropagation();
        setText('');
      }
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      choose(active);
    }
  };

  const optionId = (i: number) => `${id}-option-${i}`;
  // The options in their groups, numbered on through both (the arrows go through them in this order);
  // the parts' label shows only when models are listed beside them.
  const groups: { label: string; labelShown: boolean; first: number; options: { key: string; name: string; detail: string; price?: ReactNode }[] }[] = [
    {
      label: 'Parts',
      labelShown: models.length > 0,
      first: 0,
      options: hits.map((h) => ({
        key: h._id,
        name: h.name,
        // Its availability in words (CONTRACT §14), on the same line as its number.
        detail: `${suggestionDetail(h)} · ${availabilityWords(h.availability)}`,
        price: <PriceText price={h.price} contract={contracts.get(h._id)} unitClassName={css.unit} />,
      })),
    },
    {
      label: 'Appliance models',
      labelShown: true,
      first: hits.length,
      options: models.map((m) => ({
        key: m.modelKey,
        name: `${m.brand} ${m.modelNumber}`,
        detail: `${applianceTypeLabel(m.applianceType)}: drawings and parts`,
      })),
    },
  ];
  return (
    <>
      <button
        type="button"
        className={css.toggle}
        aria-label="Search parts"
        popoverTarget="nav-search"
        // Browsers without popovers (nav-bar.tsx says which) toggle a class instead.
        onClick={() => {
          const form = popoverRef.current;
          if (form && typeof form.togglePopover !== 'function') {
            form.classList.toggle(css.fallbackOpen!);
            if (form.classList.contains(css.fallbackOpen!)) inputRef.current?.focus();
          }
        }}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5-5-5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z" />
        </svg>
      </button>
      <form
        id="nav-search"
        ref={popoverRef}
        popover="auto"
        role="search"
        aria-label="Shop"
        action={paths.catalog}
        method="get"
        className={css.search}
        onSubmit={(e) => {
          e.preventDefault();
          openCatalogue();
        }}
      >
        <input
          ref={inputRef}
          type="search"
          name="q"
          className={css.input}
          placeholder="Part number or name"
          aria-label="Search the shop"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
          enterKeyHint="search"
        />
        <ul id={listId} role="listbox" aria-label="Suggestions" className={css.list} hidden={!expanded}>
          {groups.map((group) =>
            group.options.length === 0 ? null : (
              <li key={group.label} role="group" aria-label={group.label}>
                {group.labelShown && (
                  <div className={css.groupLabel} aria-hidden="true">
                    {group.label}
                  </div>
                )}
                <ul role="none" className={css.group}>
                  {group.options.map((option, j) => {
                    const i = group.first + j;
                    return (
                      <li
                        key={option.key}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === active}
                        className={css.option}
                        // Chosen on mouse down, before the field's blur closes the list.
                        onMouseDown={(e) => {
                          e.preventDefault();
                          choose(i);
                        }}
                      >
                        <span className={css.name}>{option.name}</span>
                        <span className={css.detail}>{option.detail}</span>
                        {option.price && (
                          <span className={css.price} data-testid="suggestion-price">
                            {option.price}
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ),
          )}
          <li
            id={optionId(hits.length + models.length)}
            role="option"
            aria-selected={active === hits.length + models.length}
            className={`${css.option} ${css.all}`}
            onMouseDown={(e) => {
              e.preventDefault();
              openCatalogue();
            }}
          >
            {data && data.total > hits.length
              ? `All ${data.total} results for “${q}”`
              : hits.length
                ? `Search the catalogue for “${q}”`
                : `No parts match “${q}”: search the catalogue`}
          </li>
        </ul>
        <span className={visuallyHidden} role="status" aria-live="polite">
          {expanded && !isFetching
            ? hits.length + models.length
              ? `${countOf(hits.length + models.length, 'suggestion')}, up and down arrows to choose`
              : 'No suggestions'
            : ''}
        </span>
      </form>
    </>
  );
}
