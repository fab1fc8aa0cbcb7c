import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Cart, CartLine, CartLineInput } from '@fridgeparts/common/cart';
import { Button } from '../../../components/button';
import { fieldControlClass } from '../../../components/form/field';
import { lineCheckColumn, OrderedAs, OrderLinesTable } from '../../../components/order-lines-table';
import { EmptyState, type Column } from '../../../components/table';
import { taxColumn } from '../../../components/order-amounts';
import type { TaxView } from '../../../lib/domain/tax-words';
import { problemsByLine } from '../../../lib/domain/line-problems';
import { paths } from '../../../lib/infra/paths';
import { notify } from '../../../lib/infra/toast';
import { cartNowOf, isGone, useReplaceCart, type CartState } from '../../../lib/domain/use-cart';
import { useContractPrices } from '../../../lib/domain/use-contract-prices';
import { PriceCell } from '../../../components/price-text';
import { AvailabilityText } from '../../../components/availability-text';
import { formatDollars } from '@fridgeparts/common/money';
import css from './cart.module.css';

/** What a line is called where it is named (a tool removed from the catalogue has no name). */
export const lineName = (l: CartLine) => l.name ?? l.partNumber ?? 'the part no longer in the catalogue';

/** The line's part, linked to its page, the number it was added by when not its own, its availability and core deposit. */
function LinePart({ line }: { line: CartLine }) {
  if (!line.name) return <span className={css.muted}>No longer in the catalogue</span>;
  return (
    <span className={css.part}>
      <Link to={paths.tool(line.toolId)}>{line.name}</Link>
      <OrderedAs from={line.resolvedFrom} />
      {line.availability && <AvailabilityText availability={line.availability} className={css.muted} />}
      {/* Decision 0088: charged with the part, refunded when its old unit comes back. Common's
          CORE_DEPOSIT_LABEL in words: its module would join the cart's first load, at its budget. */}
      {line.coreDeposit > 0 && (
        <span className={css.muted} data-testid="cart-line-core-deposit">
          Core deposit, refundable: {formatDollars(line.coreDeposit)}
        </span>
      )}
    </span>
  );
}

/**
 * A line's quantity, edited in place: the cart is PUT whole when the field is left or Enter is
 * pressed with a new whole number, and the line shows the server's answer (price after breaks,
 * total, problem). Keyed by the answered quantity and the cart's version, so an answer resets what
 * was typed, a refused one too (412: the cart as it is now shows, not the number typed).
 */
function QuantityInput({ line, onChange, busy }: { line: CartLine; onChange: (quantity: number) => void; busy: boolean }) {
  const [text, setText] = useState(String(line.quantity));
  const commit = () => {
    const t = text.trim();
    if (!/^\d{1,7}$/.test(t) || Number(t) < 1) {
      setText(String(line.quantity));
      notify.error('Quantity must be a whole number of at least 1. To take a line out, use Remove.');
      return;
    }
    if (Number(t) !== line.quantity) onChange(Number(t));
  };
  return (
    <input
      className={`${fieldControlClass} ${css.quantity}`}
      type="number"
      inputMode="numeric"
      min={1}
      step={line.packSize && line.packSize > 1 ? line.packSize : 1}
      value={text}
      aria-label={`Quantity of ${lineName(line)}`}
      aria-busy={busy}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}

/** Whether a line asks for more than is available now (so it can only be booked as a backorder). */
export const wantsMoreThanStock = (l: Pick<CartLine, 'quantity' | 'availableQuantity'>) => l.availableQuantity !== null && l.quantity > l.availableQuantity;

/**
 * "Backorder the rest" (CONTRACT §14, decision 0080): offered on a line asking for more than is in
 * stock (or already ticked); ticked, the line reserves what is there at checkout and the rest
 * waits, and the line says how many and when they are expected.
 */
export function BackorderTick({ line, onChange, busy }: { line: CartLine; onChange: (backorder: boolean) => void; busy: boolean }) {
  if (!line.name || (!line.backorder && !wantsMoreThanStock(line))) return null;
  return (
    <span className={css.backorder}>
      <label>
        <input type="checkbox" checked={line.backorder} disabled={busy} onChange={(e) => onChange(e.target.checked)} /> Backorder the rest
      </label>
      {line.backorderedQuantity > 0 && (
        <span className={css.muted} data-testid="cart-line-backordered">
          {line.backorderedQuantity} backordered{line.expectedOn ? `, expected ${line.expectedOn}` : ''}
        </span>
      )}
    </span>
  );
}

export interface CartTableProps {
  state: CartState;
  /** The last checkout's word on lines, by index in the cart it was given (cleared by any change). */
  checkoutProblems: Map<number, string>;
  /** The cart's sales tax for the checkout's ship-to (CONTRACT §15), each line's by tool id; null until one is known. */
  tax?: TaxView | null;
  /** Called when the cart changed here (the checkout's word no longer applies). */
  onChanged: () => void;
  /** Called when a change was refused because the cart had moved (412): it now shows the cart as it is. */
  onMoved: () => void;
}

/**
 * The cart's lines (CONTRACT §8) in the order-lines table: part number, item (a link to the tool),
 * the quantity (editable: the whole cart is PUT again), unit price after price breaks, line total,
 * each line's sales tax once the checkout knows where it ships, the line's problem, Remove. Empty:
 * a way to the catalogue.
 */
export function CartTable({ state, tax = null, checkoutProblems, onChanged, onMoved }: CartTableProps) {
  const { cart } = state;
  const { replaceCart, pending } = useReplaceCart();
  // A refused PUT's word on lines, for the cart it was about (a newer answer clears it).
  const [refused, setRefused] = useState<{ for: Cart; byLine: Map<number, string> } | null>(null);

  /**
   * PUTs the cart's lines as `change` leaves them (null: removed), if the cart is still the one
   * shown (If-Match its version): a cart that changed meanwhile in another tab or device is not
   * overwritten; it is shown as it is now, and the page says so (onMoved). Lines whose tool is
   * gone are left out (decision 0033); the server's `lines.{i}` are read back to the rows.
   */
  const put = async (change: (line: CartLineInput, index: number) => CartLineInput | null) => {
    if (!cart) return;
    const rows: number[] = [];
    const lines: CartLineInput[] = [];
    cart.lines.forEach((l, i) => {
      const next = isGone(l) ? null : change({ toolId: l.toolId, quantity: l.quantity, ...(l.backorder ? { backorder: true } : {}) }, i);
      if (next) {
        rows.push(i);
        lines.push(next);
      }
    });
    try {
      await replaceCart(lines, cart.version);
      setRefused(null);
      onChanged();
    } catch (err) {
      if (cartNowOf(err)) {
        setRefused(null);
        onMoved();
        return;
      }
      notify.error((err as Error).message);
      setRefused({ for: cart, byLine: new Map([...problemsByLine(err)].map(([i, m]) => [rows[i] ?? i, m])) });
    }
  };
  const setQuantity = (index: number, quantity: number) => void put((l, i) => (i === index ? { ...l, quantity } : l));
  // CONTRACT §14 (decision 0080): the line may backorder what is not in stock, or not.
  const setBackorder = (index: number, backorder: boolean) =>
    void put((l, i) => {
      if (i !== index) return l;
      const { backorder: _, ...rest } = l;
      return backorder ? { ...rest, backorder: true } : rest;
    });
  const remove = (index: number) => void put((l, i) => (i === index ? null : l));
  const refusedByLine = refused && refused.for === cart ? refused.byLine : null;
  const problemOf = (l: CartLine, i: number) => refusedByLine?.get(i) ?? checkoutProblems.get(i) ?? l.problem;

  const after: Column<CartLine>[] = [
    taxColumn<CartLine>(tax, (l) => l.toolId),
    lineCheckColumn(problemOf, 'cart-line-problem'),
    {
      id: 'remove',
      header: 'Remove',
      cell: (l, i) => (
        <Button variant="danger" size="small" onClick={() => remove(i)} disabled={pending} aria-label={`Remove ${lineName(l)} from the cart`}>
          Remove
        </Button>
      ),
    },
  ];

  const lines = useMemo(() => cart?.lines ?? [], [cart]);
  // The server already prices a member's lines at their contract price (decision 0057); the page
  // says which lines those are, from the same overlay as the catalogue (decision 0062).
  const contracts = useContractPrices(useMemo(() => lines.map((l) => l.toolId), [lines])).byTool;
  return (
    <>
      <OrderLinesTable
        caption="Your cart"
        lines={lines}
        cells={{
          name: (l) => <LinePart line={l} />,
          price: (l) => (l.price === null ? '—' : <PriceCell amount={l.price} contract={contracts.has(l.toolId)} />),
          quantity: (l, i) => (
            <>
              <QuantityInput key={`${l.toolId}-${l.quantity}-${cart?.version ?? ''}`} line={l} busy={pending} onChange={(q) => setQuantity(i, q)} />
              <BackorderTick line={l} busy={pending} onChange={(b) => setBackorder(i, b)} />
            </>
          ),
        }}
        after={after}
        load={{ loading: state.loading, error: state.error, retry: state.retry }}
        rowKey={(l) => l.toolId}
        rowTestId="cart-line"
        minWidth={760}
        rowsAtOnce
        empty={<EmptyState title="Your cart is empty." link={{ to: paths.catalog, label: 'Browse the catalogue' }} />}
      />
      {/* What the lines come to is the checkout's first row (Parts), with the shipping, tax and total (CONTRACT §15). */}
    </>
  );
}
