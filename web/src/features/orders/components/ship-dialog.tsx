import { useId, useRef, useState } from 'react';
import type { Path } from 'react-hook-form';
import type { Booking } from '@fridgeparts/common/booking';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import { FormInput } from '../../../components/form/form-input';
import { FormError } from '../../../components/form/form-error';
import { useShopForm } from '../../../components/form/use-shop-form';
import { DialogActions, Modal, ModalBody } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { linesToShip, shipBodyOf, shipDefaults, type ShipBody, type ShipForm } from '../lib/ship-form';
import css from './ship-dialog.module.css';
import { TrackingFields } from './tracking-fields';

/**
 * The admin's Ship dialog (CONTRACT §14, decision 0079), on the shop's Modal (a native <dialog>):
 * per line left to ship a quantity (all that is left by default), the carrier, an optional service,
 * the tracking numbers in one field (comma or newline between them) and, for freight and other
 * carriers, the tracking page's link. The Idempotency-Key is made once for the dialog's life, so a
 * double click or a retry after a lost answer makes one shipment. The server's 400 messages sit at
 * their fields (a line's at its quantity). Loaded lazily: only admins open it.
 */
export default function ShipDialog({
  order,
  onClose,
  onShip,
}: {
  order: Booking;
  onClose: () => void;
  onShip: (body: ShipBody, idempotencyKey: string) => Promise<Shipment>;
}) {
  const [key] = useState(() => crypto.randomUUID());
  // The lines as the dialog opened: the form's fields stay put while the order is read again.
  const [frozen] = useState(() => linesToShip(order));
  const sent = useRef<number[]>([]);
  const summaryId = useId();
  const number = order.orderNumber || order._id;
  const { form, submit, prefetch, isSubmitting, formError, errors } = useShopForm<ShipForm, ShipBody, Shipment>({
    schema: () => import('../lib/ship-schemas').then((m) => m.shipFormSchema(frozen) as never),
    defaultValues: shipDefaults(frozen),
    action: async (body, f) => {
      sent.current = shipBodyOf(f.getValues(), frozen).sent;
      const shipment = await onShip(body, key);
      onClose();
      return shipment;
    },
    success: (_body, s) => `Shipment of ${s.lines.reduce((n, l) => n + l.quantity, 0)} units recorded; the buyer is emailed.`,
    // The server names a line by its place in the body sent ("lines.1"): its field is that line's quantity here.
    serverFieldName: (path) => {
      const m = /^lines\.(\d+)/.exec(path);
      if (!m) return path.startsWith('trackingNumbers') ? 'trackingNumbers' : undefined;
      const at = sent.current[Number(m[1])];
      return at === undefined ? 'lines' : (`lines.${at}.quantity` as Path<ShipForm>);
    },
  });
  const linesError = (errors.lines as { message?: string; root?: { message?: string } } | undefined)?.message ?? errors.lines?.root?.message;

  return (
    <Modal open onClose={onClose} title={`Ship order ${number}`} describedBy={summaryId} busy={isSubmitting} size="sm">
      <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={`Ship order ${number}`}>
        <ModalBody className={css.fields}>
          <p id={summaryId} className={css.summary}>
            Each line ships all that is left unless you change it; 0 leaves a line for a later shipment. The buyer is emailed the tracking.
          </p>
          <fieldset className={css.lines}>
            <legend className={css.legend}>Quantities</legend>
            {frozen.map((l, i) => (
              <FormInput
                key={l.lineId}
                form={form}
                name={`lines.${i}.quantity`}
                label={`${l.name}${l.partNumber ? ` (${l.partNumber})` : ''}`}
                helperText={`${l.left} left to ship`}
                inputMode="numeric"
                data-testid="ship-quantity"
              />
            ))}
            {linesError && (
              <Notice severity="error" role="alert" title="Nothing to ship">
                <p>{linesError}</p>
              </Notice>
            )}
          </fieldset>
          <TrackingFields form={form} />
          <FormError message={formError} />
        </ModalBody>
        <DialogActions onCancel={onClose} label="Ship" busyLabel="Shipping…" busy={isSubmitting} />
      </form>
    </Modal>
  );
}
