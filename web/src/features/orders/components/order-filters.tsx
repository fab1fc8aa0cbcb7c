import { useId } from 'react';
import { API, type OrderFilterParams } from '@fridgeparts/common/api-paths';
import { BOOKING_STATES, FIRST_FILTER_DAY, LAST_FILTER_DAY } from '@fridgeparts/common/constants';
import { stateView } from '@fridgeparts/common/order-state-view';
import { Button } from '../../../components/button';
import { Field, fieldControlClass } from '../../../components/form/field';
import { useFileDownload } from '../../../lib/infra/use-file-download';
import css from './order-filters.module.css';

/**
 * Manage All Orders filters (CONTRACT §7): state, or "To ship" (CONTRACT §14: paid or confirmed
 * with lines left to ship, oldest first), and an inclusive date range, and Export CSV of
 * the same selection (GET /bookingOrder/export.csv, fetched with the admin's token). Plain
 * inputs and the browser's own select (as My Orders, decision 0024).
 */
export function OrderFilters({ value, onChange }: { value: OrderFilterParams; onChange: (next: OrderFilterParams) => void }) {
  const { busy: exporting, download } = useFileDownload();
  const id = useId();
  const rangeError = value.from && value.to && value.from > value.to ? 'From must be on or before To' : null;
  const set = (key: 'state' | 'from' | 'to', v: string) => onChange({ ...value, [key]: v || undefined });
  // "To ship" selects its own states (decision 0079): the server refuses it with a state, so it replaces one.
  const toShip = value.toShip === 'true';
  const setToShip = (on: boolean) => onChange({ ...value, toShip: on ? 'true' : undefined, ...(on ? { state: undefined } : {}) });

  const exportCsv = () => download(API.exportOrders(value), `orders-${new Date().toISOString().slice(0, 10)}.csv`);

  return (
    <form role="search" aria-label="Filter orders" onSubmit={(e) => e.preventDefault()} className={css.filters}>
      <Field id={`${id}-state`} label="State" className={css.state}>
        <select
          id={`${id}-state`}
          className={`${fieldControlClass} ${css.select}`}
          value={value.state ?? ''}
          onChange={(e) => set('state', e.target.value)}
          disabled={toShip}
        >
          <option value="">All states</option>
          {BOOKING_STATES.map((s) => (
            <option key={s} value={s}>
              {stateView(s).label}
            </option>
          ))}
        </select>
      </Field>
      <label className={css.toShip}>
        <input type="checkbox" checked={toShip} onChange={(e) => setToShip(e.target.checked)} data-testid="to-ship" />
        To ship <span className={css.hint}>(oldest first)</span>
      </label>
      <Field id={`${id}-from`} label="From" className={css.date}>
        <input
          id={`${id}-from`}
          type="date"
          min={FIRST_FILTER_DAY}
          max={LAST_FILTER_DAY}
          className={fieldControlClass}
          value={value.from ?? ''}
          onChange={(e) => set('from', e.target.value)}
        />
      </Field>
      <Field id={`${id}-to`} label="To" message={rangeError ?? undefined} invalid={!!rangeError} className={css.date}>
        <input
          id={`${id}-to`}
          type="date"
          // The days the shop can store (CONTRACT §13); the server refuses others with 400.
          min={FIRST_FILTER_DAY}
          max={LAST_FILTER_DAY}
          className={fieldControlClass}
          value={value.to ?? ''}
          onChange={(e) => set('to', e.target.value)}
          aria-invalid={!!rangeError}
          aria-describedby={rangeError ? `${id}-to-message` : undefined}
        />
      </Field>
      <Button variant="outlined" className={css.export} onClick={() => void exportCsv()} disabled={exporting || !!rangeError}>
        {exporting ? 'Exporting…' : 'Export CSV'}
      </Button>
    </form>
  );
}
