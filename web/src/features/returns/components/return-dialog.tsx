import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Path } from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormInput, FormSelect, FormTextarea } from '../../../components/form/form-input';
import { FormError } from '../../../components/form/form-error';
import { useShopForm } from '../../../components/form/use-shop-form';
import { DialogActions, Modal, ModalActions, ModalBody } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { useRequestReturn } from '../api/use-order-returns';
import { claimsWarranty, NOTE_MAX, offeredLines, returnBodyOf, returnDefaults, returnFieldOf, type ReturnForm } from '../lib/return-form';
import { WarrantyFields } from './warranty-fields';
import { reasonOptionText, unitsOf } from '../lib/return-words';
import type { Return, ReturnableLine } from '@fridgeparts/common/returns/returns.answers';
import type { ReturnRequest } from '@fridgeparts/common/returns/returns.schema';
import { formatDollars } from '@fridgeparts/common/money';
import { shopCalendarDay } from '../../../lib/domain/date-format';
import { isCoreReturn, type CoreOffer } from '../lib/core-offers';
import css from './return-dialog.module.css';

/** What the dialog says once the return is requested: its RMA number and what happens next. */
function Requested({ answer, onClose }: { answer: Return; onClose: () => void }) {
  const units = unitsOf(answer);
  const cores = isCoreReturn(answer);
  return (
    <>
      <ModalBody className={css.fields}>
        <Notice severity="success" role="status" title="Return requested">
          <p className={css.text} data-testid="return-requested">
            Your return number is <strong data-testid="return-rma">{answer.rmaNumber}</strong> ({units}{' '}
            {cores ? (units === 1 ? 'core' : 'cores') : units === 1 ? 'unit' : 'units'}).
          </p>
        </Notice>
        <ol className={css.next} aria-label="What happens next">
          <li>We review the request and email you when it is approved, with the address to send the {cores ? 'old units' : 'parts'} to.</li>
          <li>Print the RMA slip from the order page, put it in the box with the {cores ? 'old units' : 'parts'}, and send them.</li>
          {cores ? (
            <li>When the cores arrive and pass inspection, the deposit goes back the way the order was paid; you are emailed at each step.</li>
          ) : (
            <li>When the parts arrive and are checked, the refund goes back the way the order was paid; you are emailed at each step.</li>
          )}
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

/** What goes back: parts (wrong, not needed, faulty) or the old units of parts with a core deposit (decision 0088). */
export type ReturnKind = 'parts' | 'cores';

/** "0 to 2; deposit $75.00 each, due back by Jan 27": a core line's quantity hint. */
const coreHint = (l: CoreOffer) => `0 to ${l.quantity}; deposit ${formatDollars(l.deposit)} each${l.dueOn ? `, due back by ${shopCalendarDay(l.dueOn)}` : ''}`;

/** Nothing returned by default for parts; every core owed for cores (what the buyer sends back for the deposit). */
const defaultsOf = (kind: ReturnKind, lines: readonly ReturnableLine[]): ReturnForm => {
  const d = returnDefaults(lines);
  return kind === 'cores' ? { ...d, lines: lines.map((l) => ({ quantity: String(l.quantity), reason: 'core', note: '' })) } : d;
};

/**
 * The request's fields for one kind: per line a quantity (at most what is left) and, for parts, a
 * reason among those whose window is open ("Wrong part (until Dec 3)"), or for cores the deposit
 * and the day they are due; a note each; sent with one Idempotency-Key for the form's life. The
 * server's refusals (a window that closed meanwhile, a quantity beyond what is left) sit at their
 * line's field.
 */
function RequestForm({
  kind,
  bookingId,
  lines,
  title,
  summaryId,
  before,
  onBusy,
  onDone,
  onClose,
}: {
  kind: ReturnKind;
  bookingId: string;
  lines: readonly ReturnableLine[];
  title: string;
  summaryId: string;
  before: ReactNode;
  onBusy: (busy: boolean) => void;
  onDone: (answer: Return) => void;
  onClose: () => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const sent = useRef<number[]>([]);
  const request = useRequestReturn(bookingId);
  const { form, submit, prefetch, isSubmitting, formError, errors } = useShopForm<ReturnForm, ReturnRequest, Return>({
    schema: () => import('../lib/return-schemas').then((m) => m.returnFormSchema(lines) as never),
    defaultValues: defaultsOf(kind, lines),
    action: async (body, f) => {
      sent.current = returnBodyOf(f.getValues(), lines).sent;
      const answer = await request.mutateAsync({ body, key });
      onDone(answer);
      return answer;
    },
    serverFieldName: (path) => returnFieldOf(path, sent.current) as Path<ReturnForm> | undefined,
  });
  useEffect(() => onBusy(isSubmitting), [isSubmitting, onBusy]);
  const warranty = kind === 'parts' && claimsWarranty({ lines: form.watch('lines') });
  const linesError = (errors.lines as { message?: string; root?: { message?: string } } | undefined)?.message ?? errors.lines?.root?.message;
  return (
    <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={title}>
      <ModalBody className={css.fields}>
        {before}
        <p id={summaryId} className={css.text}>
          {kind === 'cores'
            ? 'Say how many old units (cores) go back. Once they arrive and pass inspection, their deposit is refunded the way the order was paid; we email you the address to send them to once the return is approved.'
            : 'Say how many of each part go back and why. Each reason can be chosen until the day shown; we email you the return address once the return is approved.'}
        </p>
        {lines.map((l, i) => (
          <fieldset key={l.lineId} className={css.line} data-testid="return-line">
            <legend className={css.legend}>
              {l.name}
              {l.partNumber && <span className={css.muted}> ({l.partNumber})</span>}
            </legend>
            {kind === 'cores' ? (
              <FormInput
                form={form}
                name={`lines.${i}.quantity`}
                label="Cores to return"
                helperText={coreHint(l as CoreOffer)}
                inputMode="numeric"
                data-testid="return-quantity"
              />
            ) : (
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
            )}
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
      <DialogActions onCancel={onClose} label={kind === 'cores' ? 'Request core return' : 'Request return'} busyLabel="Requesting…" busy={isSubmitting} />
    </form>
  );
}

/**
 * The buyer's Return dialog (CONTRACT §16), on the shop's Modal (a native <dialog>): a part return
 * (per line still returnable a quantity, 0 by default, and a reason whose window is open) or, for
 * an order with cores owed (decision 0088), a core return (per line a number of cores up to those
 * owed, for the deposit back); a return is one or the other, as the server takes it, and the
 * dialog offers the choice when both can go back. Then the RMA number and what happens next.
 * Loaded lazily with the first Return parts or Return cores.
 */
export default function ReturnDialog({
  bookingId,
  orderNumber,
  returnable,
  cores = [],
  kind: first = 'parts',
  onClose,
}: {
  bookingId: string;
  orderNumber: string;
  returnable: readonly ReturnableLine[];
  /** The lines whose cores may go back now (core-offers.ts). */
  cores?: readonly CoreOffer[];
  /** The kind the dialog opens on (the button that opened it). */
  kind?: ReturnKind;
  onClose: () => void;
}) {
  // The lines as the dialog opened: the fields stay put while the order's returns are read again.
  const [frozen] = useState(() => ({ parts: offeredLines(returnable), cores: [...cores] }));
  const [kind, setKind] = useState<ReturnKind>(first === 'cores' ? (frozen.cores.length > 0 ? 'cores' : 'parts') : frozen.parts.length > 0 ? 'parts' : 'cores');
  const [done, setDone] = useState<Return | null>(null);
  // The form's height when the answer came: the answer keeps it, so the centred dialog does not
  // shrink and jump when the server answers later than the click (a layout shift the buyer sees).
  const box = useRef<HTMLDivElement>(null);
  const [held, setHeld] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const summaryId = useId();
  const kindName = useId();
  const title = done ? `Return ${done.rmaNumber}` : kind === 'cores' ? `Return cores of order ${orderNumber}` : `Return parts of order ${orderNumber}`;
  // Both kinds can go back: the buyer chooses which this return is (the server takes no mix).
  const choice =
    frozen.parts.length > 0 && frozen.cores.length > 0 ? (
      <fieldset className={css.kinds} disabled={busy}>
        <legend className={css.legend}>What goes back</legend>
        {(
          [
            ['parts', 'Return parts'],
            ['cores', 'Return cores'],
          ] as const
        ).map(([k, label]) => (
          <label key={k} className={css.kind}>
            <input type="radio" name={kindName} value={k} checked={kind === k} onChange={() => setKind(k)} /> {label}
          </label>
        ))}
      </fieldset>
    ) : null;

  return (
    <Modal open onClose={onClose} title={title} describedBy={done ? undefined : summaryId} busy={busy} size="sm">
      <div ref={box} className={css.held} style={held === null ? undefined : { minHeight: held }}>
        {done ? (
          <Requested answer={done} onClose={onClose} />
        ) : (
          <RequestForm
            key={kind}
            kind={kind}
            bookingId={bookingId}
            lines={kind === 'cores' ? frozen.cores : frozen.parts}
            title={title}
            summaryId={summaryId}
            before={choice}
            onBusy={setBusy}
            onDone={(answer) => {
              setHeld(box.current?.offsetHeight ?? null);
              setDone(answer);
            }}
            onClose={onClose}
          />
        )}
      </div>
    </Modal>
  );
}
