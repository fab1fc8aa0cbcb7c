import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { API, type OrderFilterParams } from '@fridgeparts/common/api-paths';
import { BOOKING_STATES } from '@fridgeparts/common/constants';
import { OutlinedField, OutlinedNativeSelect } from '../../../components/outlined-field';
import { useFileDownload } from '../../../lib/use-file-download';

const STATE_LABELS: Record<string, string> = { reserved: 'Reserved (unpaid)', paid: 'Paid', shipped: 'Shipped', refunded: 'Refunded', expired: 'Expired' };

/**
 * Manage All Orders filters (CONTRACT §7): state and an inclusive date range, and Export CSV of
 * the same selection (GET /bookingOrder/export.csv, fetched with the admin's token). Shown at
 * first paint, so its fields are the light outlined ones (no TextField, Select or Menu) and the
 * state is a native select.
 */
export function OrderFilters({ value, onChange }: { value: OrderFilterParams; onChange: (next: OrderFilterParams) => void }) {
  const { busy: exporting, download } = useFileDownload();
  const rangeError = value.from && value.to && value.from > value.to ? 'From must be on or before To' : null;
  const set = (key: keyof OrderFilterParams, v: string) => onChange({ ...value, [key]: v || undefined });

  const exportCsv = () => download(API.exportOrders(value), `orders-${new Date().toISOString().slice(0, 10)}.csv`);

  return (
    <Box component="form" role="search" aria-label="Filter orders" onSubmit={(e) => e.preventDefault()} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}>
      <OutlinedNativeSelect label="State" value={value.state ?? ''} onChange={(e) => set('state', e.target.value)} sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}>
        <option value="">All states</option>
        {BOOKING_STATES.map((s) => (
          <option key={s} value={s}>
            {STATE_LABELS[s]}
          </option>
        ))}
      </OutlinedNativeSelect>
      <OutlinedField label="From" type="date" shrink value={value.from ?? ''} onChange={(e) => set('from', e.target.value)} sx={{ flex: { xs: '1 1 40%', sm: '0 1 170px' } }} />
      <OutlinedField
        label="To"
        type="date"
        shrink
        value={value.to ?? ''}
        onChange={(e) => set('to', e.target.value)}
        error={!!rangeError}
        helperText={rangeError ?? undefined}
        sx={{ flex: { xs: '1 1 40%', sm: '0 1 170px' } }}
      />
      <Button variant="outlined" onClick={() => void exportCsv()} disabled={exporting || !!rangeError} sx={{ alignSelf: 'center' }}>
        {exporting ? 'Exporting…' : 'Export CSV'}
      </Button>
    </Box>
  );
}
