import { useCallback, useId, useState, type ChangeEvent } from 'react';
import type { ShipTo } from '@fridgeparts/common/company.answers';
import { Field, fieldControlClass } from '../../../components/form/field';
import { FormError } from '../../../components/form/form-error';
import { FormInput, FormSelect } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { DialogActions, Modal, ModalBody } from '../../../components/modal';
import { addressLine } from '../../../lib/domain/address-line';
import { shopToday } from '../../../lib/domain/date-format';
import { EXEMPTION_KIND_LABELS } from '../../../lib/domain/exemption-words';
import { ApiError } from '../../../lib/infra/api-client';
import { notify } from '../../../lib/infra/toast';
import { useAddExemption, useTaxRegistrations } from '../api/use-company-exemptions';
import { emptyCertificateForm, fileSizeText, readCertificate, type CertificateForm } from '../lib/certificate-form';
import css from './ship-to-certificates.module.css';
import type { Exemption } from '@fridgeparts/common/tax/exemption.answers';
import { EXEMPTION_KINDS } from '@fridgeparts/common/tax/exemption';
import type { ExemptionUploadInput } from '@fridgeparts/common/tax/exemption.schema';

/**
 * "Add tax certificate" for one ship-to (CONTRACT §15), on the shop's Modal; loaded with the first
 * one opened. The state is one the shop collects tax in (GET /tax/registrations); the PDF is read
 * in the browser to base64, and one over 2 MB or not a PDF is refused at its field before anything
 * is sent, in the server's words. Field messages (the browser's or the server's) sit at their
 * fields, focus on the first; the company's list reads again after it is sent.
 */
export default function AddCertificateDialog({ companyId, shipTo, onClose }: { companyId: string; shipTo: ShipTo; onClose: () => void }) {
  const add = useAddExemption(companyId);
  const registrations = useTaxRegistrations();
  const [fileText, setFileText] = useState<string | null>(null);
  const fileId = useId();
  const today = shopToday();
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<CertificateForm, ExemptionUploadInput, Exemption>({
    schema: () => import('../lib/certificate-schemas').then((m) => m.certificateFormSchema as never),
    defaultValues: { ...emptyCertificateForm(), state: shipTo.address.region.toUpperCase() },
    action: async (body) => {
      try {
        const answer = await add.mutateAsync({ shipToId: shipTo.id, body });
        onClose();
        return answer;
      } catch (err) {
        if (err instanceof ApiError && !err.fields) notify.error(err.message);
        throw err;
      }
    },
    success: (_body, answer) => `${answer.words} sent for review.`,
  });
  // The PDF is no text input: its base64 is the field's value (setValue), and the file input takes
  // its message and, through a ref that only focuses (so the form never writes to a file input), its focus.
  // Not useController: that would bring more of react-hook-form into the chunk the cart shares.
  const { ref: certificateRef } = form.register('certificate');
  const fileRef = useCallback((el: HTMLInputElement | null) => certificateRef(el && { focus: () => el.focus() }), [certificateRef]);
  const fileError = form.formState.errors.certificate?.message;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    form.setValue('certificate', '');
    setFileText(null);
    if (!file) return;
    const read = await readCertificate(file);
    if ('error' in read) {
      form.setError('certificate', { type: 'file', message: read.error });
      return;
    }
    form.clearErrors('certificate');
    // After a refused send, the form checks again as the person corrects it.
    form.setValue('certificate', read.base64, { shouldValidate: form.formState.isSubmitted });
    setFileText(`${file.name}, ${fileSizeText(file.size)}`);
  };

  const states = registrations.data?.registrations.filter((r) => r.country === 'US').map((r) => r.state) ?? [];
  const title = `Add tax certificate: ${shipTo.label}`;

  return (
    <Modal open onClose={onClose} title={title} busy={isSubmitting} size="sm">
      <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={title}>
        <ModalBody className={css.dialogFields}>
          <p className={css.dialogSummary}>
            For orders shipped to {addressLine(shipTo.address)}. The shop reviews it; until it is approved, sales tax is charged.
          </p>
          {/* First, as the form registers it: a refused send puts focus on the first field in the order seen. */}
          <Field id={fileId} label="Certificate (PDF, at most 2 MB)" message={fileError ?? fileText ?? undefined} invalid={Boolean(fileError)}>
            <input
              id={fileId}
              ref={fileRef}
              type="file"
              accept="application/pdf"
              className={fieldControlClass}
              onChange={(e) => void onFile(e)}
              aria-invalid={Boolean(fileError)}
              aria-describedby={fileError || fileText ? `${fileId}-message` : undefined}
            />
          </Field>
          <FormSelect form={form} name="kind" label="Kind of certificate">
            {EXEMPTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {EXEMPTION_KIND_LABELS[k]}
              </option>
            ))}
          </FormSelect>
          {/* Drawn again when the states arrive, so the ship-to's own state, the default, is chosen among them. */}
          <FormSelect
            key={states.join()}
            form={form}
            name="state"
            label="State"
            helperText={registrations.isError ? 'The states could not be loaded: close and try again.' : 'The states where the shop collects sales tax.'}
          >
            <option value="">{registrations.isPending ? 'Loading states…' : 'Choose a state'}</option>
            {states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </FormSelect>
          <FormInput form={form} name="number" label="Certificate number" maxLength={40} autoComplete="off" />
          <div className={css.dates}>
            <FormInput form={form} name="signedOn" label="Signed on" type="date" max={today} />
            <FormInput form={form} name="expiresOn" label="Expires on" type="date" min={today} helperText="Leave empty if it does not expire." />
          </div>
          <FormError message={formError} />
        </ModalBody>
        <DialogActions onCancel={onClose} label="Send for review" busyLabel="Sending…" busy={isSubmitting} />
      </form>
    </Modal>
  );
}
