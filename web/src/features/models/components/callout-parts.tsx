import { useId, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ModelCallout } from '@fridgeparts/common/models/appliance-model.answers';
import { Button } from '../../../components/button';
import { AvailabilityText } from '../../../components/availability-text';
import { PriceCell } from '../../../components/price-text';
import { Table, numberColumn, type Column } from '../../../components/table';
import { aliasSentence } from '../../../lib/domain/alias-sentence';
import { paths } from '../../../lib/infra/paths';
import { useSession } from '../../../lib/infra/session';
import { useContractPrices } from '../../../lib/domain/use-contract-prices';
import { notify } from '../../../lib/infra/toast';
import { useAddCallout } from '../api/use-add-callout';
import css from './callout-parts.module.css';

/** The id of a callout's row, to scroll it into view (unique per section on the page). */
export const calloutRowId = (sectionId: string, ref: string) => `callout-${sectionId}-${ref}`;

/** What a callout is, in its control's name and its row: the part's name, or the number listed when it names no part now. */
export const calloutName = (c: ModelCallout): string => c.part?.name ?? c.partNumber;

/** Why a callout's part cannot be added to the cart, or null when it can. */
export function notOrderable(c: ModelCallout): string | null {
  if (!c.part) return 'No longer sold';
  if (c.part.availableQuantity <= 0) return 'Out of stock';
  return null;
}

/**
 * Whether the part to order is another than the one the drawing's number names: the number was
 * superseded or discontinued (CONTRACT §12's "order as"). An appliance maker's (OEM) or a
 * competitor's number names this very part under another maker's number: the buyer orders what they
 * read, so it is no substitution (issue 43: every row listing a maker's number said "Order as",
 * just like the one real replacement).
 */
export function replacesListed(c: ModelCallout): boolean {
  if (!c.orderAs) return false;
  const kind = c.resolvedFrom?.kind;
  return kind === undefined || kind === 'superseded' || kind === 'discontinued';
}

/**
 * "Order as FP-DFT-8H25" with the number the drawing lists and why it leads there ("Replaces
 * FP-DFT-6H21 (discontinued)"), marked, for a replaced number; for a maker's or a competitor's
 * number, that number plainly under the part's own ("Maker's number NC-2198202", "Equivalent to
 * CP-15370"). Never a different part silently (CONTRACT §12).
 */
function ListedNumber({ callout }: { callout: ModelCallout }) {
  const from = callout.resolvedFrom;
  if (!callout.orderAs) return null;
  if (!replacesListed(callout)) {
    return (
      <span className={css.listedAs} data-testid="callout-listed-as">
        {from?.kind === 'competitor' ? 'Equivalent to ' : 'Maker’s number '}
        <span className={css.mono}>{from?.number ?? callout.partNumber}</span>
      </span>
    );
  }
  const { before, after } = from ? aliasSentence(from) : { before: 'Listed as ', after: '' };
  return (
    <p className={css.orderAs} data-testid="callout-order-as">
      <strong>
        Order as <span className={css.mono}>{callout.orderAs.partNumber}</span>
      </strong>
      <span className={css.listed}>
        {before}
        <span className={css.mono}>{from?.number ?? callout.partNumber}</span>
        {after}
      </span>
    </p>
  );
}

/**
 * Add to cart for one callout: its part (the current one when the drawing lists an older number,
 * added by that number so the cart says what it was ordered as), as many as the drawing lists
 * raised to what the shop sells; a visitor goes to log in and comes back. Not offered, with the reason beside it, when the number names no part or none is in stock.
 */
function AddCallout({ callout }: { callout: ModelCallout }) {
  const { user, loading: sessionLoading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { add, pending } = useAddCallout();
  const [added, setAdded] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const noteId = useId();
  const reason = notOrderable(callout);
  const part = callout.part;
  const toolId = callout.orderAs?._id ?? part?._id;

  const onAdd = async () => {
    if (sessionLoading || !toolId || !part) return;
    if (!user) {
      navigate(paths.login, { state: { from: location } });
      return;
    }
    setAdded(null);
    setProblem(null);
    try {
      const { quantity, raisedBecause } = await add(toolId, callout.orderAs ? callout.partNumber : null, callout.quantity);
      setAdded(raisedBecause ? `Added ${quantity} (${raisedBecause}).` : `Added ${quantity}.`);
      notify.success(`Added ${quantity} x ${part.name} to your cart`);
    } catch (err) {
      setProblem((err as Error).message);
    }
  };

  return (
    <div className={css.add}>
      <Button
        variant="outlined"
        size="small"
        disabled={Boolean(reason) || pending || sessionLoading}
        aria-label={`Add to cart: ${calloutName(callout)}`}
        aria-describedby={noteId}
        onClick={() => void onAdd()}
      >
        {pending ? 'Adding…' : 'Add to cart'}
      </Button>
      <span id={noteId} className={problem || reason ? `${css.note} ${css.problem}` : css.note} aria-live="polite" data-testid="callout-add-note">
        {reason ??
          problem ??
          (added && (
            <>
              {added} <Link to={paths.cart}>View cart</Link>
            </>
          ))}
      </span>
    </div>
  );
}

export interface CalloutPartsProps {
  sectionId: string;
  sectionName: string;
  callouts: ModelCallout[];
  selected: string | null;
  /** A row was chosen (a click on it, or its number's button). `showOnDrawing`: bring the drawing into view too. */
  onSelect: (ref: string, showOnDrawing: boolean) => void;
}

/**
 * A section's parts list beside its drawing (CONTRACT §12), one row per callout: the number, the
 * part with its number and a link to its page, "Order as ..." when the listed number was replaced
 * by another part (a maker's number plainly beside the part's own), quantity, note, price, stock and Add to cart. The chosen callout's row is marked;
 * choosing a row chooses its callout on the drawing. On a phone each row is a card (Table).
 */
export function CalloutParts({ sectionId, sectionName, callouts, selected, onSelect }: CalloutPartsProps) {
  // A member's contract prices over the parts' list prices (decision 0062).
  const partIds = useMemo(() => callouts.flatMap((c) => (c.part ? [c.part._id] : [])), [callouts]);
  const contracts = useContractPrices(partIds).byTool;
  const columns: Column<ModelCallout>[] = [
    {
      id: 'ref',
      header: 'No.',
      cell: (c) => (
        <button
          type="button"
          className={css.ref}
          aria-pressed={c.ref === selected}
          aria-label={`Callout ${c.ref}: show on the drawing`}
          onClick={(e) => {
            e.stopPropagation();
            onSelect(c.ref, true);
          }}
        >
          {c.ref}
        </button>
      ),
    },
    {
      id: 'part',
      header: 'Part',
      className: css.partCell,
      cell: (c) => (
        <>
          {c.part ? (
            <Link to={paths.tool(c.part._id)} className={css.partName}>
              {c.part.name}
            </Link>
          ) : (
            <span className={css.partName}>Listed as {c.partNumber}: no part of the catalogue has this number now</span>
          )}
          {c.part && <span className={`${css.mono} ${css.partNumber}`}>{c.part.partNumber}</span>}
          <ListedNumber callout={c} />
          {c.note && <span className={css.calloutNote}>{c.note}</span>}
        </>
      ),
    },
    { id: 'quantity', header: 'Qty', className: numberColumn, cell: (c) => c.quantity },
    {
      id: 'price',
      header: 'Price',
      className: numberColumn,
      cell: (c) => {
        if (!c.part) return '';
        const contract = contracts.get(c.part._id);
        return <PriceCell amount={contract?.price ?? c.part.price} contract={Boolean(contract)} listPrice={c.part.price} />;
      },
    },
    {
      id: 'stock',
      header: 'Stock',
      // In words (CONTRACT §14): "In stock: 40, ships today", "Backorder: ships about Dec 14".
      cell: (c) =>
        c.part ? <AvailabilityText availability={c.part.availability} className={c.part.availability.status === 'in_stock' ? undefined : css.problem} /> : '',
    },
    { id: 'add', header: 'Order', cell: (c) => <AddCallout callout={c} /> },
  ];
  return (
    <Table
      caption={`Parts of ${sectionName}`}
      columns={columns}
      rows={callouts}
      rowKey={(c) => c.ref}
      rowTestId="callout-row"
      empty="This section lists no parts."
      minWidth={560}
      rowProps={(c) => ({
        id: calloutRowId(sectionId, c.ref),
        className: c.ref === selected ? css.chosen : css.row,
        'aria-current': c.ref === selected ? 'true' : undefined,
        onClick: () => onSelect(c.ref, false),
      })}
    />
  );
}
