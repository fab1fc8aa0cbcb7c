import { useId, type ReactNode } from 'react';
import { FormError } from '../../../components/form/form-error';
import { FormInput, FormTextarea } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { DialogActions, Modal, ModalBody, type DialogActionsProps } from '../../../components/modal';
import type { AdminReturns, ApproveBody, DeclineBody, ReceiveBody } from '../api/use-admin-returns';
import {
  approveDefaults,
  coreDepositOf,
  coreReceiveDefaults,
  DECLINE_REASON_MAX,
  FEE_LIMITS,
  receiveDefaults,
  type ApproveForm,
  type CoreReceiveBody,
  type CoreReceiveForm,
  type DeclineForm,
  type ReceiveForm,
} from '../lib/admin-forms';
import { isCoreReturn } from '../lib/core-offers';
import { formatDollars } from '@fridgeparts/common/money';
import { RETURN_REASON_LABELS } from '@fridgeparts/common/returns/returns';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import css from './return-step-dialog.module.css';

/** The step a dialog of the Returns screen takes. Refund is a confirmation of its own (returns-admin.tsx). */
export type ReturnStep = 'approve' | 'decline' | 'receive';

interface StepProps {
  r: Return;
  list: Pick<AdminReturns, 'approve' | 'decline' | 'receive'>;
  onClose: () => void;
}

/** The return's parts, as each dialog names them. */
function Parts({ r, id }: { r: Return; id: string }) {
  return (
    <ul id={id} className={css.parts} aria-label={`Parts in ${r.rmaNumber}`}>
      {r.lines.map((l) => (
        <li key={l.lineId}>
          {l.quantity} × {l.name}
          {l.partNumber && <span className={css.muted}> ({l.partNumber})</span>}: {RETURN_REASON_LABELS[l.reason]}
        </li>
      ))}
    </ul>
  );
}

/** The step's call, then the dialog closes; the answer goes on to the success message. */
const thenClose =
  <B,>(run: (body: B) => Promise<Return>, onClose: () => void) =>
  async (body: B): Promise<Return> => {
    const answer = await run(body);
    onClose();
    return answer;
  };

/**
 * A step's dialog: the Modal and its form named by the title, the step's fields, the form's refusal
 * at their end, then Cancel and the step's action, held while it runs.
 */
function StepForm({
  title,
  describedBy,
  onClose,
  shop: { submit, prefetch, isSubmitting, formError },
  children,
  ...actions
}: {
  title: string;
  describedBy: string;
  onClose: () => void;
  shop: Pick<ReturnType<typeof useShopForm>, 'submit' | 'prefetch' | 'isSubmitting' | 'formError'>;
  children: ReactNode;
} & Pick<DialogActionsProps, 'cancelLabel' | 'label' | 'busyLabel' | 'variant'>) {
  return (
    <Modal open onClose={onClose} title={title} describedBy={describedBy} busy={isSubmitting} size="sm">
      <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={title}>
        <ModalBody className={css.fields}>
          {children}
          <FormError message={formError} />
        </ModalBody>
        <DialogActions onCancel={onClose} busy={isSubmitting} {...actions} />
      </form>
    </Modal>
  );
}

/** Approve, with the restocking fee prefilled (15 % when a part is not needed, else 0); the buyer is emailed the return address. */
function ApproveDialog({ r, list, onClose }: StepProps) {
  const partsId = useId();
  const shop = useShopForm<ApproveForm, ApproveBody, Return>({
    schema: () => import('../lib/admin-schemas').then((m) => m.approveFormSchema() as never),
    defaultValues: approveDefaults(r),
    action: thenClose((body) => list.approve(r, body), onClose),
    success: (_b, a) => `${a.rmaNumber} approved: the buyer is emailed where to send the parts.`,
  });
  const form = shop.form;
  const title = `Approve ${r.rmaNumber}`;
  return (
    <StepForm title={title} describedBy={partsId} onClose={onClose} shop={shop} label="Approve" busyLabel="Approving…">
      <Parts r={r} id={partsId} />
      {isCoreReturn(r) ? (
        // Decision 0088: a core return refunds the deposit by its inspection, with no restocking fee.
        <p className={css.text}>The buyer is emailed where to send the old units; their deposit is refunded by the inspection when they arrive.</p>
      ) : (
        <FormInput
          form={form}
          name="restockingFeePercent"
          label="Restocking fee (%)"
          helperText={`${FEE_LIMITS.min} to ${FEE_LIMITS.max}; ${FEE_LIMITS.notNeeded} by default when a part is not needed, else 0. Taken off the refund.`}
          inputMode="numeric"
        />
      )}
    </StepForm>
  );
}

/** Decline, with the reason the buyer is emailed; the units asked for are free to return again. */
function DeclineDialog({ r, list, onClose }: StepProps) {
  const partsId = useId();
  const shop = useShopForm<DeclineForm, DeclineBody, Return>({
    schema: () => import('../lib/admin-schemas').then((m) => m.declineFormSchema() as never),
    defaultValues: { reason: '' },
    action: thenClose((body) => list.decline(r, body), onClose),
    success: (_b, a) => `${a.rmaNumber} declined: the buyer is emailed why.`,
  });
  const form = shop.form;
  const title = `Decline ${r.rmaNumber}?`;
  return (
    <StepForm
      title={title}
      describedBy={partsId}
      onClose={onClose}
      shop={shop}
      cancelLabel="Keep it"
      label="Decline return"
      busyLabel="Declining…"
      variant="dangerContained"
    >
      <Parts r={r} id={partsId} />
      <p className={css.text}>A declined return can not be approved afterwards; the buyer may ask again.</p>
      <FormTextarea form={form} name="reason" label="Reason" helperText="The buyer is emailed it." rows={3} maxLength={DECLINE_REASON_MAX} />
    </StepForm>
  );
}

/** Receive: per line how many came back resaleable (back into stock, waiting backorders first) and how many damaged (written off). */
function ReceiveDialog({ r, list, onClose }: StepProps) {
  const summaryId = useId();
  const shop = useShopForm<ReceiveForm, ReceiveBody, Return>({
    schema: () => import('../lib/admin-schemas').then((m) => m.receiveFormSchema(r) as never),
    defaultValues: receiveDefaults(r),
    action: thenClose((body) => list.receive(r, body), onClose),
    success: (_b, a) => `${a.rmaNumber} received: resaleable parts are back in stock; the refund is next.`,
  });
  const form = shop.form;
  const title = `Receive ${r.rmaNumber}`;
  return (
    <StepForm title={title} describedBy={summaryId} onClose={onClose} shop={shop} label="Record receipt" busyLabel="Recording…">
      <p id={summaryId} className={css.text}>
        Count what came back. Resaleable parts go back into stock (waiting backorders first); damaged ones are written off. What did not come back is not
        refunded. This is recorded once.
      </p>
      {r.lines.map((l, i) => (
        <fieldset key={l.lineId} className={css.line} data-testid="receive-line">
          <legend className={css.legend}>
            {l.quantity} × {l.name}
            {l.partNumber && <span className={css.muted}> ({l.partNumber})</span>}
          </legend>
          <div className={css.pair}>
            <FormInput form={form} name={`lines.${i}.resaleable`} label="Resaleable" inputMode="numeric" data-testid="receive-resaleable" />
            <FormInput form={form} name={`lines.${i}.damaged`} label="Damaged" inputMode="numeric" data-testid="receive-damaged" />
          </div>
        </fieldset>
      ))}
    </StepForm>
  );
}

/** The inspections as the dialog offers them (decision 0088). */
const INSPECTION_CHOICES = [
  ['accepted', 'Accepted'],
  ['partial', 'Partial'],
  ['rejected', 'Rejected'],
] as const;

/**
 * Receive of a core return (decision 0088): per line the cores' inspection, Accepted (the whole
 * deposit back), Partial (the dollars credited, at most the deposit of the line's cores) or
 * Rejected (nothing back); no stock moves, the parts stay with the buyer.
 */
function CoreReceiveDialog({ r, list, onClose }: StepProps) {
  const summaryId = useId();
  const shop = useShopForm<CoreReceiveForm, CoreReceiveBody, Return>({
    schema: () => import('../lib/admin-schemas').then((m) => m.coreReceiveFormSchema(r) as never),
    defaultValues: coreReceiveDefaults(r),
    action: thenClose((body) => list.receive(r, body), onClose),
    success: (_b, a) => `${a.rmaNumber} received: the cores are inspected; the deposit refund is next.`,
  });
  const form = shop.form;
  const chosen = form.watch('lines');
  const title = `Receive ${r.rmaNumber}`;
  return (
    <StepForm title={title} describedBy={summaryId} onClose={onClose} shop={shop} label="Record inspection" busyLabel="Recording…">
      <p id={summaryId} className={css.text}>
        Inspect the cores that came back. Accepted refunds their whole deposit, Partial the amount you name, Rejected nothing. This is recorded once.
      </p>
      {r.lines.map((l, i) => (
        <fieldset key={l.lineId} className={css.line} data-testid="receive-line">
          <legend className={css.legend}>
            {l.quantity} × {l.name}
            {l.partNumber && <span className={css.muted}> ({l.partNumber})</span>}
            <span className={css.muted}>: deposit {formatDollars(coreDepositOf(l))}</span>
          </legend>
          <fieldset className={css.choices}>
            <legend className={css.srOnly}>Inspection of {l.name}</legend>
            {INSPECTION_CHOICES.map(([value, label]) => (
              <label key={value} className={css.choice}>
                <input type="radio" value={value} {...form.register(`lines.${i}.inspection`)} data-testid={`receive-${value}`} /> {label}
              </label>
            ))}
          </fieldset>
          {chosen[i]?.inspection === 'partial' && (
            <FormInput
              form={form}
              name={`lines.${i}.amount`}
              label="Amount credited ($)"
              helperText={`At most ${formatDollars(coreDepositOf(l))}`}
              inputMode="decimal"
              data-testid="receive-amount"
            />
          )}
        </fieldset>
      ))}
    </StepForm>
  );
}

/**
 * The Returns screen's Approve, Decline and Receive dialogs (CONTRACT §16), on the shop's Modal,
 * loaded together with the first one opened. The server's refusals sit at their fields, or on the
 * form when no field takes them (a return another admin moved meanwhile: 409).
 */
export default function ReturnStepDialog({ step, ...props }: StepProps & { step: ReturnStep }) {
  if (step === 'approve') return <ApproveDialog {...props} />;
  if (step === 'decline') return <DeclineDialog {...props} />;
  return isCoreReturn(props.r) ? <CoreReceiveDialog {...props} /> : <ReceiveDialog {...props} />;
}
