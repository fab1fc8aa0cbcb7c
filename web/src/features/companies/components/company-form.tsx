import { COMPANY_LIMITS } from '@fridgeparts/common/company';
import { useFieldArray } from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormInput, FormSelect } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { newShipTo, type CompanyForm as CompanyFormValues } from '../lib/company-form';
import { TERMS_LABELS } from '../lib/labels';
import { AddressFields } from './address-fields';
import css from './company-fields.module.css';

export interface CompanyFormProps {
  /** The values the form starts from: empty for a new company, the company as read for an edit. */
  initial: CompanyFormValues;
  /** The form's name for screen readers, and its save button's text. */
  label: string;
  submitLabel: string;
  busyLabel: string;
  /**
   * Sends the values. A refusal with field messages puts them at their fields (the server's paths
   * are the form's names: `shipTo.1.address.postalCode`); other refusals are the caller's to show.
   */
  onSubmit: (values: CompanyFormValues) => Promise<unknown>;
  success?: string;
}

/**
 * Create or edit a company (CONTRACT §10, shop admin): name, billing address, the ship-to
 * locations (add, edit, remove; at least one), terms, and the credit limit only for Net 30. Checked
 * with the server's own schema before it is sent.
 */
export function CompanyForm({ initial, label, submitLabel, busyLabel, onSubmit, success }: CompanyFormProps) {
  const { form, submit, prefetch, isSubmitting, errors, formError } = useShopForm<CompanyFormValues, unknown>({
    schema: () => import('../lib/company-schemas').then((m) => m.companyFormSchema as never),
    defaultValues: initial,
    // The schema's output is cents; the request carries the form's text, mapped (lib/company-form.ts).
    action: (_parsed, f) => onSubmit(f.getValues()),
    success,
  });
  // keyName apart from `id`: a location's own id (s1, s2...) is a value the save sends back.
  const shipTo = useFieldArray({ control: form.control, name: 'shipTo', keyName: 'key' });
  const terms = form.watch('terms');
  const listError = errors.shipTo?.root?.message ?? errors.shipTo?.message;

  return (
    <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={label} className={css.form}>
      <FormInput form={form} name="name" label="Company name" required maxLength={COMPANY_LIMITS.nameLength} autoComplete="organization" />
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Billing address</legend>
        <AddressFields form={form} at="billingAddress" section="billing" />
      </fieldset>
      {shipTo.fields.map((field, i) => (
        <fieldset key={field.key} className={css.fieldset} data-testid="ship-to">
          <legend className={css.legend}>
            Ship-to location {i + 1}
            {field.id ? ` (${field.id})` : ''}
          </legend>
          <FormInput
            form={form}
            name={`shipTo.${i}.label`}
            label="Label"
            required
            maxLength={COMPANY_LIMITS.labelLength}
            helperText="What buyers pick at checkout, like Main warehouse"
          />
          <AddressFields form={form} at={`shipTo.${i}.address`} section={`ship-to-${i}`} />
          {shipTo.fields.length > 1 && (
            <Button variant="danger" size="small" className={css.submit} onClick={() => shipTo.remove(i)}>
              Remove ship-to location {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      {listError && (
        <p className={css.listError} role="alert">
          {listError}
        </p>
      )}
      {shipTo.fields.length < COMPANY_LIMITS.shipTo && (
        <Button variant="outlined" className={css.submit} onClick={() => shipTo.append(newShipTo())}>
          Add a ship-to location
        </Button>
      )}
      <div className={css.pairs}>
        <FormSelect form={form} name="terms" label="Terms">
          {Object.entries(TERMS_LABELS).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </FormSelect>
        {terms === 'net30' && (
          <FormInput
            form={form}
            name="creditLimit"
            label="Credit limit (USD)"
            required
            inputMode="decimal"
            placeholder="25000.00"
            helperText="Open invoices may not pass it"
          />
        )}
      </div>
      <FormError message={formError} />
      <Button type="submit" size="large" className={css.submit} disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
