import type { UseFormReturn } from 'react-hook-form';
import { WARRANTY_LIMITS } from '@fridgeparts/common/returns/warranty';
import { FormInput, FormTextarea } from '../../../components/form/form-input';
import type { ReturnRequest } from '@fridgeparts/common/returns/returns.schema';
import type { ReturnForm } from '../lib/return-form';
import css from './return-dialog.module.css';

/**
 * The Return dialog's warranty claim (decision 0087), shown once a line returned is Warranty: the
 * appliance's model and serial numbers, the day it was installed and what failed. The replacement
 * ships at once; the failed part goes back within the days the approval email gives.
 */
export function WarrantyFields({ form }: { form: UseFormReturn<ReturnForm, unknown, ReturnRequest> }) {
  return (
    <fieldset className={css.line} data-testid="warranty-fields">
      <legend className={css.legend}>Warranty claim: the appliance</legend>
      <p className={css.text}>We ship a replacement as soon as the claim is approved; then send the failed part back by the day we give you.</p>
      <div className={css.pair}>
        <FormInput form={form} name="warranty.modelNumber" label="Model number" maxLength={WARRANTY_LIMITS.modelNumber} autoComplete="off" />
        <FormInput form={form} name="warranty.serialNumber" label="Serial number" maxLength={WARRANTY_LIMITS.serialNumber} autoComplete="off" />
      </div>
      <FormInput form={form} name="warranty.installedOn" label="Installed on" type="date" helperText="The day the part was installed" />
      <FormTextarea form={form} name="warranty.failure" label="What failed" rows={3} maxLength={WARRANTY_LIMITS.failure} />
    </fieldset>
  );
}
