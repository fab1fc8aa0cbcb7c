import type { ContractPrice } from '@fridgeparts/common/contract-prices.answers';
import { formatDollars } from '@fridgeparts/common/money';
import type { Tool } from '@fridgeparts/common/tool';
import { FormInput } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { DialogActions, Modal, ModalBody } from '../../../components/modal';
import { notify } from '../../../lib/infra/toast';
import { ApiError } from '../../../lib/infra/api-client';
import { breaksSummary, priceBodyOf, priceFormOf, type PriceBody, type PriceForm } from '../lib/price-form';
import css from './company-prices.module.css';

/** The tool a price is for, as the dialog names it (a tool that is gone has only its id). */
export interface PricedTool {
  _id: string;
  tool: Tool | null;
}

/**
 * A company's contract price for one tool, new or changed (PUT /companies/{id}/prices/{toolId}),
 * on the shop's Modal: the tool's list price and breaks for reference, then the contract's price
 * and breaks in the product form's text. The server's schema checks the form in the browser too
 * (loaded on first check); its 400 messages sit at their fields.
 */
export default function PriceDialog({
  companyName,
  item,
  current,
  onClose,
  onSave,
}: {
  companyName: string;
  item: PricedTool;
  /** The price as it is, for an edit; null for a new one. */
  current: Pick<ContractPrice, 'price' | 'priceBreaks'> | null;
  onClose: () => void;
  onSave: (body: PriceBody) => Promise<unknown>;
}) {
  const { tool } = item;
  const label = tool ? `${tool.partNumber} ${tool.name}` : item._id;
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<PriceForm, unknown>({
    schema: () => import('@fridgeparts/common/contract-prices.schema').then((m) => m.contractPriceInputSchema as never),
    defaultValues: priceFormOf(current),
    action: async (_parsed, f) => {
      try {
        await onSave(priceBodyOf(f.getValues()));
      } catch (err) {
        // Field messages go to their fields (useShopForm); anything else is said here (the call is quiet).
        if (!(err instanceof ApiError && err.fields)) notify.error((err as Error).message);
        throw err;
      }
      onClose();
    },
    success: `Contract price of ${label} saved for ${companyName}.`,
  });
  return (
    <Modal open onClose={onClose} title={current ? 'Edit contract price' : 'New contract price'} busy={isSubmitting} size="sm">
      <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={`Contract price of ${label}`}>
        <ModalBody className={css.dialogFields}>
          <p className={css.dialogTool}>
            {tool ? (
              <>
                <span className={css.mono}>{tool.partNumber}</span> {tool.name}
                <br />
                List price {formatDollars(tool.price)}
                {tool.priceBreaks.length > 0 && <> · breaks {breaksSummary(tool.priceBreaks, formatDollars)}</>}
              </>
            ) : (
              <>Tool {item._id}, no longer in the catalogue</>
            )}
          </p>
          <FormInput
            form={form}
            name="price"
            label="Contract price (USD)"
            required
            inputMode="decimal"
            helperText={`Per unit, in dollars, for ${companyName}'s people`}
          />
          <FormInput
            form={form}
            name="priceBreaks"
            label="Contract price breaks"
            placeholder="100: 23.00, 250: 21.50"
            helperText="Optional: quantity: unit price, lowest quantity first. They replace the tool's own breaks for this company."
          />
          <FormError message={formError} />
        </ModalBody>
        <DialogActions onCancel={onClose} label="Save" busyLabel="Saving…" busy={isSubmitting} />
      </form>
    </Modal>
  );
}
