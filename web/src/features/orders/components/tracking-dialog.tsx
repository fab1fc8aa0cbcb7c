import { useId } from 'react';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import { FormError } from '../../../components/form/form-error';
import { useShopForm } from '../../../components/form/use-shop-form';
import { DialogActions, Modal, ModalBody } from '../../../components/modal';
import { trackingDefaults, type TrackingForm, type TrackingPatch } from '../lib/tracking-form';
import css from './ship-dialog.module.css';
import { TrackingFields } from './tracking-fields';

/**
 * The admin's Edit tracking dialog (CONTRACT §14 "PATCH .../shipments/{sid} corrects tracking",
 * decision 0079; medusa#14554: tracking added after the shipment is made), on the shop's Modal: the
 * carrier, service, tracking numbers (one field, as the Ship dialog has them) and, for freight and
 * other carriers, the tracking page's link, as the shipment has them now. Saved, the page shows
 * the shipment's new links and focus goes back to its Edit tracking button; a refusal puts the
 * server's messages at their fields, focus on the first. Loaded lazily: only admins open it.
 */
export default function TrackingDialog({
  shipment,
  index,
  onClose,
  onSave,
}: {
  shipment: Shipment;
  /** Its place among the order's shipments, from 0 (the page calls it "Shipment 1"). */
  index: number;
  onClose: () => void;
  onSave: (shipment: Shipment, patch: TrackingPatch) => Promise<Shipment>;
}) {
  const summaryId = useId();
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<TrackingForm, TrackingPatch, Shipment>({
    schema: () => import('../lib/ship-schemas').then((m) => m.trackingFormSchema() as never),
    defaultValues: trackingDefaults(shipment),
    action: async (patch) => {
      const saved = await onSave(shipment, patch);
      onClose();
      return saved;
    },
    success: `Tracking of shipment ${index + 1} saved.`,
    // The numbers are one field here: the server's "trackingNumbers.2" is that field.
    serverFieldName: (path) => (path.startsWith('trackingNumbers') ? 'trackingNumbers' : undefined),
  });
  const units = shipment.lines.reduce((n, l) => n + l.quantity, 0);

  return (
    <Modal open onClose={onClose} title={`Edit tracking of shipment ${index + 1}`} describedBy={summaryId} busy={isSubmitting} size="sm">
      <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={`Edit tracking of shipment ${index + 1}`}>
        <ModalBody className={css.fields}>
          <p id={summaryId} className={css.summary}>
            {units} {units === 1 ? 'unit' : 'units'} shipped. The buyer&rsquo;s order page shows the corrected links; no email is sent.
          </p>
          <TrackingFields form={form} />
          <FormError message={formError} />
        </ModalBody>
        <DialogActions onCancel={onClose} label="Save tracking" busyLabel="Saving…" busy={isSubmitting} />
      </form>
    </Modal>
  );
}
