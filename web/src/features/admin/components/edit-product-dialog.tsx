import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { priceBreaksText, toolEditSchema, type Tool, type ToolEdit, type ToolEditForm } from '@fridgeparts/common/tool';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { CommercialFields } from './commercial-fields';

const FIELDS = ['price', 'availableQuantity', 'minimumQuantity', 'packSize', 'priceBreaks'] as const;

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
  const { register, handleSubmit, reset, setError, getValues, formState } = useForm<ToolEditForm, unknown, ToolEdit>({ resolver: zodResolver(toolEditSchema) });
  const { errors, isSubmitting } = formState;
  useEffect(() => {
    if (tool) reset(valuesOf(tool));
  }, [tool, reset]);

  // Text goes up as typed (like Add A Product); the server parses it with the same schema.
  const submit = handleSubmit(async () => {
    if (!tool) return;
    try {
      await onSave(tool, getValues());
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        for (const f of FIELDS) if (err.fields[f]) setError(f, { message: err.fields[f] });
      }
      return;
    }
    notify.success(`${tool.name} saved`);
    onClose();
  });

  return (
    <Dialog open={!!tool} onClose={() => !isSubmitting && onClose()} fullWidth maxWidth="sm" aria-labelledby="edit-product-title">
      <DialogTitle id="edit-product-title">Edit {tool?.name}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} aria-label="Edit product">
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <CommercialFields register={register} errors={errors} />
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
