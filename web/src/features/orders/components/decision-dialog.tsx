import { useId, useState } from 'react';
import type { ApprovalDecision, Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import { FormTextarea } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { DialogActions, Modal, ModalBody } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/infra/api-client';
import { useDecideApproval } from '../api/use-company-orders';
import type { DecisionForm } from '../lib/approval-form';
import css from './approvals-table.module.css';

const WORDS: Record<ApprovalDecision, { verb: string; busy: string; noteLabel: string; hint: string }> = {
  approved: {
    verb: 'Approve',
    busy: 'Approving…',
    noteLabel: 'Note to the buyer (optional)',
    hint: 'The buyer reads it in the approval email.',
  },
  declined: {
    verb: 'Decline',
    busy: 'Declining…',
    noteLabel: 'Why it is declined',
    hint: 'Required: the buyer reads it in the email and on the order page.',
  },
};

/**
 * Approve (an optional note) or decline (a note required) one waiting order, on the shop's Modal
 * (a native <dialog>). A refusal the admin can act on stays in the dialog (the credit limit's
 * 409 names the limit and the amount open; "already approved by ..." says someone was first);
 * a field message sits at the note.
 */
export default function DecisionDialog({
  order,
  decision,
  onAccount,
  onClose,
  onDecided,
}: {
  order: Booking;
  decision: ApprovalDecision;
  /** The company buys on Net 30 terms: an approval confirms the order on account. */
  onAccount: boolean;
  onClose: () => void;
  onDecided: (answer: Booking) => void;
}) {
  const words = WORDS[decision];
  const decide = useDecideApproval();
  const [refusal, setRefusal] = useState<string | null>(null);
  const summaryId = useId();
  const number = order.orderNumber || order._id;
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<DecisionForm, { note?: string }, Booking>({
    schema: () => import('../lib/approval-schemas').then((m) => (decision === 'approved' ? m.approveFormSchema : m.declineFormSchema) as never),
    defaultValues: { note: '' },
    action: async (body) => {
      setRefusal(null);
      try {
        const answer = await decide({ order, decision, note: body.note });
        onDecided(answer);
        return answer;
      } catch (err) {
        // Field messages go to the note (useShopForm); anything else is said here, where the admin looks.
        if (!(err instanceof ApiError && err.fields)) setRefusal(err instanceof Error ? err.message : String(err));
        throw err;
      }
    },
  });
  return (
    <Modal open onClose={onClose} title={`${words.verb} order ${number}`} describedBy={summaryId} busy={isSubmitting} size="sm">
      <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={`${words.verb} order ${number}`}>
        <ModalBody className={css.dialogFields}>
          <p id={summaryId} className={css.dialogSummary}>
            {order.userName} ({order.email}) ordered {formatDollars(order.total)}, over their limit of {formatDollars(order.approval?.spendingLimit ?? 0)}.{' '}
            {decision === 'approved'
              ? onAccount
                ? 'Approving confirms it on account: the company is invoiced, due in 30 days.'
                : 'Approving lets the buyer pay it by card.'
              : 'Declining releases its stock; the buyer is told why.'}
          </p>
          {refusal && (
            <Notice severity="error" role="alert" title={`Not ${decision}`}>
              <p data-testid="decision-refusal">{refusal}</p>
            </Notice>
          )}
          <FormTextarea form={form} name="note" label={words.noteLabel} helperText={words.hint} rows={3} maxLength={500} />
          <FormError message={formError} />
        </ModalBody>
        <DialogActions
          onCancel={onClose}
          label={words.verb}
          busyLabel={words.busy}
          busy={isSubmitting}
          variant={decision === 'declined' ? 'dangerContained' : 'contained'}
        />
      </form>
    </Modal>
  );
}
