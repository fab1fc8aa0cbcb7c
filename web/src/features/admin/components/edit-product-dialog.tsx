import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { priceBreaksText, toolEditSchema, type Tool, type ToolEdit, type ToolEditForm } from '@fridgeparts/common/tool';
import { useShopForm } from '../../../components/form/use-shop-form';
import { notify } from '../../../lib/toast';
import { CommercialFields } from './commercial-fields';

const valuesOf = (t: Tool): ToolEditForm => ({
  price: t.price.toFixed(2),
  availableQuantity: String(t.availableQuantity),
  minimumQuantity: String(t.minimumQuantity),
  packSize: String(t.packSize),
  priceBreaks: priceBreaksText(t.priceBreaks),
});

/**
 * Edit product (CONTRACT §7, PATCH /manage/{id}): price, stock, minimum, pack size and price
 * breaks, checked with the server's own schema; the server's field errors land on their fields.
 */
export function EditProductDialog({ tool, onClose, onSave }: { tool: Tool | null; onClose: () => void; onSave: (tool: Tool, values: ToolEditForm) => Promise<void> }) {
  const { form, submit, isSubmitting } = useShopForm<ToolEditForm, ToolEdit>({
    schema: toolEditSchema,
    // Text goes up as typed (like Add A Product); the server parses it with the same schema.
    action: async (_parsed, f) => {
      if (!tool) return;
      await onSave(tool, f.getValues());
      notify.success(`${tool.name} saved`);
      onClose();
    },
  });
  const { reset } = form;
  useEffect(() => {
    if (tool) reset(valuesOf(tool));
  }, [tool, reset]);

  return (
    <Dialog open={!!tool} onClose={() => !isSubmitting && onClose()} fullWidth maxWidth="sm" aria-labelledby="edit-product-title">
      <DialogTitle id="edit-product-title">Edit {tool?.name}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} aria-label="Edit product">
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <CommercialFields form={form} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
