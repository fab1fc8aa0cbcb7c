import type { ShippingMethod } from '@fridgeparts/common/shipping/methods.answers';
import { Button } from '../../../components/button';
import { ConfirmDeleteButton } from '../../../components/confirm-button';
import { EmptyState, Table, type Column, type LoadedRows } from '../../../components/table';
import { CARRIER_NAMES } from '../../../lib/domain/shipping-words';
import { rateLines, transitText, zonesText } from '../lib/method-text';
import css from './shipping-methods-table.module.css';

export interface ShippingMethodsTableProps {
  rows: LoadedRows<ShippingMethod>;
  onEdit: (method: ShippingMethod) => void;
  /** Pointing at or focusing Edit starts loading the form. */
  onPreloadEdit: () => void;
  onDelete: (method: ShippingMethod) => Promise<unknown>;
}

/**
 * The shop's shipping methods for the admin (CONTRACT §14, decision 0078), each in words: its
 * zones, its rates in the order they are tried, its days in transit, whether it is freight only;
 * Edit, and Delete behind the shop's confirmation. The shared Table: columns at a laptop's width
 * (fixed widths for all but the zones and rates, so nothing moves when the rows arrive), a card a
 * method on a phone.
 */
export function ShippingMethodsTable({ rows, onEdit, onPreloadEdit, onDelete }: ShippingMethodsTableProps) {
  const columns: Column<ShippingMethod>[] = [
    {
      id: 'name',
      header: 'Method',
      className: css.name,
      cell: (m) => (
        <>
          <span className={css.methodName}>{m.name}</span>
          <span className={css.id}>{m.id}</span>
        </>
      ),
    },
    { id: 'carrier', header: 'Carrier', className: css.carrier, cell: (m) => CARRIER_NAMES[m.carrier] },
    { id: 'zones', header: 'Zones', className: css.zones, cell: (m) => zonesText(m.zones) },
    {
      id: 'rates',
      header: 'Rates (first that fits)',
      className: css.ratesCell,
      cell: (m) => (
        <ol className={css.rates} data-testid="method-rates">
          {rateLines(m.rates).map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ol>
      ),
    },
    { id: 'transit', header: 'Transit', className: css.transit, cell: (m) => transitText(m.transitDays) },
    { id: 'freight', header: 'Freight only', className: css.freight, cell: (m) => (m.freightOnly ? 'Yes' : 'No') },
    {
      id: 'actions',
      header: 'Actions',
      className: css.actions,
      cell: (m) => (
        <div className={css.buttons}>
          <Button
            variant="outlined"
            size="small"
            onClick={() => onEdit(m)}
            onPointerEnter={onPreloadEdit}
            onFocus={onPreloadEdit}
            aria-label={`Edit ${m.name}`}
          >
            Edit
          </Button>
          <ConfirmDeleteButton
            size="small"
            details={`The shipping method ${m.name} (${m.id}): buyers no longer see it; orders already placed keep their copy.`}
            doneMessage="Shipping method deleted."
            onConfirm={() => onDelete(m)}
            aria-label={`Delete ${m.name}`}
          >
            Delete
          </ConfirmDeleteButton>
        </div>
      ),
    },
  ];
  return (
    <div className={css.methods}>
      <Table
        caption="Shipping methods"
        columns={columns}
        rows={rows}
        rowKey={(m) => m.id}
        rowTestId="shipping-method-row"
        minWidth={760}
        empty={
          <EmptyState title="No shipping methods yet">
            <p className={css.emptyText}>Until there is one, orders are charged no shipping. Add one with the button above.</p>
          </EmptyState>
        }
      />
    </div>
  );
}
