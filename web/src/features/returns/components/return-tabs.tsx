import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import css from './return-tabs.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * Tabs as the ARIA pattern has them: a tablist whose selected tab alone is in the tab order; the
 * arrow keys, Home and End move to another tab and show it. The panel is named by its tab.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (k: K) => `${base}-tab-${k}`;
  const panelId = `${base}-panel`;
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.key === selected);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    const next = tabs[to];
    if (!next) return;
    e.preventDefault();
    onSelect(next.key);
    refs.current.get(next.key)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={css.list} onKeyDown={move}>
        {tabs.map((t) => {
          const on = t.key === selected;
          return (
            <button
              key={t.key}
              ref={(el) => void (el ? refs.current.set(t.key, el) : refs.current.delete(t.key))}
              type="button"
              role="tab"
              id={tabId(t.key)}
              aria-selected={on}
              aria-controls={panelId}
              tabIndex={on ? 0 : -1}
              className={on ? `${css.tab} ${css.selected}` : css.tab}
              onClick={() => onSelect(t.key)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className={css.panel}>
        {children}
      </div>
    </>
  );
}
