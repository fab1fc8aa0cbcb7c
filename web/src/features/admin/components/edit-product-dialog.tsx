import { useEffect, useState } from 'react';
import { priceBreaksText, toolEditSchema, type Tool, type ToolEdit, type ToolEditForm } from '@fridgeparts/common/tool';
import { useShopForm } from '../../../components/form/use-shop-form';
import { Modal, ModalActions, ModalBody } from '../../../components/modal';
import { notify } from '../../../lib/toast';
import { CommercialFields } from './commercial-fields';
import css from './product-fields.module.css';
import { Button } from '../../../components/button';

const valuesOf = (t: Tool): ToolEditForm => ({
  price: t.price.toFixed(2),
  availableQuantity: String(t.availableQuantity),
  minimumQuantity: String(t.minimumQuantity),
  packSize: String(t.packSize),
  priceBreaks: priceBreaksText(t.priceBreaks),
});

export interface EditProductFormProps {
  tool: Tool;
  onClose: () => void;
  onSave: (tool: Tool, values: ToolEditForm) => Promise<void>;
  /** Told while a save runs, so the dialog around the form does not close under it. */
  onBusyChange: (busy: boolean) => void;
}

export interface EditProductDialogProps {
  tool: Tool;
  onClose: () => void;
  onSave: (tool: Tool, values: ToolEditForm) => Promise<void>;
}

/**
 * Edit product (CONTRACT §7, PATCH /manage/{id}) on the one Modal. It carries react-hook-form, the
 * tool schema and zod, so the Manage All Products table (products-table.tsx) loads it on the first
 * Edit. Escape and the backdrop do nothing while a save runs; closing gives focus back to Edit.
 */
export default function EditProductDialog({ tool, onClose, onSave }: EditProductDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open onClose={onClose} title={`Edit ${tool.name}`} busy={busy} size="sm">
      <EditProductForm tool={tool} onClose={onClose} onSave={onSave} onBusyChange={setBusy} />
    </Modal>
  );
}

/**
 * The edit dialog's form: price, stock, minimum, pack size and price breaks, checked with the
 * server's own schema; the server's field errors land on their fields.
 */
export function EditProductForm({ tool, onClose, onSave, onBusyChange }: EditProductFormProps) {
  const { form, submit, isSubmitting } = useShopForm<ToolEditForm, ToolEdit>({
    schema: toolEditSchema,
    defaultValues: valuesOf(tool),
    // Text goes up as typed (like Add A Product); the server parses it with the same schema.
    action: async (_parsed, f) => {
      await onSave(tool, f.getValues());
      notify.success(`${tool.name} saved`);
      onClose();
    },
  });
  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);
  // The dialog opens on its first field.
  const { setFocus } = form;
  useEffect(() => setFocus('price'), [setFocus]);

  return (
    <form noValidate onSubmit={submit} aria-label="Edit product">
      <ModalBody className={css.dialogFields}>
        <CommercialFields form={form} />
      </ModalBody>
      <ModalActions>
        <Button variant="text" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </ModalActions>
    </form>
  );
}
