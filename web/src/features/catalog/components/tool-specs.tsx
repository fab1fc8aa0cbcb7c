import { Fragment } from 'react';
import { CATALOGUE_VOCABULARY } from '@fridgeparts/common/search/vocabulary';
import type { Tool } from '@fridgeparts/common/tool';
import css from './tool-specs.module.css';

const categoryLabel = new Map(CATALOGUE_VOCABULARY.categories.map((c) => [c.key, c.label]));
const specOf = new Map(CATALOGUE_VOCABULARY.specs.map((s) => [s.key, s]));

/** "115 V", "R-134a", "1/3 HP": a spec's value with the unit the catalogue gives its key. */
export function specText(key: string, value: string): string {
  const unit = specOf.get(key)?.unit;
  return unit ? `${value} ${unit}` : value;
}

/**
 * The tool page's Specifications (CONTRACT §11): its category and specs in the catalogue's order,
 * the older numbers of ours it replaces, and the appliance makers' and competitors' numbers it
 * cross-references, with their brands. Nothing when the tool has none of these. `replaces` is
 * GET /tool/{id}'s list when known (superseded aliases and the part numbers of the tools replaced
 * by this one); the superseded aliases are shown too, each number once.
 */
export function ToolSpecs({ tool, replaces: replacedNumbers = [] }: { tool: Pick<Tool, 'category' | 'specs' | 'aliases'>; replaces?: readonly string[] }) {
  const specs = CATALOGUE_VOCABULARY.specs.filter((s) => tool.specs[s.key]);
  const replaces = [...new Set([...replacedNumbers, ...tool.aliases.filter((a) => a.kind === 'superseded').map((a) => a.number)])];
  const crossReferences = tool.aliases.filter((a) => a.kind !== 'superseded');
  if (!tool.category && specs.length === 0 && replaces.length === 0 && crossReferences.length === 0) return null;
  return (
    <section className={css.section} aria-labelledby="tool-specs">
      <h2 id="tool-specs" className={css.title}>
        Specifications
      </h2>
      <dl className={css.specs} data-testid="tool-specs">
        {tool.category && (
          <>
            <dt>Category</dt>
            <dd>{categoryLabel.get(tool.category) ?? tool.category}</dd>
          </>
        )}
        {specs.map((s) => (
          <Fragment key={s.key}>
            <dt>{s.label}</dt>
            <dd>{specText(s.key, tool.specs[s.key]!)}</dd>
          </Fragment>
        ))}
        {replaces.length > 0 && (
          <>
            <dt>Replaces</dt>
            <dd>
              <ul className={css.numbers} data-testid="tool-replaces">
                {replaces.map((number) => (
                  <li key={number} className={css.mono}>
                    {number}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {crossReferences.length > 0 && (
          <>
            <dt>Cross-references</dt>
            <dd>
              <ul className={css.numbers} data-testid="tool-cross-references">
                {crossReferences.map((a) => (
                  <li key={`${a.brand ?? ''} ${a.number}`}>
                    {a.brand} <span className={css.mono}>{a.number}</span> ({a.kind === 'oem' ? 'appliance maker' : 'equivalent'})
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
