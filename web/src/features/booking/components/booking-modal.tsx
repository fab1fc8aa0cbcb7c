import { useEffect, useMemo } from 'react';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bookingFormSchema } from '@fridgeparts/common/booking';
import { MESSAGES } from '@fridgeparts/common/messages';
import { formatDollars } from '@fridgeparts/common/money';
import { unitPriceCentsFor } from '@fridgeparts/common/pricing';
import { useRecentBookings } from '../../../lib/use-recent-bookings';
import type { Tool } from '@fridgeparts/common/tool';
import { FormTextField } from '../../../components/form/form-text-field';
import { useShopForm } from '../../../components/form/use-shop-form';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCreateBooking } from '../api/use-create-booking';

type Schema = ReturnType<typeof bookingFormSchema>;
type FormValues = z.input<Schema>;

export interface BookingModalProps {
  tool: Tool;
  open: boolean;
  onClose: () => void;
  /** Reorder: the earlier booking's quantity, contact and PO number. */
  initial?: { quantity: number; phone: string; address: string; poNumber: string };
}

/**
 * Booking modal (SPEC §2): name and email read-only from the session, quantity defaulting to
 * the minimum, phone and address. A quantity out of range toasts the spec's message and keeps
 * submit disabled until it is corrected (SPEC §4, §8); the server checks the same rule again.
 */
export default function BookingModal({ tool, open, onClose, initial }: BookingModalProps) {
  const { user } = useSession();
  const { createBooking } = useCreateBooking();
  const schema = useMemo(() => bookingFormSchema(tool), [tool]);
  const blank = useMemo(
    () => ({ toolId: tool._id, quantity: initial?.quantity ?? tool.minimumQuantity, phone: initial?.phone ?? '', address: initial?.address ?? '', poNumber: initial?.poNumber ?? '' }),
    [tool, initial],
  );
  const { form, submit, errors, isSubmitting } = useShopForm<FormValues, z.output<Schema>>({
    schema,
    mode: 'onChange',
    defaultValues: blank,
    action: async (values, f) => {
      await createBooking(values);
      f.reset(blank);
      onClose();
    },
    success: MESSAGES.bookingAdded,
  });
  const { register, formState, reset, watch, trigger, getValues, setValue } = form;
  const quantityError = errors.quantity?.message;
  const quantity = Number(watch('quantity'));

  // The error toast goes as soon as the quantity is right again (on a phone it covered Book Now).
  useEffect(() => {
    if (quantityError) notify.error(MESSAGES.quantityOutOfRange);
    else notify.dismiss(MESSAGES.quantityOutOfRange);
  }, [quantityError]);

  // Phone and address from the customer's last booking when the fields are still empty (CONTRACT §7).
  const last = useRecentBookings(1, open && !initial)?.[0];
  useEffect(() => {
    if (!open || initial || !last) return;
    if (!getValues('phone')) setValue('phone', last.phone, { shouldValidate: false });
    if (!getValues('address')) setValue('address', last.address, { shouldValidate: false });
  }, [open, initial, last, getValues, setValue]);

  // The stock may change while the modal is open (another booking): check again against it.
  useEffect(() => {
    if (open && formState.dirtyFields.quantity) void trigger('quantity');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema]);

  const close = () => {
    if (isSubmitting) return;
    reset(blank);
    onClose();
  };

  // The unit price the server will charge: the highest price break the quantity reaches (CONTRACT §7).
  const priced = { priceCents: Math.round(tool.price * 100), priceBreaks: tool.priceBreaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: Math.round(b.price * 100) })) };
  const unitCents = Number.isInteger(quantity) && quantity > 0 ? unitPriceCentsFor(priced, quantity) : priced.priceCents;
  const total = Number.isInteger(quantity) && !quantityError ? formatDollars((unitCents * quantity) / 100) : null;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="booking-title">
      <DialogTitle id="booking-title">Book {tool.name}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} aria-label="Booking">
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {tool.partNumber && <>{tool.partNumber} · </>}
            {formatDollars(tool.price)} per unit · minimum {tool.minimumQuantity} · available {tool.availableQuantity}
            {tool.packSize > 1 && <> · sold in packs of {tool.packSize}</>}
          </Typography>
          <TextField label="Name" value={user?.displayName ?? ''} slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField label="Email" type="email" value={user?.email ?? ''} slotProps={{ htmlInput: { readOnly: true } }} />
          <input type="hidden" {...register('toolId')} />
          <FormTextField
            form={form}
            name="quantity"
            label="Quantity"
            type="number"
            required
            helperText={`Between ${tool.minimumQuantity} and ${tool.availableQuantity}${tool.packSize > 1 ? `, in packs of ${tool.packSize}` : ''}`}
            slotProps={{ htmlInput: { min: tool.minimumQuantity, max: tool.availableQuantity, step: tool.packSize > 1 ? tool.packSize : 1, inputMode: 'numeric' } }}
          />
          {/* Prefilled phone and address are set by code: FormTextField keeps their labels up. */}
          <FormTextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" required />
          <FormTextField form={form} name="address" label="Address" autoComplete="street-address" required multiline minRows={2} />
          <FormTextField form={form} name="poNumber" label="PO number (optional)" helperText="Your purchase-order or job reference, up to 35 characters" slotProps={{ htmlInput: { maxLength: 35 } }} />
          {total && (
            <Typography variant="subtitle1" component="p" aria-live="polite" data-testid="booking-total">
              {formatDollars(unitCents / 100)} per unit · Total: {total}
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!!quantityError || isSubmitting}>
            {isSubmitting ? 'Booking…' : 'Book Now'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
