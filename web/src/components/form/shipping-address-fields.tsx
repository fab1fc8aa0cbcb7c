import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormInput, FormSelect } from './form-input';
import css from './shipping.module.css';

/** An address as the order forms hold it (CONTRACT §14, §10's shape): every part text, '' when empty. */
export interface AddressValues {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/** common/company.ts COMPANY_LIMITS (a zod module: not loaded with the page; its test holds these to it). */
export const ADDRESS_LIMITS = { addressLineLength: 100, cityLength: 60, regionLength: 60, postalCodeLength: 20 } as const;

export const EMPTY_ADDRESS: AddressValues = { line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US' };

/**
 * The countries the order forms offer: the shop's shipping methods serve these (the demo's the US);
 * a choice, not two letters to type, so the country is never refused for its spelling.
 */
export const SHIP_COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'MX', name: 'Mexico' },
] as const;

/**
 * Where an order ships, in the parts a carrier and the shipping options need (CONTRACT §14,
 * decision 0076), for everyone who is not a company member: the fields sit under `shippingAddress`
 * in the form and the form sends the object. Labels and autocomplete name each part, so the
 * browser fills them from a saved address (`shipping` section).
 */
export function ShippingAddressFields<TForm extends FieldValues>({ form }: { form: UseFormReturn<TForm, unknown, unknown> }) {
  const name = (field: keyof AddressValues) => `shippingAddress.${field}` as Path<TForm>;
  return (
    <fieldset className={css.address}>
      <legend className={css.legend}>Shipping address</legend>
      <FormInput
        form={form}
        name={name('line1')}
        label="Address line 1"
        helperText="Street and number"
        required
        maxLength={ADDRESS_LIMITS.addressLineLength}
        autoComplete="shipping address-line1"
      />
      <FormInput
        form={form}
        name={name('line2')}
        label="Address line 2 (optional)"
        maxLength={ADDRESS_LIMITS.addressLineLength}
        autoComplete="shipping address-line2"
        helperText="Suite, unit, building or dock"
      />
      <div className={css.pairs}>
        <FormInput form={form} name={name('city')} label="City" required maxLength={ADDRESS_LIMITS.cityLength} autoComplete="shipping address-level2" />
        <FormInput
          form={form}
          name={name('region')}
          label="State or region"
          required
          maxLength={ADDRESS_LIMITS.regionLength}
          autoComplete="shipping address-level1"
          helperText="Like CA or TX"
        />
        <FormInput
          form={form}
          name={name('postalCode')}
          label="Postal code"
          required
          maxLength={ADDRESS_LIMITS.postalCodeLength}
          autoComplete="shipping postal-code"
          inputMode="text"
        />
        <FormSelect form={form} name={name('country')} label="Country" required autoComplete="shipping country">
          {SHIP_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </FormSelect>
      </div>
    </fieldset>
  );
}
