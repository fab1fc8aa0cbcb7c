import { useId, useState } from 'react';
import { FormTextarea } from '../../../components/form/form-input';
import { FormError } from '../../../components/form/form-error';
import { useShopForm } from '../../../components/form/use-shop-form';
import { DialogActions, Modal, ModalBody } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/infra/api-client';
import { useRejectExemption } from '../api/use-exemption-review';
import css from './exemptions-review.module.css';
import type { Exemption, ExemptionForReview } from '@fridgeparts/common/tax/exemption.answers';
import { EXEMPTION_LIMITS, type ExemptionStoredStatus } from '@fridgeparts/common/tax/exemption';

/**
 * Reject a certificate (or revoke an approved one) with the reason the company reads, required, on
 * the shop's Modal. Loaded with the first Reject. A field message sits at the reason; any other
 * refusal is said in the dialog, where the admin looks.
 */
export default function RejectDialog({
  exemption,
  shownIn,
  onClose,
  onRejected,
}: {
  exemption: ExemptionForReview;
  shownIn: ExemptionStoredStatus;
  onClose: () => void;
  onRejected: (answer: Exemption) => void;
}) {
  const reject = useRejectExemption(shownIn);
  const [refusal, setRefusal] = useState<string | null>(null);
  const summaryId = useId();
  const revoke = exemption.status === 'approved' || exemption.status === 'expired';
  const verb = revoke ? 'Revoke' : 'Reject';
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<{ reason: string }, { reason: string }, Exemption>({
    schema: () => import('@fridgeparts/common/tax/exemption.schema').then((m) => m.exemptionRejectSchema as never),
    defaultValues: { reason: '' },
    action: async ({ reason }) => {
      setRefusal(null);
      try {
        const answer = await reject.mutateAsync({ exemption, reason });
        onRejected(answer);
        return answer;
      } catch (err) {
        if (!(err instanceof ApiError && err.fields)) setRefusal(err instanceof Error ? err.message : String(err));
        throw err;
      }
    },
  });
  const title = `${verb} ${exemption.words}`;
  return (
    <Modal open onClose={onClose} title={title} describedBy={summaryId} busy={isSubmitting} size="sm" returnFocus="heading">
      <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={title}>
        <ModalBody className={css.dialogFields}>
          <p id={summaryId} className={css.dialogSummary}>
            {exemption.companyName}, {exemption.shipToLabel}.{' '}
            {revoke
              ? 'Revoking it ends the exemption: their next orders to this ship-to are taxed.'
              : 'Rejecting it leaves their orders to this ship-to taxed; the company reads why.'}
          </p>
          {refusal && (
            <Notice severity="error" role="alert" title="Not rejected">
              <p data-testid="reject-refusal">{refusal}</p>
            </Notice>
          )}
          <FormTextarea
            form={form}
            name="reason"
            label="Why it is rejected"
            helperText="Required: the company's admins read it on their company page."
            rows={3}
            maxLength={EXEMPTION_LIMITS.reasonLength}
          />
          <FormError message={formError} />
        </ModalBody>
        <DialogActions
          onCancel={onClose}
          label={verb}
          busyLabel={`${verb === 'Revoke' ? 'Revoking' : 'Rejecting'}…`}
          busy={isSubmitting}
          variant="dangerContained"
        />
      </form>
    </Modal>
  );
}
