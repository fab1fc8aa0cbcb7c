import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { ZodType } from 'zod';
import { formatDollars } from '@fridgeparts/common/money';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Booking, QuickOrderInput } from '@fridgeparts/common/booking';
import { Button } from '../../../components/button';
import { ContactFields, contactDefaults, type ContactValues } from '../../../components/form/contact-fields';
import { FormTextarea } from '../../../components/form/form-input';
import { OnAccountNotice } from '../../../components/form/on-account-notice';
import { LimitNotice } from './limit-notice';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { chosenOption, ShippingOptionsField } from '../../../components/form/shipping-options';
import { shippingAmountText } from '../../../lib/domain/shipping-words';
import { optionsWaitingText, placeText } from '../../../components/form/shipping-place';
import { useShippingOptions, whereOfAddress } from '../../../lib/domain/shipping-api';
import { useKeepTyped } from '../../../components/form/use-typed-values';
import { useMemberForm, type MemberForm } from '../../../components/form/use-member-form';
import { isLinePath, problemsByLine } from '../../../lib/domain/line-problems';
import { useQuickOrder } from '../api/use-create-booking';
import { notify } from '../../../lib/infra/toast';
import { useAddToCart } from '../../../lib/domain/use-cart';
import { creditRefusalOf } from '../../../lib/domain/on-account';
import { limitHintBeforeTax } from '../lib/limit-hint';
import { useContractPrices } from '../../../lib/domain/use-contract-prices';
import { countOf } from '../../../lib/domain/plural';
import { parseQuickOrder, type QuickOrderLine } from '../lib/parse-quick-order';
import type { Column } from '../../../components/table';
import { quickOrderTotal } from '../lib/quick-order-total';
import { TAX_ADDED_NOTE } from '../../../lib/domain/tax-note';
import { paths } from '../../../lib/infra/paths';
import { useResolvedNumbers, type NumberCheck } from '../../../lib/domain/use-resolved-numbers';
import css from './quick-order-form.module.css';

interface QuickOrderFields extends ContactValues {
  text: string;
}

/** What the form's check gives: the text as typed, the contact as the server takes it. */
type QuickOrderChecked = { text: string } & Omit<QuickOrderInput, 'lines'>;

/** What is wrong with a line's number, from the shop's check of it; null when nothing is. */
export function numberProblem(partNumber: string, check: NumberCheck | undefined): string | null {
  if (check?.state === 'ambiguous') return check.message;
  if (check?.state !== 'unknown') return null;
  const nearest = check.suggestions.slice(0, 3).map((s) => `${s.partNumber} (${s.name})`);
  return `No part has the number ${partNumber}.${nearest.length ? ` Nearest: ${nearest.join(', ')}.` : ''}`;
}

/** The checked lines' table: loaded when the form is first focused (the page opens with none). */
const loadLines = () => import('./quick-order-lines');
const QuickOrderLines = lazy(loadLines);

const NO_IDS: readonly string[] = [];

/**
 * How many of the part are available now, when a line asks for more (so it books only as a
 * backorder, CONTRACT §14); null when the line fits the stock or its part is not found yet.
 */
export function shortOf(line: Pick<QuickOrderLine, 'quantity' | 'problem'>, check: NumberCheck | undefined): number | null {
  if (line.problem || check?.state !== 'found' || line.quantity === null) return null;
  const { availability } = check.answer.part;
  if (!availability || availability.status === 'discontinued') return null;
  return line.quantity > availability.available ? availability.available : null;
}

/** A line's key for its backorder tick: the tick stays with the part and quantity it was given for. */
const tickKey = (l: Pick<QuickOrderLine, 'partNumber' | 'quantity'>) => `${l.partNumber}:${l.quantity ?? ''}`;

/**
 * Quick order (CONTRACT §7): pasted `PART-NUMBER quantity` lines or a CSV file, each line checked
 * and shown before anything is sent; then all lines are booked together as one order, or none
 * (POST /booking/quick), and the server's word on each line appears on that line.
 * Plain markup and CSS, no MUI in the page's first load (issue 9).
 */
export function QuickOrderForm() {
  // A company member ships to one of the company's locations (CONTRACT §10, decision 0060): the
  // form is made anew when the membership becomes known; until then, and for anyone in no company,
  // it asks for an address as before. A member of a Net 30 company books on account (decision
  // 0063): the form says so, and a confirmed order opens its order page, where its invoice is.
  // What was typed before that moment carries over to the new form: a buyer who starts typing at
  // once must not lose it, and a company read again never remakes it
  // (useMemberForm, decision 0076).
  const { key, ...member } = useMemberForm<QuickOrderFields>();
  return <QuickOrderFormOf key={key} {...member} />;
}

function QuickOrderFormOf({ shipTo, typed, account, spendingLimit, refreshAccount }: Omit<MemberForm<QuickOrderFields>, 'key'>) {
  const quickOrder = useQuickOrder();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { addToCart, pending: adding } = useAddToCart();
  // Lines put into the cart (CONTRACT §8), for the note that links to it.
  const [carted, setCarted] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [booked, setBooked] = useState<Booking | null>(null);
  // The server's word on each line, for the text it was given: editing the lines clears it.
  const [fromServer, setFromServer] = useState<{ text: string; byLine: Map<number, string> } | null>(null);
  // "Backorder the rest" ticks (decision 0080), by part and quantity: a line edited is asked again.
  const [backorders, setBackorders] = useState<ReadonlySet<string>>(new Set());
  const backorderOf = (l: Pick<QuickOrderLine, 'partNumber' | 'quantity'>) => (backorders.has(tickKey(l)) ? { backorder: true } : {});
  const {
    form,
    submit,
    prefetch,
    isSubmitting: sending,
    formError,
  } = useShopForm<QuickOrderFields, QuickOrderChecked, Booking>({
    // The lines are checked by parseQuickOrder as they are typed; the contact as checkout checks it
    // (zod loads when the form is first used, not with the page).
    // A member's schema reads shipToId instead of the address the form holds but does not show.
    // Anyone else's sends the address object, everyone's the shipping option (decision 0076).
    schema: () =>
      Promise.all([import('@fridgeparts/common/booking'), import('../../../components/form/order-form-schemas')]).then(
        ([m, s]) =>
          (shipTo ? s.withShippingMethod(m.quickOrderMemberFormSchema) : s.withShippingAddress(m.quickOrderFormSchema)) as unknown as ZodType<
            QuickOrderChecked,
            QuickOrderFields
          >,
      ),
    defaultValues: { text: '', ...contactDefaults(shipTo), ...typed.current },
    action: async ({ text, phone, shippingAddress, shipToId, shippingMethodId, poNumber, shipComplete }, f) => {
      const sent = parseQuickOrder(text);
      const body = {
        lines: sent.map((l) => ({ partNumber: l.partNumber, quantity: l.quantity, ...backorderOf(l) })),
        ...(shipComplete ? { shipComplete: true } : {}),
        phone,
        // A company member names a ship-to location, anyone else the address object; never both.
        ...(shipToId ? { shipToId } : { shippingAddress }),
        ...(shippingMethodId ? { shippingMethodId } : {}),
        ...(poNumber ? { poNumber } : {}),
      };
      let result: Booking;
      try {
        result = await quickOrder(body);
      } catch (err) {
        setFromServer({ text, byLine: problemsByLine(err) });
        const credit = account && creditRefusalOf(err);
        // Over the company's credit limit: said beside the credit left, which is read again.
        if (credit) {
          setRefusal(credit);
          refreshAccount();
        } else notify.error((err as Error).message);
        throw err;
      }
      setRefusal(null);
      if (account) refreshAccount();
      // Confirmed on account: the order page shows the invoice's link once it is issued.
      if (result.state === 'confirmed') navigate(paths.order(result._id));
      setBooked(result);
      setCarted(null);
      f.setValue('text', '');
      return result;
    },
    success: (_values, result) =>
      `Order ${result.orderNumber} booked: ${countOf(result.lineCount, 'line')}${
        result.state === 'awaiting-approval' ? '. It waits for approval by your company admin.' : result.state === 'confirmed' ? ', confirmed on account.' : ''
      }`,
    // lines.<index>.<field> belong to the line table, not to a field.
    serverFieldName: (path) => (isLinePath(path) ? null : undefined),
  });
  const [text, phone, address, shipToId, methodId] = useWatch({
    control: form.control,
    name: ['text', 'phone', 'shippingAddress', 'shipToId', 'shippingMethodId'],
  });
  useKeepTyped(form, typed);
  const parsed = useMemo(() => parseQuickOrder(text), [text]);
  // Each well-formed number checked with the shop as it is typed: the part it names, or why none.
  // The form's first focus loads what its first line needs: the check's schema and the lines' table.
  const focused = () => {
    prefetch();
    void loadLines();
  };
  const checks = useResolvedNumbers(parsed.filter((l) => !l.problem).map((l) => l.partNumber));
  const lines = useMemo(() => parsed.map((l) => (l.problem ? l : { ...l, problem: numberProblem(l.partNumber, checks.get(l.partNumber)) })), [parsed, checks]);
  const problems = lines.filter((l) => l.problem).length;
  // What the lines come to at the member's prices, once all are found and those prices are in: an
  // order above the member's spending limit waits for approval, said before the click (CONTRACT §10).
  const partIds = useMemo(() => [...checks.values()].flatMap((c) => (c.state === 'found' ? [c.answer.part._id] : [])), [checks]);
  const contracts = useContractPrices(spendingLimit === null ? NO_IDS : partIds);
  const partsTotal = contracts.pending ? null : quickOrderTotal(lines, checks, contracts.byTool);
  // The shipping options for these parts and where they go (CONTRACT §14), once every line is good.
  const optionLines = lines.length > 0 && problems === 0 ? lines.map((l) => `${l.partNumber}:${l.quantity}`).join(',') : null;
  const where = shipTo ? (shipToId ? { shipToId } : null) : whereOfAddress(address);
  const shipping = useShippingOptions({ where, lines: optionLines });
  const chosen = chosenOption(shipping.options, methodId);
  const total = partsTotal === null ? null : partsTotal + (chosen?.amount ?? 0);
  // The server judges the limit on the total with shipping and sales tax (decision 0083); the form knows
  // it before the tax only: above the limit already, the order waits; near it, it may.
  const limitHint = limitHintBeforeTax(spendingLimit, total);
  const contactMissing = !phone.trim() || (shipTo ? !shipToId : !where || !address?.line1?.trim() || !address.city?.trim());
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
    const added = lines.map((l) => ({ partNumber: l.partNumber, quantity: l.quantity ?? 0, ...backorderOf(l) }));
    try {
      await addToCart(added);
    } catch (err) {
      setFromServer({ text: sent, byLine: problemsByLine(err) });
      notify.error((err as Error).message);
      return;
    }
    setBooked(null);
    setCarted(added.length);
    setFromServer(null);
    form.setValue('text', '');
    notify.success(`Added ${countOf(added.length, 'line')} to your cart`);
  };

  const send = (e: React.FormEvent) => {
    if (problems || lines.length === 0 || contactMissing) {
      e.preventDefault();
      return;
    }
    void submit(e);
  };

  // A line asking for more than is available may take what there is and backorder the rest (CONTRACT §14).
  const backorderColumn: Column<QuickOrderLine> = {
    id: 'backorder',
    header: 'Backorder',
    cell: (l: QuickOrderLine) => {
      const available = shortOf(l, checks.get(l.partNumber));
      if (available === null) return null;
      const key = tickKey(l);
      return (
        <label className={css.note}>
          <input
            type="checkbox"
            checked={backorders.has(key)}
            onChange={(e) => {
              const next = new Set(backorders);
              if (e.target.checked) next.add(key);
              else next.delete(key);
              setBackorders(next);
            }}
          />{' '}
          Backorder the rest ({available} available)
        </label>
      );
    },
  };
  return (
    <form noValidate onSubmit={send} onFocus={focused} aria-label="Quick order" className={css.form}>
      {carted !== null && (
        <div role="status" className={css.done} data-testid="quick-order-carted">
          Added {countOf(carted, 'line')} to your cart. <RouterLink to={paths.cart}>Go to the cart</RouterLink> to check out.
        </div>
      )}
      {booked && (
        // role="alert" as MUI's Alert had: the booking is announced where it appears.
        <div role="alert" className={css.done} data-testid="quick-order-done">
          Booked: order {booked.orderNumber} with {countOf(booked.lineCount, 'line')}.{' '}
          {booked.state === 'awaiting-approval' ? (
            // Over the buyer's spending limit (CONTRACT §10): nothing to pay until it is approved.
            <>
              Waiting for approval by your company admin: <RouterLink to={paths.order(booked._id)}>see the order</RouterLink>.
            </>
          ) : booked.state === 'confirmed' ? (
            // On account (decision 0063): paid by the company's invoice, linked on the order page.
            <>
              Confirmed on account: <RouterLink to={paths.order(booked._id)}>see the order and its invoice</RouterLink>.
            </>
          ) : (
            <>
              <RouterLink to={paths.myOrders}>See it in My Orders</RouterLink> to pay.
            </>
          )}
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
        <Button variant="outlined" onClick={() => fileInput.current?.click()}>
          Upload CSV
        </Button>
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
        <Suspense fallback={null}>
          <QuickOrderLines lines={lines} checks={checks} extra={[backorderColumn]} problemOf={(l, i) => l.problem ?? serverByLine?.get(i)} />
        </Suspense>
      )}

      <ContactFields form={form} shipTo={shipTo} />
      <ShippingOptionsField
        form={form}
        state={shipping}
        waitingText={
          optionLines === null ? 'The shipping options and dates appear once the lines are good and the address is given.' : optionsWaitingText(shipTo)
        }
        placeText={placeText(shipTo, shipToId, address)}
      />
      {total !== null && chosen && (
        <p className={css.note} data-testid="quick-order-total">
          Parts {formatDollars(partsTotal!)} · Shipping {shippingAmountText(chosen.amount)} · Total before sales tax {formatDollars(total)}
        </p>
      )}
      {/* The order is placed before it is paid: its Payment page (or, on account, its order page) shows the tax (CONTRACT §15). */}
      <p className={css.note} data-testid="tax-added-note">
        {TAX_ADDED_NOTE}
      </p>
      <LimitNotice hint={limitHint} />
      {account && <OnAccountNotice account={account} refusal={refusal} waits={limitHint?.kind === 'over'} />}
      <FormError message={formError} />
      <div className={css.row}>
        <Button type="submit" variant="contained" size="large" disabled={sending || lines.length === 0 || problems > 0 || contactMissing} busy={sending}>
          {sending ? 'Booking…' : `${lines.length > 0 ? `Book ${countOf(lines.length, 'line')}` : 'Book lines'}${account ? ' on account' : ''}`}
        </Button>
        {/* Or collect them in the cart with other parts, and check out there (CONTRACT §8). */}
        <Button variant="outlined" size="large" disabled={adding || sending || lines.length === 0 || problems > 0} onClick={() => void putInCart()}>
          {adding ? 'Adding…' : 'Add to cart'}
        </Button>
        <p className={problems ? `${css.note} ${css.noteError}` : css.note} aria-live="polite">
          {lines.length === 0
            ? 'Paste lines or upload a CSV to start.'
            : problems
              ? `${problems} of ${lines.length} lines need fixing before booking.`
              : contactMissing
                ? `Add a phone number and ${shipTo ? 'choose where it ships' : 'the address (street, city, state, postal code)'} to book now, or add the lines to your cart.`
                : 'All lines are booked together, or none is. Or add them to your cart.'}
        </p>
      </div>
    </form>
  );
}
