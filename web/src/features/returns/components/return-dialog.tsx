import { useId, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormInput, FormSelect, FormTextarea } from '../../../components/form/form-input';
import { FormError } from '../../../components/form/form-error';
import { useShopForm } from '../../../components/form/use-shop-form';
import { Modal, ModalActions, ModalBody } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { useRequestReturn } from '../api/use-order-returns';
import { claimsWarranty, NOTE_MAX, offeredLines, returnBodyOf, returnDefaults, returnFieldOf, type ReturnForm } from '../lib/return-form';
import { WarrantyFields } from './warranty-fields';
import { reasonOptionText, unitsOf } from '../lib/return-words';
import type { Return, ReturnableLine } from '@fridgeparts/common/returns/returns.answers';
import type { ReturnRequest } from '@fridgeparts/common/returns/returns.schema';
import css from './return-dialog.module.css';

/** What the dialog says once the return is requested: its RMA number and what happens next. */
function Requested({ answer, onClose }: { answer: Return; onClose: () => void }) {
  const units = unitsOf(answer);
  return (
    <>
      <ModalBody className={css.fields}>
        <Notice severity="success" role="status" title="Return requested">
          <p className={css.text} data-testid="return-requested">
            Your return number is <strong data-testid="return-rma">{answer.rmaNumber}</strong> ({units} {units === 1 ? 'unit' : 'units'}).
          </p>
        </Notice>
        <ol className={css.next} aria-label="What happens next">
          <li>We review the request and email you when it is approved, with the address to send the parts to.</li>
          <li>Print the RMA slip from the order page, put it in the box with the parts, and send them.</li>
          <li>When the parts arrive and are checked, the refund goes back the way the order was paid; you are emailed at each step.</li>
        </ol>
      </ModalBody>
      <ModalActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </ModalActions>
    </>
  );
}

/**
 * The buyer's Return dialog (CONTRACT §16), on the shop's Modal (a native <dialog>): per line still
 * returnable a quantity (0 by default, at most what is left), a reason among those whose window is
 * open (each with its last day: "Wrong part (until Dec 3)") and a note; sent with one
 * Idempotency-Key for the dialog's life. The server's refusals (a window that closed meanwhile, a
 * quantity beyond what is left) sit at their line's field. Then the RMA number and what happens
 * next. Loaded lazily with the first Return parts.
 */
export default function ReturnDialog({
  bookingId,
  orderNumber,
  returnable,
  onClose,
}: {
  bookingId: string;
  orderNumber: string;
  returnable: readonly ReturnableLine[];
  onClose: () => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  // The lines as the dialog opened: the fields stay put while the order's returns are read again.
  const [frozen] = useState(() => offeredLines(returnable));
  const [done, setDone] = useState<Return | null>(null);
  const sent = useRef<number[]>([]);
  const summaryId = useId();
  const request = useRequestReturn(bookingId);
  const { form, submit, prefetch, isSubmitting, formError, errors } = useShopForm<ReturnForm, ReturnRequest, Return>({
    schema: () => import('../lib/return-schemas').then((m) => m.returnFormSchema(frozen) as never),
    defaultValues: returnDefaults(frozen),
    action: async (body, f) => {
      sent.current = returnBodyOf(f.getValues(), frozen).sent;
      const answer = await request.mutateAsync({ body, key });
      setDone(answer);
      return answer;
    },
    serverFieldName: (path) => returnFieldOf(path, sent.current) as Path<ReturnForm> | undefined,
  });
  const warranty = claimsWarranty({ lines: form.watch('lines') });
  const linesError = (errors.lines as { message?: string; root?: { message?: string } } | undefined)?.message ?? errors.lines?.root?.message;
  const title = done ? `Return ${done.rmaNumber}` : `Return parts of order ${orderNumber}`;

  return (
    <Modal open onClose={onClose} title={title} describedBy={done ? undefined : summaryId} busy={isSubmitting} size="sm">
      {done ? (
        <Requested answer={done} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={title}>
          <ModalBody className={css.fields}>
            <p id={summaryId} className={css.text}>
              Say how many of each part go back and why. Each reason can be chosen until the day shown; we email you the return address once the return is
              approved.
            </p>
            {frozen.map((l, i) => (
              <fieldset key={l.lineId} className={css.line} data-testid="return-line">
                <legend className={css.legend}>
                  {l.name}
                  {l.partNumber && <span className={css.muted}> ({l.partNumber})</span>}
                </legend>
                <div className={css.pair}>
                  <FormInput
                    form={form}
                    name={`lines.${i}.quantity`}
                    label="Quantity to return"
                    helperText={`0 to ${l.quantity}`}
                    inputMode="numeric"
                    data-testid="return-quantity"
                  />
                  <FormSelect form={form} name={`lines.${i}.reason`} label="Reason" data-testid="return-reason">
                    {l.reasons.map((r) => (
                      <option key={r.reason} value={r.reason}>
                        {reasonOptionText(r.reason, r.until)}
                      </option>
                    ))}
                  </FormSelect>
                </div>
                <FormTextarea form={form} name={`lines.${i}.note`} label="Note (optional)" rows={2} maxLength={NOTE_MAX} />
              </fieldset>
            ))}
            {warranty && <WarrantyFields form={form} />}
            {linesError && (
              <Notice severity="error" role="alert" title="Nothing to return">
                <p>{linesError}</p>
              </Notice>
            )}
            <FormError message={formError} />
          </ModalBody>
          <ModalActions>
            <Button variant="text" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? 'Requesting…' : 'Request return'}
            </Button>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
