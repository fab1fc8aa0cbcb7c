import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useRecentBookings } from '../../lib/use-recent-bookings';
import { FormInput, FormTextarea } from './form-input';

/** The contact of an order as its forms hold it (POST /booking, quick order, checkout). */
export interface ContactValues {
  phone: string;
  address: string;
  poNumber?: string;
}

/** An order form's contact before anything is typed or prefilled. */
export const EMPTY_CONTACT: ContactValues = { phone: '', address: '', poNumber: '' };

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
      if (!getValues(field)) setValue(field, last[name] as PathValue<TForm, Path<TForm>>);
    }
  }, [enabled, last, getValues, setValue]);
}

export interface ContactFieldsProps<TForm extends FieldValues> {
  /** A form whose values hold ContactValues (useShopForm's `form`). */
  form: UseFormReturn<TForm, unknown, unknown>;
  /** Prefill phone and address from the last order while this is true (a modal: while it is open). */
  prefill?: boolean;
}

/**
 * The contact fields of every order form (the booking modal, quick order, checkout): phone,
 * address and the optional PO number, in that order, with the same labels, help and checks
 * (common/booking.ts contactFields and poNumberSchema give the messages), and phone and address
 * prefilled from the buyer's last order. Laid out by the form around them (one column).
 */
export function ContactFields<TForm extends FieldValues>({ form, prefill = true }: ContactFieldsProps<TForm>) {
  useContactPrefill(form, prefill);
  const name = (field: keyof ContactValues) => field as Path<TForm>;
  return (
    <>
      <FormInput form={form} name={name('phone')} label="Phone" type="tel" autoComplete="tel" required />
      <FormTextarea form={form} name={name('address')} label="Address" autoComplete="street-address" required rows={2} />
      <FormInput
        form={form}
        name={name('poNumber')}
        label="PO number (optional)"
        helperText="Your purchase-order or job reference, up to 35 characters"
        maxLength={35}
      />
    </>
  );
}
