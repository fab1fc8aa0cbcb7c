import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { ShipTo } from '@fridgeparts/common/company.answers';
import { addressLine } from '../../lib/domain/address-line';
import { useRecentBookings } from '../../lib/domain/use-recent-bookings';
import { FormInput, FormSelect } from './form-input';
import { EMPTY_ADDRESS, ShippingAddressFields, type AddressValues } from './shipping-address-fields';
import css from './shipping.module.css';

/** The contact of an order as its forms hold it (POST /booking, quick order, checkout). */
export interface ContactValues {
  phone: string;
  /** The seed's one line: kept for a reorder's prefill; the forms send `shippingAddress` (CONTRACT §14). */
  address: string;
  /** Where it ships, for anyone in no company (CONTRACT §14, decision 0076). */
  shippingAddress?: AddressValues;
  poNumber?: string;
  /** A company member's ship-to location (CONTRACT §10), sent instead of the address; '' until chosen. */
  shipToId?: string;
  /** The shipping option chosen (CONTRACT §14); '' until the options come. */
  shippingMethodId?: string;
  /** Wait for every line before shipping (CONTRACT §14, decision 0080); unticked: ship what is ready. */
  shipComplete?: boolean;
}

/** An order form's contact before anything is typed or prefilled. */
export const EMPTY_CONTACT: ContactValues = {
  phone: '',
  address: '',
  shippingAddress: EMPTY_ADDRESS,
  poNumber: '',
  shippingMethodId: '',
  shipComplete: false,
};

/**
 * The contact a form starts from: a member's ship-to is preselected only when the company has one
 * location (with two or more, the buyer must choose: a wrong dock is worse than a click).
 */
export function contactDefaults(shipTo: readonly ShipTo[] | null | undefined): ContactValues {
  if (!shipTo) return EMPTY_CONTACT;
  return { ...EMPTY_CONTACT, shipToId: shipTo.length === 1 ? shipTo[0]!.id : '' };
}

/**
 * Phone and address from the buyer's last order (CONTRACT §7), into the fields still empty: what
 * the buyer typed is never replaced. Runs again when `enabled` turns true (a modal opening), so a
 * form emptied on close is prefilled when it opens again.
 */
export function useContactPrefill<TForm extends FieldValues>(form: UseFormReturn<TForm, unknown, unknown>, enabled = true): void {
  const last = useRecentBookings(1, enabled)?.[0];
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!enabled || !last) return;
    for (const name of ['phone', 'address'] as const) {
      const field = name as Path<TForm>;
      // Never under the cursor: a field being typed into (empty a moment before the keys land)
      // would get the last order's phone and then the keys after it (e2e saw it doubled).
      if (!getValues(field) && !isFocused(name)) setValue(field, last[name] as PathValue<TForm, Path<TForm>>);
    }
    // The last order's address object, into an address not begun (an older order's one line can not be split).
    const typedAddress = getValues('shippingAddress' as Path<TForm>) as AddressValues | undefined;
    const begun = typedAddress && (['line1', 'line2', 'city', 'region', 'postalCode'] as const).some((k) => typedAddress[k]);
    if (last.shippingAddress && typedAddress && !begun && !isFocused('shippingAddress.line1'))
      setValue('shippingAddress' as Path<TForm>, { ...EMPTY_ADDRESS, ...last.shippingAddress } as PathValue<TForm, Path<TForm>>);
  }, [enabled, last, getValues, setValue]);
}

/** The focused control is the form's field of that name. */
const isFocused = (name: string): boolean => typeof document !== 'undefined' && document.activeElement?.getAttribute('name') === name;

export interface ContactFieldsProps<TForm extends FieldValues> {
  /** A form whose values hold ContactValues (useShopForm's `form`). */
  form: UseFormReturn<TForm, unknown, unknown>;
  /** Prefill phone and address from the last order while this is true (a modal: while it is open). */
  prefill?: boolean;
  /**
   * The caller's company's ship-to locations when they are a company member (GET /me/company):
   * then "Ship to" is a choice of them in place of the address (CONTRACT §10, decision 0060).
   */
  shipTo?: readonly ShipTo[] | null;
}

/**
 * The contact fields of every order form (the booking modal, quick order, checkout): phone,
 * the shipping address's parts (decision 0076) and the optional PO number, in that order, with the same labels, help and checks
 * (common/booking.ts contactFields and poNumberSchema give the messages), and phone and address
 * prefilled from the buyer's last order. For a company member (`shipTo`), "Ship to" chooses one of
 * the company's locations in the address's place (decision 0060). Laid out by the form around
 * them (one column).
 */
export function ContactFields<TForm extends FieldValues>({ form, prefill = true, shipTo }: ContactFieldsProps<TForm>) {
  useContactPrefill(form, prefill);
  const name = (field: keyof ContactValues) => field as Path<TForm>;
  return (
    <>
      <FormInput form={form} name={name('phone')} label="Phone" type="tel" autoComplete="tel" required />
      {shipTo ? (
        <FormSelect form={form} name={name('shipToId')} label="Ship to" required helperText="One of your company's ship-to locations">
          {shipTo.length !== 1 && (
            <option value="" disabled>
              Choose a location
            </option>
          )}
          {shipTo.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}: {addressLine(s.address)}
            </option>
          ))}
        </FormSelect>
      ) : (
        <ShippingAddressFields form={form} />
      )}
      <FormInput
        form={form}
        name={name('poNumber')}
        label="PO number (optional)"
        helperText="Your purchase-order or job reference, up to 35 characters"
        maxLength={35}
      />
      <ShipCompleteField form={form} />
    </>
  );
}

/**
 * "Ship complete (wait for every line)" (CONTRACT §14, decision 0080): unticked, the shop ships
 * what is ready and the backordered rest when it arrives; ticked, the order waits for every line.
 */
export function ShipCompleteField<TForm extends FieldValues>({ form }: { form: UseFormReturn<TForm, unknown, unknown> }) {
  return (
    <label className={css.check}>
      <input type="checkbox" {...form.register('shipComplete' as Path<TForm>)} /> Ship complete (wait for every line)
    </label>
  );
}
