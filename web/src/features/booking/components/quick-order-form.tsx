import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { Booking } from '@fridgeparts/common/booking';
import { FormTextField } from '../../../components/form/form-text-field';
import { useShopForm } from '../../../components/form/use-shop-form';
import { ApiError } from '../../../lib/api-client';
import { useQuickOrder } from '../api/use-create-booking';
import { notify } from '../../../lib/toast';
import { parseQuickOrder } from '../lib/parse-quick-order';

/** The server names bad lines as lines.<index>.<field>; the index is the line's place in what was sent. */
function serverProblems(err: unknown): Map<number, string> {
  const byLine = new Map<number, string>();
  if (!(err instanceof ApiError) || !err.fields) return byLine;
  for (const [key, message] of Object.entries(err.fields)) {
    const m = /^lines\.(\d+)\./.exec(key);
    if (m) byLine.set(Number(m[1]), message);
  }
  return byLine;
}

interface QuickOrderFields {
  text: string;
  phone: string;
  address: string;
  poNumber: string;
}

/**
 * Quick order (CONTRACT §7): pasted `PART-NUMBER quantity` lines or a CSV file, each line checked
 * and shown before anything is sent; then all lines are booked together or none
 * (POST /booking/quick), and the server's word on each line appears on that line.
 */
export function QuickOrderForm() {
  const quickOrder = useQuickOrder();
  const [booked, setBooked] = useState<Booking[] | null>(null);
  // The server's word on each line, for the text it was given: editing the lines clears it.
  const [fromServer, setFromServer] = useState<{ text: string; byLine: Map<number, string> } | null>(null);
  const { form, submit, isSubmitting: sending } = useShopForm<QuickOrderFields, QuickOrderFields, Booking[]>({
    // No client schema: the lines are checked by parseQuickOrder as they are typed, the rest by the server.
    defaultValues: { text: '', phone: '', address: '', poNumber: '' },
    action: async ({ text, phone, address, poNumber }, f) => {
      const sent = parseQuickOrder(text);
      const body = { lines: sent.map((l) => ({ partNumber: l.partNumber, quantity: l.quantity })), phone, address, ...(poNumber.trim() ? { poNumber: poNumber.trim() } : {}) };
      let result: Booking[];
      try {
        result = await quickOrder(body);
      } catch (err) {
        setFromServer({ text, byLine: serverProblems(err) });
        notify.error((err as Error).message);
        throw err;
      }
      setBooked(result);
      f.setValue('text', '');
      return result;
    },
    success: (_values, result) => `${result.length} ${result.length === 1 ? 'line' : 'lines'} booked`,
    // lines.<index>.<field> belong to the line table, not to a field.
    serverFieldName: (path) => (path.startsWith('lines.') ? null : undefined),
  });
  const [text, phone, address] = useWatch({ control: form.control, name: ['text', 'phone', 'address'] });
  const lines = useMemo(() => parseQuickOrder(text), [text]);
  const problems = lines.filter((l) => l.problem).length;
  const contactMissing = !phone.trim() || !address.trim();
  const serverByLine = fromServer?.text === text ? fromServer.byLine : null;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > 64 * 1024) {
      notify.error('That file is too large for a quick order (at most 64 KB, 50 lines).');
      return;
    }
    form.setValue('text', await file.text(), { shouldDirty: true });
  };

  const send = (e: React.FormEvent) => {
    if (problems || lines.length === 0 || contactMissing) {
      e.preventDefault();
      return;
    }
    void submit(e);
  };

  return (
    <Box component="form" noValidate onSubmit={send} aria-label="Quick order" sx={{ display: 'grid', gap: 2, maxWidth: 820 }}>
      {booked && (
        <Alert severity="success" data-testid="quick-order-done">
          Booked: {booked.map((b) => b.orderNumber).join(', ')}.{' '}
          <RouterLink to="/dashboard/myorder">See them in My Orders</RouterLink> to pay.
        </Alert>
      )}
      <FormTextField
        form={form}
        name="text"
        label="Lines: part number and quantity"
        multiline
        minRows={5}
        placeholder={'FP-CMP-134A-033 5\nFP-THM-CC-036 25'}
        helperText="One line per part: PART-NUMBER quantity (space, tab, comma or semicolon between them), at most 50 lines."
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Button variant="outlined" component="label">
          Upload CSV
          <input hidden type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void upload(e.target.files?.[0])} data-testid="quick-order-file" />
        </Button>
        <Typography variant="body2" color="text.secondary">
          A CSV with partNumber,quantity columns (a header row is optional).
        </Typography>
      </Box>

      {lines.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Lines to book" data-testid="quick-order-lines">
            <TableHead>
              <TableRow>
                <TableCell>Line</TableCell>
                <TableCell>Part number</TableCell>
                <TableCell align="right">Quantity</TableCell>
                <TableCell>Check</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((l, i) => {
                const problem = l.problem ?? serverByLine?.get(i) ?? null;
                return (
                  <TableRow key={`${l.lineNumber}-${l.text}`} data-testid="quick-order-line">
                    <TableCell>{l.lineNumber}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{l.partNumber || l.text}</TableCell>
                    <TableCell align="right">{l.quantity ?? '—'}</TableCell>
                    <TableCell sx={{ color: problem ? 'error.main' : 'success.main' }}>{problem ?? 'OK'}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" required />
        <FormTextField
          form={form}
          name="poNumber"
          label="PO number (optional)"
          helperText="Your purchase-order or job reference, up to 35 characters"
          slotProps={{ htmlInput: { maxLength: 35 } }}
        />
      </Box>
      <FormTextField form={form} name="address" label="Address" autoComplete="street-address" required multiline minRows={2} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Button type="submit" variant="contained" size="large" disabled={sending || lines.length === 0 || problems > 0 || contactMissing}>
          {sending ? 'Booking…' : lines.length === 1 ? 'Book 1 line' : lines.length > 1 ? `Book ${lines.length} lines` : 'Book lines'}
        </Button>
        <Typography variant="body2" color={problems ? 'error' : 'text.secondary'} aria-live="polite">
          {lines.length === 0
            ? 'Paste lines or upload a CSV to start.'
            : problems
              ? `${problems} of ${lines.length} lines need fixing before booking.`
              : contactMissing
                ? 'Add a phone number and an address.'
                : 'All lines are booked together, or none is.'}
        </Typography>
      </Box>
    </Box>
  );
}
