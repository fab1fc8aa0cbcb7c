import { useId } from 'react';
import { API, type OrderFilterParams } from '@fridgeparts/common/api-paths';
import { BOOKING_STATES, FIRST_FILTER_DAY, LAST_FILTER_DAY } from '@fridgeparts/common/constants';
import field from '../../../components/form/form-input.module.css';
import ui from '../../../components/ui.module.css';
import { useFileDownload } from '../../../lib/use-file-download';
import css from './order-filters.module.css';

const STATE_LABELS: Record<string, string> = { reserved: 'Reserved (unpaid)', paid: 'Paid', shipped: 'Shipped', refunded: 'Refunded', expired: 'Expired' };

/**
 * Manage All Orders filters (CONTRACT §7): state and an inclusive date range, and Export CSV of
 * the same selection (GET /bookingOrder/export.csv, fetched with the admin's token). Plain
 * inputs and the browser's own select (as My Orders, decision 0024).
 */
export function OrderFilters({ value, onChange }: { value: OrderFilterParams; onChange: (next: OrderFilterParams) => void }) {
  const { busy: exporting, download } = useFileDownload();
  const id = useId();
  const rangeError = value.from && value.to && value.from > value.to ? 'From must be on or before To' : null;
  const set = (key: keyof OrderFilterParams, v: string) => onChange({ ...value, [key]: v || undefined });

  const exportCsv = () => download(API.exportOrders(value), `orders-${new Date().toISOString().slice(0, 10)}.csv`);

  return (
    <form role="search" aria-label="Filter orders" onSubmit={(e) => e.preventDefault()} className={css.filters}>
      <div className={`${field.field} ${css.state}`}>
        <label htmlFor={`${id}-state`} className={field.label}>
          State
        </label>
        <select id={`${id}-state`} className={`${field.input} ${css.select}`} value={value.state ?? ''} onChange={(e) => set('state', e.target.value)}>
          <option value="">All states</option>
          {BOOKING_STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className={`${field.field} ${css.date}`}>
        <label htmlFor={`${id}-from`} className={field.label}>
          From
        </label>
        <input id={`${id}-from`} type="date" min={FIRST_FILTER_DAY} max={LAST_FILTER_DAY} className={field.input} value={value.from ?? ''} onChange={(e) => set('from', e.target.value)} />
      </div>
      <div className={`${field.field} ${css.date}`}>
        <label htmlFor={`${id}-to`} className={field.label}>
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          // The days the shop can store (CONTRACT §13); the server refuses others with 400.
          min={FIRST_FILTER_DAY}
          max={LAST_FILTER_DAY}
          className={field.input}
          value={value.to ?? ''}
          onChange={(e) => set('to', e.target.value)}
          aria-invalid={!!rangeError}
          aria-describedby={rangeError ? `${id}-range` : undefined}
        />
        {rangeError && (
          <p id={`${id}-range`} className={field.error}>
            {rangeError}
          </p>
        )}
      </div>
      <button type="button" className={`${ui.button} ${ui.outlined} ${css.export}`} onClick={() => void exportCsv()} disabled={exporting || !!rangeError}>
        {exporting ? 'Exporting…' : 'Export CSV'}
      </button>
    </form>
  );
}
