import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Booking } from '@fridgeparts/common/booking';
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

/**
 * Quick order (CONTRACT §7): pasted `PART-NUMBER quantity` lines or a CSV file, each line checked
 * and shown before anything is sent; then all lines are booked together or none
 * (POST /booking/quick), and the server's word on each line appears on that line.
 */
export function QuickOrderForm() {
  const quickOrder = useQuickOrder();
  const [text, setText] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const [poNumber, setPoNumber] = useState('');
  const [fromServer, setFromServer] = useState<Map<number, string>>(new Map());
  const [booked, setBooked] = useState<Booking[] | null>(null);
  const [sending, setSending] = useState(false);
  const lines = useMemo(() => parseQuickOrder(text), [text]);
  const problems = lines.filter((l) => l.problem).length;
  const contactMissing = !phone.trim() || !address.trim();

  const edit = (next: string) => {
    setText(next);
    setFromServer(new Map());
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > 64 * 1024) {
      notify.error('That file is too large for a quick order (at most 64 KB, 50 lines).');
      return;
    }
    edit(await file.text());
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (problems || lines.length === 0 || contactMissing) return;
    setSending(true);
    try {
      const body = { lines: lines.map((l) => ({ partNumber: l.partNumber, quantity: l.quantity })), phone, address, ...(poNumber.trim() ? { poNumber: poNumber.trim() } : {}) };
      const result = await quickOrder(body);
      setBooked(result);
      notify.success(`${result.length} ${result.length === 1 ? 'line' : 'lines'} booked`);
      setText('');
    } catch (err) {
      const perLine = serverProblems(err);
      setFromServer(perLine);
      notify.error((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Quick order" sx={{ display: 'grid', gap: 2, maxWidth: 820 }}>
      {booked && (
        <Alert severity="success" data-testid="quick-order-done">
          Booked: {booked.map((b) => b.orderNumber).join(', ')}.{' '}
          <RouterLink to="/dashboard/myorder">See them in My Orders</RouterLink> to pay.
        </Alert>
      )}
      <TextField
        label="Lines: part number and quantity"
        multiline
        minRows={5}
        value={text}
        onChange={(e) => edit(e.target.value)}
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
                const problem = l.problem ?? fromServer.get(i) ?? null;
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
        <TextField label="Phone" type="tel" autoComplete="tel" required value={phone} onChange={(e) => setPhone(e.target.value)} />
        <TextField
          label="PO number (optional)"
          value={poNumber}
          onChange={(e) => setPoNumber(e.target.value)}
          helperText="Your purchase-order or job reference, up to 35 characters"
          slotProps={{ htmlInput: { maxLength: 35 } }}
        />
      </Box>
      <TextField label="Address" autoComplete="street-address" required multiline minRows={2} value={address} onChange={(e) => setAddress(e.target.value)} />
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
