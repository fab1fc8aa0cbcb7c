import { COMPANY_LIMITS } from '@fridgeparts/common/company';
import type { Path, UseFormReturn } from 'react-hook-form';
import { FormInput } from '../../../components/form/form-input';
import { type CompanyForm } from '../lib/company-form';
import css from './company-fields.module.css';

/** Where an address sits in the company form: the billing address, or a ship-to location's. */
export type AddressPath = 'billingAddress' | `shipTo.${number}.address`;

/**
 * A postal address's six fields (decision 0055): line 2 and region may stay empty, the country is
 * two letters (sent in capitals). Autocomplete names the parts for the browser's address filling.
 */
export function AddressFields({ form, at, section }: { form: UseFormReturn<CompanyForm, unknown, unknown>; at: AddressPath; section: string }) {
  const name = (field: string) => `${at}.${field}` as Path<CompanyForm>;
  const auto = (token: string) => `section-${section} ${token}`;
  const L = COMPANY_LIMITS;
  return (
    <>
      <FormInput form={form} name={name('line1')} label="Address line 1" required maxLength={L.addressLineLength} autoComplete={auto('address-line1')} />
      <FormInput form={form} name={name('line2')} label="Address line 2" maxLength={L.addressLineLength} autoComplete={auto('address-line2')} />
      <div className={css.pairs}>
        <FormInput form={form} name={name('city')} label="City" required maxLength={L.cityLength} autoComplete={auto('address-level2')} />
        <FormInput form={form} name={name('region')} label="State or region" maxLength={L.regionLength} autoComplete={auto('address-level1')} />
        <FormInput form={form} name={name('postalCode')} label="Postal code" required maxLength={L.postalCodeLength} autoComplete={auto('postal-code')} />
        <FormInput
          form={form}
          name={name('country')}
          label="Country"
          required
          maxLength={2}
          autoCapitalize="characters"
          spellCheck={false}
          helperText="Two letters, like US or CA"
          autoComplete={auto('country')}
        />
      </div>
    </>
  );
}
