import type { Path, UseFormReturn } from 'react-hook-form';
import { CARRIERS } from '@fridgeparts/common/shipping/methods';
import { needsTrackingUrl } from '@fridgeparts/common/shipping/shipments';
import { FormInput, FormSelect, FormTextarea } from '../../../components/form/form-input';
import { CARRIER_NAMES } from '../../../lib/domain/shipping-words';
import type { TrackingFieldValues } from '../lib/ship-form';
import css from './ship-dialog.module.css';

/**
 * The carrier, service, tracking numbers and tracking page link, as the Ship… and Edit tracking
 * dialogs both ask them (CONTRACT §14): the link is required for freight and other carriers, whose
 * tracking pages the shop does not know.
 */
export function TrackingFields<TForm extends TrackingFieldValues>({ form }: { form: UseFormReturn<TForm, unknown, unknown> }) {
  // The four names are fields of every TForm; react-hook-form's Path can not see that through the generic.
  const field = (name: keyof TrackingFieldValues) => name as Path<TForm>;
  const carrier = form.watch(field('carrier')) as TrackingFieldValues['carrier'];
  const urlRequired = needsTrackingUrl(carrier);
  return (
    <>
      <div className={css.pair}>
        <FormSelect form={form} name={field('carrier')} label="Carrier">
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {CARRIER_NAMES[c]}
            </option>
          ))}
        </FormSelect>
        <FormInput form={form} name={field('service')} label="Service (optional)" helperText="Ground, 2nd Day Air…" maxLength={60} />
      </div>
      <FormTextarea
        form={form}
        name={field('trackingNumbers')}
        label="Tracking numbers"
        helperText="Separated by commas or one a line"
        rows={2}
        spellCheck={false}
        autoCapitalize="characters"
      />
      <FormInput
        form={form}
        name={field('trackingUrl')}
        type="url"
        label={urlRequired ? 'Tracking page link' : 'Tracking page link (optional)'}
        helperText={
          urlRequired ? `Required for ${CARRIER_NAMES[carrier]}: its tracking page is not known` : 'Links to the carrier’s page are made from the numbers'
        }
        aria-required={urlRequired}
        maxLength={500}
      />
    </>
  );
}
