import { useState } from 'react';
import type { ShippingMethod } from '@fridgeparts/common/shipping/methods.answers';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/infra/api-client';
import { notify } from '../../../lib/infra/toast';
import { movedMethodOf, useSaveShippingMethod } from '../api/use-shipping-methods';
import { bodyOf, emptyMethodForm, methodFormOf, type MethodForm } from '../lib/method-form';
import { methodText } from '../lib/method-text';
import { ShippingMethodForm } from './shipping-method-form';
import css from './shipping-method-dialog.module.css';

export interface ShippingMethodDialogProps {
  /** The method to edit, or null for a new one. */
  method: ShippingMethod | null;
  /** Every method's id now listed: a new method's id may not be one of them. */
  takenIds: readonly string[];
  onClose: () => void;
}

/**
 * Add or edit a shipping method on the one Modal (CONTRACT §14, decision 0078). It carries
 * react-hook-form and, on the first check, the API's schema and zod, so the page loads it with the
 * first Add or Edit. An edit saves with the version it was filled from (If-Match); when another
 * admin saved first (412), the form keeps what this admin typed and says what the method holds now;
 * saving again replaces it (the form now carries the new version), or "Use the current values"
 * starts over from them. Escape and the backdrop do nothing while a save runs.
 */
export default function ShippingMethodDialog({ method, takenIds, onClose }: ShippingMethodDialogProps) {
  const save = useSaveShippingMethod();
  const [busy, setBusy] = useState(false);
  // The method the form was filled from, or, after a 412, the one found then: its version is the one a save sends.
  const [base, setBase] = useState(method);
  const [conflict, setConflict] = useState<ShippingMethod | null>(null);
  const [initial, setInitial] = useState<MethodForm>(() => (method ? methodFormOf(method) : emptyMethodForm()));
  const [formKey, setFormKey] = useState(0);

  const onSubmit = async (values: MethodForm) => {
    try {
      const saved = await save.mutateAsync({ id: base ? base.id : values.id, body: bodyOf(values), version: base ? base.version : null });
      notify.success(base ? `${saved.name} saved.` : `${saved.name} added.`);
      onClose();
    } catch (err) {
      const current = movedMethodOf(err);
      if (current) {
        setBase(current);
        setConflict(current);
      } else if (err instanceof ApiError && !err.fields) notify.error(err.message);
      throw err;
    }
  };

  return (
    <Modal open onClose={onClose} title={method ? `Edit ${method.name}` : 'New shipping method'} busy={busy} size="sm">
      {conflict && (
        <div className={css.conflict}>
          <Notice
            severity="warning"
            role="alert"
            title="Changed by someone else while you were editing"
            action={
              <Button
                variant="outlined"
                size="small"
                onClick={() => {
                  setInitial(methodFormOf(conflict));
                  setConflict(null);
                  setFormKey((k) => k + 1);
                }}
              >
                Use the current values
              </Button>
            }
          >
            <span data-testid="method-conflict">It now reads: {methodText(conflict)}</span> Save again to replace that with what you see here, or use the
            current values.
          </Notice>
        </div>
      )}
      <ShippingMethodForm key={formKey} initial={initial} takenIds={method ? null : takenIds} onSubmit={onSubmit} onCancel={onClose} onBusyChange={setBusy} />
    </Modal>
  );
}
