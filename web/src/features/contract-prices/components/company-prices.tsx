import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CompanyContractPrice } from '@fridgeparts/common/contract-prices.answers';
import { formatDollars } from '@fridgeparts/common/money';
import { Button } from '../../../components/button';
import { ConfirmButton } from '../../../components/confirm-button';
import { Field, fieldControlClass } from '../../../components/form/field';
import { numberColumn, Table, type Column } from '../../../components/table';
import { paths } from '../../../lib/infra/paths';
import { useDebouncedValue } from '../../../lib/infra/use-debounced-value';
import { usePricedTools, usePriceActions, useCompanyPrices, useToolSearch } from '../api/use-company-prices';
import { breaksSummary } from '../lib/price-form';
import type { PricedTool } from './price-dialog';
import css from './company-prices.module.css';

// The form (and, on its first check, zod) loads when a price is added or edited.
const PriceDialog = lazy(() => import('./price-dialog'));

interface Editing {
  item: PricedTool;
  current: CompanyContractPrice | null;
}

/**
 * A company's contract prices for the shop admin (CONTRACT §10, decision 0062): the list (part
 * number, tool, list price, contract price, breaks) with Edit and Delete (behind confirmation),
 * and a search for a tool to add one for.
 */
export function CompanyPrices({ companyId, companyName }: { companyId: string; companyName: string }) {
  const list = useCompanyPrices(companyId);
  const ids = useMemo(() => list.items.map((p) => p.toolId), [list.items]);
  const { tools, settled } = usePricedTools(ids);
  // Rows show once their tool is known, in order (a prefix of the list), so a row never grows
  // when its name arrives: the first page shows its skeleton until then, a further page appends.
  const firstUnsettled = list.items.findIndex((p) => !settled.has(p.toolId));
  const shown = firstUnsettled < 0 ? list.items : list.items.slice(0, firstUnsettled);
  const rows = { items: shown, loading: list.loading || (shown.length === 0 && list.items.length > 0), error: list.error, retry: list.retry };
  const { save, remove } = usePriceActions(companyId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const priced = useMemo(() => new Map(list.items.map((p) => [p.toolId, p])), [list.items]);
  const nameOf = (toolId: string) => {
    const tool = tools.get(toolId);
    return tool ? `${tool.partNumber} ${tool.name}` : toolId;
  };
  const listId = useId();
  const addId = useId();

  const columns: Column<CompanyContractPrice>[] = [
    { id: 'partNumber', header: 'Part number', className: `${css.mono} ${css.partColumn}`, cell: (p) => tools.get(p.toolId)?.partNumber ?? '—' },
    {
      id: 'tool',
      header: 'Tool',
      cell: (p) => {
        const tool = tools.get(p.toolId);
        if (tool === null) return <span className={css.muted}>No longer in the catalogue ({p.toolId})</span>;
        return <Link to={paths.tool(p.toolId)}>{tool ? tool.name : p.toolId}</Link>;
      },
    },
    {
      id: 'list',
      header: 'List price',
      className: `${numberColumn} ${css.moneyColumn}`,
      cell: (p) => (tools.get(p.toolId) ? formatDollars(tools.get(p.toolId)!.price) : '—'),
    },
    {
      id: 'contract',
      header: 'Contract price',
      className: `${numberColumn} ${css.moneyColumn}`,
      cell: (p) => <strong data-testid="company-price">{formatDollars(p.price)}</strong>,
    },
    { id: 'breaks', header: 'Contract breaks', className: css.breaksColumn, cell: (p) => breaksSummary(p.priceBreaks, formatDollars) },
    {
      id: 'actions',
      header: 'Actions',
      className: css.actionsColumn,
      cell: (p) => (
        <div className={css.actions}>
          <Button
            variant="outlined"
            size="small"
            onClick={() => setEditing({ item: { _id: p.toolId, tool: tools.get(p.toolId) ?? null }, current: p })}
            aria-label={`Edit the contract price of ${nameOf(p.toolId)}`}
          >
            Edit
          </Button>
          <ConfirmButton
            size="small"
            question="Delete this contract price?"
            details={`${companyName}'s people will pay the list price of ${nameOf(p.toolId)} from their next cart or order.`}
            cancelLabel="Keep it"
            confirmLabel="Delete"
            busyLabel="Deleting…"
            doneMessage={`Contract price of ${nameOf(p.toolId)} deleted.`}
            onConfirm={() => remove(p.toolId)}
            aria-label={`Delete the contract price of ${nameOf(p.toolId)}`}
          >
            Delete
          </ConfirmButton>
        </div>
      ),
    },
  ];

  return (
    <>
      <section aria-labelledby={addId} className={css.section}>
        <h2 id={addId} className={css.heading}>
          Add a contract price
        </h2>
        <ToolPicker priced={priced} onChoose={(item) => setEditing({ item, current: priced.get(item._id) ?? null })} />
      </section>
      <section aria-labelledby={listId} className={css.section}>
        <h2 id={listId} className={css.heading}>
          Contract prices
        </h2>
        <Table
          caption={`Contract prices of ${companyName}`}
          columns={columns}
          rows={rows}
          paging={list}
          rowKey={(p) => p.toolId}
          rowTestId="company-price-row"
          minWidth={760}
          empty={`No contract prices yet: ${companyName}'s people pay list prices. Find a tool above to add one.`}
        />
      </section>
      {editing && (
        <Suspense fallback={null}>
          <PriceDialog
            companyName={companyName}
            item={editing.item}
            current={editing.current}
            onClose={() => setEditing(null)}
            onSave={(body) => save({ toolId: editing.item._id, body })}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * Finds the tool to price through the catalogue's search (any of its numbers, or words of its
 * name): up to 8 hits, each with its list price and "Set price" (or "Edit price" when the company
 * has one already).
 */
function ToolPicker({ priced, onChoose }: { priced: ReadonlyMap<string, CompanyContractPrice>; onChoose: (item: PricedTool) => void }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const search = useToolSearch(q);
  const fieldId = useId();
  const hits = q.length >= 2 ? (search.data?.hits ?? []) : [];
  return (
    <div className={css.picker}>
      <Field
        id={fieldId}
        label="Part number or name"
        live
        message={
          q.length < 2
            ? 'Type at least 2 characters of any of its numbers or its name.'
            : search.isError
              ? `The search failed: ${search.error.message} Try again in a moment.`
              : search.isPending
                ? 'Searching…'
                : hits.length === 0
                  ? `No tool matches "${q}".`
                  : `${hits.length === 1 ? '1 tool' : `${hits.length} tools`} found${search.data && search.data.total > hits.length ? `, best ${hits.length} of ${search.data.total} shown` : ''}.`
        }
      >
        <input
          id={fieldId}
          className={fieldControlClass}
          type="search"
          value={text}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          placeholder="FP-CMP-134A-033, or gasket"
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${fieldId}-message`}
        />
      </Field>
      {hits.length > 0 && (
        <ul className={css.hits} aria-label="Tools found">
          {hits.map((hit) => {
            const has = priced.has(hit._id);
            return (
              <li key={hit._id} className={css.hit} data-testid="price-tool-hit">
                <span>
                  <span className={css.mono}>{hit.partNumber}</span> {hit.name}
                  <span className={css.muted}> · list {formatDollars(hit.price)}</span>
                </span>
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => onChoose({ _id: hit._id, tool: hit })}
                  aria-label={`${has ? 'Edit the contract price of' : 'Set a contract price for'} ${hit.partNumber} ${hit.name}`}
                >
                  {has ? 'Edit price' : 'Set price'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
