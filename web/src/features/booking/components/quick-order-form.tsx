import { useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { Booking } from '@fridgeparts/common/booking';
import { FormInput, FormTextarea } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import ui from '../../../components/ui.module.css';
import { ApiError } from '../../../lib/api-client';
import { useQuickOrder } from '../api/use-create-booking';
import { notify } from '../../../lib/toast';
import { useAddToCart } from '../../../lib/use-cart';
import { parseQuickOrder } from '../lib/parse-quick-order';
import { paths } from '../../../lib/paths';
import css from './quick-order-form.module.css';

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

/** "3 lines": every line is in the one order (CONTRACT §8). */
const linesOf = (b: Booking) => {
  const n = b.lineCount;
  return `${n} ${n === 1 ? 'line' : 'lines'}`;
};

interface QuickOrderFields {
  text: string;
  phone: string;
  address: string;
  poNumber: string;
}

/**
 * Quick order (CONTRACT §7): pasted `PART-NUMBER quantity` lines or a CSV file, each line checked
 * and shown before anything is sent; then all lines are booked together as one order, or none
 * (POST /booking/quick), and the server's word on each line appears on that line.
 * Plain markup and CSS, no MUI in the page's first load (issue 9).
 */
export function QuickOrderForm() {
  const quickOrder = useQuickOrder();
  const { addToCart, pending: adding } = useAddToCart();
  // Lines put into the cart (CONTRACT §8), for the note that links to it.
  const [carted, setCarted] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [booked, setBooked] = useState<Booking | null>(null);
  // The server's word on each line, for the text it was given: editing the lines clears it.
  const [fromServer, setFromServer] = useState<{ text: string; byLine: Map<number, string> } | null>(null);
  const { form, submit, isSubmitting: sending } = useShopForm<QuickOrderFields, QuickOrderFields, Booking>({
    // No client schema: the lines are checked by parseQuickOrder as they are typed, the rest by the server.
    defaultValues: { text: '', phone: '', address: '', poNumber: '' },
    action: async ({ text, phone, address, poNumber }, f) => {
      const sent = parseQuickOrder(text);
      const body = { lines: sent.map((l) => ({ partNumber: l.partNumber, quantity: l.quantity })), phone, address, ...(poNumber.trim() ? { poNumber: poNumber.trim() } : {}) };
      let result: Booking;
      try {
        result = await quickOrder(body);
      } catch (err) {
        setFromServer({ text, byLine: serverProblems(err) });
        notify.error((err as Error).message);
        throw err;
      }
      setBooked(result);
      setCarted(null);
      f.setValue('text', '');
      return result;
    },
    success: (_values, result) => `Order ${result.orderNumber} booked: ${linesOf(result)}`,
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

  /**
   * Add to cart: the lines go into the cart (POST /cart/lines: the server merges them with what
   * is there, a part already in it gets the quantity added), to check out later with other parts.
   * Needs no phone or address. The server's word on a line (an unknown part number) appears on
   * that line, as for booking.
   */
  const putInCart = async () => {
    if (problems || lines.length === 0 || adding || sending) return;
    const sent = text;
    const added = lines.map((l) => ({ partNumber: l.partNumber, quantity: l.quantity ?? 0 }));
    try {
      await addToCart(added);
    } catch (err) {
      setFromServer({ text: sent, byLine: serverProblems(err) });
      notify.error((err as Error).message);
      return;
    }
    setBooked(null);
    setCarted(added.length);
    setFromServer(null);
    form.setValue('text', '');
    notify.success(`Added ${added.length === 1 ? '1 line' : `${added.length} lines`} to your cart`);
  };

  const send = (e: React.FormEvent) => {
    if (problems || lines.length === 0 || contactMissing) {
      e.preventDefault();
      return;
    }
    void submit(e);
  };

  return (
    <form noValidate onSubmit={send} aria-label="Quick order" className={css.form}>
      {carted !== null && (
        <div role="status" className={css.done} data-testid="quick-order-carted">
          Added {carted === 1 ? '1 line' : `${carted} lines`} to your cart. <RouterLink to={paths.cart}>Go to the cart</RouterLink> to check out.
        </div>
      )}
      {booked && (
        // role="alert" as MUI's Alert had: the booking is announced where it appears.
        <div role="alert" className={css.done} data-testid="quick-order-done">
          Booked: order {booked.orderNumber} with {linesOf(booked)}. <RouterLink to={paths.myOrders}>See it in My Orders</RouterLink> to pay.
        </div>
      )}
      <FormTextarea
        form={form}
        name="text"
        label="Lines: part number and quantity"
        rows={5}
        placeholder={'FP-CMP-134A-033 5\nFP-THM-CC-036 25'}
        helperText="One line per part: PART-NUMBER quantity (space, tab, comma or semicolon between them), at most 50 lines."
        spellCheck={false}
      />
      <div className={css.row}>
        {/* A real button opens the hidden file input: reachable with Tab, Enter and Space. */}
        <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => fileInput.current?.click()}>
          Upload CSV
        </button>
        <input
          ref={fileInput}
          className={css.fileInput}
          type="file"
          accept=".csv,text/csv,text/plain"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            // The same file chosen again (after editing it) is read again.
            e.target.value = '';
          }}
          data-testid="quick-order-file"
        />
        <p className={css.note}>A CSV with partNumber,quantity columns (a header row is optional).</p>
      </div>

      {lines.length > 0 && (
        <div className={css.scroll}>
          <table className={css.table} aria-label="Lines to book" data-testid="quick-order-lines">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Part number</th>
                <th scope="col" className={css.right}>
                  Quantity
                </th>
                <th scope="col">Check</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l, i) => {
                const problem = l.problem ?? serverByLine?.get(i) ?? null;
                return (
                  <tr key={`${l.lineNumber}-${l.text}`} data-testid="quick-order-line">
                    <td>{l.lineNumber}</td>
                    <td className={css.part}>{l.partNumber || l.text}</td>
                    <td className={css.right}>{l.quantity ?? '—'}</td>
                    <td className={problem ? css.problem : css.ok}>{problem ?? 'OK'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <div className={css.pair}>
        <FormInput form={form} name="phone" label="Phone" type="tel" autoComplete="tel" required />
        <FormInput form={form} name="poNumber" label="PO number (optional)" helperText="Your purchase-order or job reference, up to 35 characters" maxLength={35} />
      </div>
      <FormTextarea form={form} name="address" label="Address" autoComplete="street-address" required rows={2} />
      <div className={css.row}>
        <button type="submit" className={`${ui.button} ${ui.contained} ${ui.large}`} disabled={sending || lines.length === 0 || problems > 0 || contactMissing}>
          {sending ? 'Booking…' : lines.length === 1 ? 'Book 1 line' : lines.length > 1 ? `Book ${lines.length} lines` : 'Book lines'}
        </button>
        {/* Or collect them in the cart with other parts, and check out there (CONTRACT §8). */}
        <button type="button" className={`${ui.button} ${ui.outlined} ${ui.large}`} disabled={adding || sending || lines.length === 0 || problems > 0} onClick={() => void putInCart()}>
          {adding ? 'Adding…' : 'Add to cart'}
        </button>
        <p className={problems ? `${css.note} ${css.noteError}` : css.note} aria-live="polite">
          {lines.length === 0
            ? 'Paste lines or upload a CSV to start.'
            : problems
              ? `${problems} of ${lines.length} lines need fixing before booking.`
              : contactMissing
                ? 'Add a phone number and an address to book now, or add the lines to your cart.'
                : 'All lines are booked together, or none is. Or add them to your cart.'}
        </p>
      </div>
    </form>
  );
}
