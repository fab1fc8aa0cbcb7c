import { useCallback, useEffect, useId, useState } from 'react';
import { priceBreaksText } from '@fridgeparts/common/pricing';
import { toolEditSchema, type Tool, type ToolDetail, type ToolEdit, type ToolEditForm } from '@fridgeparts/common/tool';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { Field, fieldControlClass } from '../../../components/form/field';
import { FormInput } from '../../../components/form/form-input';
import { DialogActions, Modal, ModalActions, ModalBody } from '../../../components/modal';
import { Notice } from '../../../components/notice';
import { ErrorRetry } from '../../../components/error-retry';
import { ApiError } from '../../../lib/infra/api-client';
import { notify } from '../../../lib/infra/toast';
import { useEditableTool, type EditableTool, type ToolChanges } from '../api/use-products';
import { CommercialFields } from './commercial-fields';
import { CategorySpecFields, findingValuesOf, NumberFields } from './finding-fields';
import { ShippingStockFields } from './shipping-stock-fields';
import { shopToday } from '@fridgeparts/common/availability/availability';
import css from './product-fields.module.css';
import { Button } from '../../../components/button';

/** The form's values for a tool as read: text, as the inputs hold it; no stock to add yet. */
export const valuesOf = (t: ToolDetail): ToolEditForm => ({
  price: t.price.toFixed(2),
  minimumQuantity: String(t.minimumQuantity),
  packSize: String(t.packSize),
  priceBreaks: priceBreaksText(t.priceBreaks),
  addStock: '',
  ...findingValuesOf(t),
  weight: t.weight === null ? '' : String(t.weight),
  freight: t.freight,
  leadTimeDays: String(t.leadTimeDays),
  // A delivery whose day has passed no longer counts (and may not be saved again): left out.
  restock: t.restock.filter((r) => r.expectedOn >= shopToday(new Date())).map((r) => ({ quantity: String(r.quantity), expectedOn: r.expectedOn })),
  // Decision 0088 and CONTRACT §15: empty is no deposit and the shop's default tax code.
  coreDeposit: t.coreDeposit > 0 ? t.coreDeposit.toFixed(2) : '',
  taxCode: t.taxCode ?? '',
});

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
/** The specs given, each value trimmed: what goes up, and what is compared. */
const filledSpecs = (specs: Record<string, string>) => Object.fromEntries(Object.entries(specs).flatMap(([k, v]) => (text(v) ? [[k, text(v)]] : [])));
const restockText = (rows: ToolEditForm['restock']) => JSON.stringify(rows.map((r) => [text(r.quantity), text(r.expectedOn)]));
const aliasesText = (list: ToolEditForm['aliases']) => JSON.stringify(list.map((a) => [text(a.number), a.kind, text(a.brand)]));

/**
 * What the admin changed from the values as read: only those fields go up (PATCH changes only what
 * it is sent, so an untouched minimum is not checked again against stock that orders took), and
 * Add stock when it holds a number. Empty text is sent as null (no category, not replaced), specs
 * without the empty ones, and the whole list of other numbers when any of it changed.
 */
export function changedValues(read: ToolEditForm, now: ToolEditForm): ToolChanges {
  const out: ToolChanges = {};
  for (const key of ['price', 'priceBreaks', 'packSize', 'minimumQuantity'] as const) {
    if (text(now[key]) !== text(read[key])) Object.assign(out, { [key]: now[key] });
  }
  if (text(now.addStock) !== '') out.addStock = text(now.addStock);
  if (text(now.category) !== text(read.category)) out.category = text(now.category) || null;
  const specs = filledSpecs(now.specs);
  if (JSON.stringify(specs) !== JSON.stringify(filledSpecs(read.specs))) out.specs = specs;
  if (aliasesText(now.aliases) !== aliasesText(read.aliases)) out.aliases = now.aliases;
  if (text(now.replacedBy).toUpperCase() !== text(read.replacedBy).toUpperCase()) out.replacedBy = text(now.replacedBy) || null;
  // CONTRACT §14: weight (empty: unchanged), freight, lead time, and the whole list of deliveries when any of it changed.
  if (text(now.weight) !== '' && text(now.weight) !== text(read.weight)) out.weight = text(now.weight);
  if (Boolean(now.freight) !== Boolean(read.freight)) out.freight = Boolean(now.freight);
  if (text(now.leadTimeDays) !== text(read.leadTimeDays)) out.leadTimeDays = text(now.leadTimeDays);
  if (restockText(now.restock) !== restockText(read.restock)) out.restock = now.restock;
  // The deposit emptied is 0 (none); the tax code emptied is null (the shop's default).
  if (text(now.coreDeposit) !== text(read.coreDeposit)) out.coreDeposit = text(now.coreDeposit) || '0';
  if (text(now.taxCode) !== text(read.taxCode)) out.taxCode = text(now.taxCode) || null;
  return out;
}

export type SaveProduct = (loaded: EditableTool, changes: ToolChanges) => Promise<void>;

export interface EditProductDialogProps {
  tool: Tool;
  onClose: () => void;
  onSave: SaveProduct;
}

/**
 * Edit product (CONTRACT §7 and §13, PATCH /manage/{id}) on the one Modal. It carries
 * react-hook-form, the tool schema and zod, so the Manage All Products table (products-table.tsx)
 * loads it on the first Edit. Escape and the backdrop do nothing while a save runs; closing gives
 * focus back to Edit. The values come from a fresh read of the tool, not from the list row, so the
 * ETag the save sends as If-Match belongs to exactly the values the admin saw.
 */
export default function EditProductDialog({ tool, onClose, onSave }: EditProductDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open onClose={onClose} title={`Edit ${tool.name}`} busy={busy} size="sm">
      <EditProduct toolId={tool._id} onClose={onClose} onSave={onSave} onBusyChange={setBusy} />
    </Modal>
  );
}

interface EditProductProps {
  toolId: string;
  onClose: () => void;
  onSave: SaveProduct;
  onBusyChange: (busy: boolean) => void;
}

/**
 * Reads the tool with its ETag, then shows the form. When a save is refused because the product
 * changed meanwhile (412), it reads again and shows the form anew on the current values, with the
 * server's message above them.
 */
function EditProduct({ toolId, onClose, onSave, onBusyChange }: EditProductProps) {
  const read = useEditableTool(toolId);
  const [changedMeanwhile, setChangedMeanwhile] = useState<string | null>(null);
  const { refetch } = read;
  const reread = useCallback(
    async (message: string) => {
      setChangedMeanwhile(message);
      await refetch();
    },
    [refetch],
  );

  if (read.isPending) {
    return (
      <ModalBody className={css.dialogFields}>
        <p role="status">Loading the current values…</p>
      </ModalBody>
    );
  }
  if (read.isError) {
    return (
      <>
        <ModalBody className={css.dialogFields}>
          <ErrorRetry message={`This product could not be loaded. ${read.error.message}`} onRetry={() => void refetch()} />
        </ModalBody>
        <ModalActions>
          <Button variant="text" onClick={onClose}>
            Cancel
          </Button>
        </ModalActions>
      </>
    );
  }
  // A new read is a new form: its values and the tag it saves with come from that one read.
  return (
    <EditProductForm
      key={read.data.etag}
      loaded={read.data}
      changedMeanwhile={changedMeanwhile}
      onChangedMeanwhile={reread}
      onClose={onClose}
      onSave={onSave}
      onBusyChange={onBusyChange}
    />
  );
}

export interface EditProductFormProps {
  loaded: EditableTool;
  /** The server's message when the last save found the product changed (412), shown above the current values. */
  changedMeanwhile: string | null;
  onChangedMeanwhile: (message: string) => Promise<void>;
  onClose: () => void;
  onSave: SaveProduct;
  /** Told while a save runs, so the dialog around the form does not close under it. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * The edit dialog's form: price, price breaks, pack size and minimum, checked with the server's
 * own schema; the stock as it is, read only, and Add stock (a delivery, or below 0 a write-off),
 * which the server adds to the stock as it is when the save lands, so units booked while the form
 * was open stay booked. Only changed fields are sent, always with If-Match; the server's field
 * errors land on their fields.
 */
export function EditProductForm({ loaded, changedMeanwhile, onChangedMeanwhile, onClose, onSave, onBusyChange }: EditProductFormProps) {
  const { tool } = loaded;
  const [read] = useState(() => valuesOf(tool));
  const stockId = useId();
  const { form, submit, isSubmitting, formError } = useShopForm<ToolEditForm, ToolEdit>({
    schema: toolEditSchema,
    defaultValues: read,
    action: async (_parsed, f) => {
      const changes = changedValues(read, f.getValues());
      if (Object.keys(changes).length === 0) {
        onClose();
        return;
      }
      try {
        // Text goes up as typed (like Add A Product); the server parses it with the same schema.
        await onSave(loaded, changes);
      } catch (err) {
        if (err instanceof ApiError && err.status === 412) {
          await onChangedMeanwhile(err.message);
          return;
        }
        // The save is quiet so field errors stay on their fields; anything else is said here.
        if (err instanceof ApiError && !err.fields) notify.error(err.message);
        throw err;
      }
      notify.success(`${tool.name} saved`);
      onClose();
    },
  });
  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);
  // The dialog opens on its first field.
  const { setFocus } = form;
  useEffect(() => setFocus('price'), [setFocus]);

  const stock = (
    <div className={css.pairs}>
      <Field id={stockId} label="In stock" message="Now, after bookings and cancels">
        <input
          id={stockId}
          className={`${fieldControlClass} ${css.current}`}
          value={tool.availableQuantity}
          readOnly
          aria-describedby={`${stockId}-message`}
          data-testid="stock-now"
        />
      </Field>
      <FormInput form={form} name="addStock" label="Add stock" type="number" step={1} helperText="Units that arrived; a negative number writes stock off" />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Edit product">
      <ModalBody className={css.dialogFields}>
        {changedMeanwhile && (
          <Notice severity="warning" role="alert">
            {changedMeanwhile}
          </Notice>
        )}
        <CommercialFields form={form} stock={stock} />
        <CategorySpecFields form={form} />
        <NumberFields form={form} />
        <ShippingStockFields form={form} weightRequired={false} />
        <FormError message={formError} />
      </ModalBody>
      <DialogActions onCancel={onClose} label="Save" busyLabel="Saving…" busy={isSubmitting} />
    </form>
  );
}
