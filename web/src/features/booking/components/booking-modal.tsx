import { useEffect, useId, useMemo, useState } from 'react';
import type { z } from 'zod';
import { bookingFormSchema, bookingMemberFormSchema, type BookingInput } from '@fridgeparts/common/booking';
import { MESSAGES } from '@fridgeparts/common/messages';
import { MAX_QUANTITY } from '@fridgeparts/common/constants';
import { backorderExpectedOn } from '@fridgeparts/common/availability/availability';
import { formatDollars } from '@fridgeparts/common/money';
import { unitPriceCentsFor } from '@fridgeparts/common/pricing';
import type { Tool } from '@fridgeparts/common/tool';
import { ContactFields, contactDefaults } from '../../../components/form/contact-fields';
import { OnAccountNotice } from '../../../components/form/on-account-notice';
import { LimitNotice } from './limit-notice';
import { Field, fieldControlClass } from '../../../components/form/field';
import { FormInput } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { withShippingAddress, withShippingMethod } from '../../../components/form/order-form-schemas';
import { EMPTY_ADDRESS, type AddressValues } from '../../../components/form/shipping-address-fields';
import { chosenOption, ShippingOptionsField } from '../../../components/form/shipping-options';
import { shippingAmountText } from '../../../lib/domain/shipping-words';
import { shopCalendarDay, shopToday } from '../../../lib/domain/date-format';
import { optionsWaitingText, placeText } from '../../../components/form/shipping-place';
import { useShippingOptions, whereOfAddress } from '../../../lib/domain/shipping-api';
import { TAX_ADDED_NOTE } from '../../../lib/domain/tax-note';
import { useKeepTyped } from '../../../components/form/use-typed-values';
import { useMemberForm, type MemberForm } from '../../../components/form/use-member-form';
import { DialogActions, Modal, ModalBody } from '../../../components/modal';
import modalCss from '../../../components/modal.module.css';
import { useSession } from '../../../lib/infra/session';
import { creditRefusalOf } from '../../../lib/domain/on-account';
import { limitHintBeforeTax } from '../lib/limit-hint';
import { useContractPrices } from '../../../lib/domain/use-contract-prices';
import { notify } from '../../../lib/infra/toast';
import { useCreateBooking } from '../api/use-create-booking';
import css from './booking-modal.module.css';

type Schema = ReturnType<typeof withShippingAddress<ReturnType<typeof bookingFormSchema>['shape']>>;
/**
 * The form holds the address's parts and, for a company member, the ship-to location (one of them
 * is shown), and the shipping option chosen (decision 0076).
 */
type FormValues = z.input<Schema> & { shipToId?: string; address?: string };

export interface BookingModalProps {
  tool: Tool;
  open: boolean;
  onClose: () => void;
  /** Reorder: the earlier booking's quantity, contact and PO number. */
  initial?: { quantity: number; phone: string; address: string; poNumber: string; shippingAddress?: AddressValues | null };
}

/**
 * Booking modal (SPEC §2): name and email read-only from the session, quantity defaulting to
 * the minimum, phone and address. A quantity out of range toasts the spec's message and keeps
 * submit disabled until it is corrected (SPEC §4, §8); the server checks the same rule again.
 *
 * A company member chooses one of the company's ship-to locations instead of typing an address,
 * as at checkout (decisions 0060, 0063); a member of a Net 30 company books on account, which the
 * modal says in place of the card step, with the credit-limit refusal (409) shown inside it. A total
 * above the member's spending limit says, before the click, that the order will wait for approval
 * (decision 0067). The
 * modal's form is made anew when the membership becomes known (its fields and schema differ;
 * useMemberForm, decision 0076); what was typed before then carries over to it.
 */
export default function BookingModal(props: BookingModalProps) {
  const { key, ...member } = useMemberForm<FormValues>();
  return <BookingModalOf key={key} {...props} {...member} />;
}

function BookingModalOf({
  tool,
  open,
  onClose,
  initial,
  shipTo,
  typed,
  account,
  spendingLimit,
  refreshAccount,
}: BookingModalProps & Omit<MemberForm<FormValues>, 'key'>) {
  const { user } = useSession();
  const { createBooking } = useCreateBooking();
  const [refusal, setRefusal] = useState<string | null>(null);
  // "Backorder the rest" (CONTRACT §14, decision 0080): ticked, the quantity is no longer bounded
  // by the stock (still by the minimum, the pack size and the line limit); the server reserves
  // what is on the shelf and backorders the rest.
  const [backorder, setBackorder] = useState(false);
  // A member's schema reads shipToId instead of the address the form holds but does not show.
  const schema = useMemo(() => {
    const bounded = backorder ? { ...tool, availableQuantity: MAX_QUANTITY } : tool;
    return shipTo ? (withShippingMethod(bookingMemberFormSchema(bounded)) as unknown as Schema) : withShippingAddress(bookingFormSchema(bounded));
  }, [tool, shipTo, backorder]);
  const blank = useMemo(
    () => ({
      toolId: tool._id,
      quantity: initial?.quantity ?? tool.minimumQuantity,
      phone: initial?.phone ?? '',
      address: initial?.address ?? '',
      shippingAddress: { ...EMPTY_ADDRESS, ...initial?.shippingAddress },
      shippingMethodId: '',
      poNumber: initial?.poNumber ?? '',
      ...(shipTo ? { shipToId: contactDefaults(shipTo).shipToId } : {}),
    }),
    [tool, initial, shipTo],
  );
  const { form, submit, errors, isSubmitting, formError } = useShopForm<FormValues, z.output<Schema> & { shipToId?: string }>({
    schema,
    mode: 'onChange',
    // Closing empties the form to `blank`; a remade form starts from what was typed.
    defaultValues: { ...blank, ...typed.current },
    action: async (values, f) => {
      try {
        await createBooking({ ...values, ...(backorder ? { backorder: true } : {}) } as BookingInput);
      } catch (err) {
        const credit = account && creditRefusalOf(err);
        if (credit) {
          setRefusal(credit);
          refreshAccount();
        }
        throw err;
      }
      setRefusal(null);
      setBackorder(false);
      if (account) refreshAccount();
      f.reset(blank);
      onClose();
    },
    success: account ? `${MESSAGES.bookingAdded}: confirmed on your company's account, its invoice on the order's page` : MESSAGES.bookingAdded,
  });
  useKeepTyped(form, typed);
  const { register, formState, reset, watch, trigger, setFocus } = form;
  const nameId = useId();
  const emailId = useId();
  const quantityError = errors.quantity?.message;
  const quantity = Number(watch('quantity'));

  // The error toast goes as soon as the quantity is right again (on a phone it covered Book Now).
  useEffect(() => {
    if (quantityError) notify.error(MESSAGES.quantityOutOfRange);
    else notify.dismiss(MESSAGES.quantityOutOfRange);
  }, [quantityError]);

  // Focus starts on the quantity, the first field to fill in (name and email are read-only).
  useEffect(() => {
    if (open) setFocus('quantity');
  }, [open, setFocus]);

  // The stock may change while the modal is open (another booking): check again against it.
  useEffect(() => {
    if (open && formState.dirtyFields.quantity) void trigger('quantity');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema]);

  const close = () => {
    if (isSubmitting) return;
    reset(blank);
    setRefusal(null);
    setBackorder(false);
    onClose();
  };

  // More than the shelf holds: the tick is offered (not for a discontinued part, which is never
  // backordered), and once ticked, how many wait and about when, as the cart says it.
  const beyond = Number.isInteger(quantity) ? quantity - tool.availableQuantity : 0;
  const offerBackorder = tool.availability?.status !== 'discontinued' && (backorder || beyond > 0);
  const expectedOn =
    backorder && beyond > 0 ? [backorderExpectedOn(tool, beyond, shopToday()), tool.availability?.restockOn ?? ''].reduce((a, b) => (b > a ? b : a)) : null;

  // The unit price the server will charge: the highest price break the quantity reaches (CONTRACT §7),
  // of the member's contract price when there is one (its breaks replace the tool's, decision 0057).
  const contract = useContractPrices(useMemo(() => [tool._id], [tool._id])).byTool.get(tool._id);
  const base = contract ?? tool;
  // The shipping options for this quantity and where it goes (CONTRACT §14), while the modal is open.
  const [address, shipToId, methodId] = watch(['shippingAddress', 'shipToId', 'shippingMethodId']);
  const shipping = useShippingOptions({
    where: shipTo ? (shipToId ? { shipToId } : null) : whereOfAddress(address),
    lines: Number.isInteger(quantity) && quantity > 0 && !quantityError ? `${tool._id}:${quantity}` : null,
    enabled: open,
  });
  const chosen = chosenOption(shipping.options, methodId);
  const priced = {
    priceCents: Math.round(base.price * 100),
    priceBreaks: base.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: Math.round(b.price * 100) })),
  };
  const unitCents = Number.isInteger(quantity) && quantity > 0 ? unitPriceCentsFor(priced, quantity) : priced.priceCents;
  const partsDollars = Number.isInteger(quantity) && !quantityError ? (unitCents * quantity) / 100 : null;
  // The order's total: the parts and the shipping chosen (CONTRACT §14).
  const totalDollars = partsDollars === null ? null : partsDollars + (chosen?.amount ?? 0);
  const total = totalDollars === null ? null : formatDollars(totalDollars);
  // The server judges the spending limit on the total with shipping and sales tax (CONTRACT §10, decision
  // 0083), and the modal knows it only before the tax: above the limit already, it waits; near it, it may.
  const limitHint = limitHintBeforeTax(spendingLimit, totalDollars);

  return (
    <Modal open={open} onClose={close} title={`Book ${tool.name}`} busy={isSubmitting} size="sm">
      <form noValidate onSubmit={submit} aria-label="Booking">
        <ModalBody>
          <p className={modalCss.muted}>
            {tool.partNumber && <>{tool.partNumber} · </>}
            {contract ? `${formatDollars(contract.price)} per unit (your contract price)` : `${formatDollars(tool.price)} per unit`} · minimum{' '}
            {tool.minimumQuantity} · available {tool.availableQuantity}
            {tool.packSize > 1 && <> · sold in packs of {tool.packSize}</>}
          </p>
          <Field id={nameId} label="Name">
            <input id={nameId} className={fieldControlClass} value={user?.displayName ?? ''} readOnly />
          </Field>
          <Field id={emailId} label="Email">
            <input id={emailId} className={fieldControlClass} type="email" value={user?.email ?? ''} readOnly />
          </Field>
          <input type="hidden" {...register('toolId')} />
          <FormInput
            form={form}
            name="quantity"
            label="Quantity"
            type="number"
            required
            min={tool.minimumQuantity}
            max={backorder ? MAX_QUANTITY : tool.availableQuantity}
            step={tool.packSize > 1 ? tool.packSize : 1}
            inputMode="numeric"
            helperText={
              backorder
                ? `At least ${tool.minimumQuantity}; ${tool.availableQuantity} in stock, the rest backordered${tool.packSize > 1 ? `, in packs of ${tool.packSize}` : ''}`
                : `Between ${tool.minimumQuantity} and ${tool.availableQuantity}${tool.packSize > 1 ? `, in packs of ${tool.packSize}` : ''}`
            }
          />
          {offerBackorder && (
            <div className={css.backorder}>
              <label className={css.check}>
                <input type="checkbox" checked={backorder} disabled={isSubmitting} onChange={(e) => setBackorder(e.target.checked)} /> Backorder the rest
              </label>
              {expectedOn && (
                <span className={modalCss.muted} data-testid="booking-backordered">
                  {beyond} backordered, expected {shopCalendarDay(expectedOn)}
                </span>
              )}
            </div>
          )}
          {/* A reorder brings its own contact; otherwise the last order's, while the modal is open. */}
          <ContactFields form={form} prefill={open && !initial} shipTo={shipTo} />
          <ShippingOptionsField form={form} state={shipping} waitingText={optionsWaitingText(shipTo)} placeText={placeText(shipTo, shipToId, address)} />
          {total && (
            <p className={css.total} aria-live="polite" data-testid="booking-total">
              {formatDollars(unitCents / 100)} per unit
              {chosen && <> · Shipping {shippingAmountText(chosen.amount)}</>} · Total before sales tax: {total}
            </p>
          )}
          {/* Booked before it is paid: the Payment page (or, on account, the order page) shows the tax (CONTRACT §15). */}
          <p className={css.note} data-testid="tax-added-note">
            {TAX_ADDED_NOTE}
          </p>
          <LimitNotice hint={limitHint} />
          {account && <OnAccountNotice account={account} refusal={refusal} waits={limitHint?.kind === 'over'} />}
          <FormError message={formError} />
        </ModalBody>
        <DialogActions
          onCancel={close}
          label={account ? 'Book on account' : 'Book Now'}
          busyLabel="Booking…"
          busy={isSubmitting}
          disabled={!!quantityError}
          spinner
        />
      </form>
    </Modal>
  );
}
