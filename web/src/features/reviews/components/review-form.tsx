import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { RATING_MAX, RATING_MIN } from '@fridgeparts/common/constants';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { ReviewInput, ReviewInputForm } from '@fridgeparts/common/review';
import { FormTextField } from '../../../components/form/form-text-field';
import { useShopForm } from '../../../components/form/use-shop-form';
import { useRecentBookings } from '../../../lib/use-recent-bookings';
import { useAddReview } from '../api/use-add-review';

const EMPTY: ReviewInputForm = { image: '', review: '', description: '' };

/** The tools the customer has booked, newest first, once each: what they can review as a buyer. */
function useBookedTools(): { toolId: string; label: string }[] {
  const bookings = useRecentBookings(50);
  return useMemo(() => {
    const seen = new Map<string, string>();
    for (const b of bookings ?? []) if (!seen.has(b.toolId)) seen.set(b.toolId, b.partNumber ? `${b.name} (${b.partNumber})` : b.name);
    return [...seen].map(([toolId, label]) => ({ toolId, label }));
  }, [bookings]);
}

/**
 * Give Review (SPEC §2): image URL, a 1-5 rating, description, and optionally the tool it is
 * about (CONTRACT §7: a customer who paid for it is shown as a verified buyer; the server decides).
 * Resets after it is saved.
 */
export function ReviewForm() {
  const addReview = useAddReview();
  const bookedTools = useBookedTools();
  const [toolId, setToolId] = useState('');
  const { form, submit, prefetch, errors, isSubmitting } = useShopForm<ReviewInputForm, ReviewInput>({
    // Loaded on first validation (or focus), so zod is not part of the page's first load.
    schema: () => import('@fridgeparts/common/review').then((m) => m.reviewInputSchema),
    defaultValues: EMPTY,
    action: async (values) => {
      await addReview(toolId ? { ...values, toolId } : values);
      setToolId('');
    },
    success: MESSAGES.reviewAdded,
    resetTo: 'defaults',
  });

  return (
    <Box component="form" noValidate onSubmit={submit} onFocus={prefetch} aria-label="Give Review" sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      {bookedTools.length > 0 && (
        <TextField select label="Product (optional)" value={toolId} onChange={(e) => setToolId(e.target.value)} helperText="A tool you have bought: your review then shows as a verified buyer's">
          <MenuItem value="">No particular product</MenuItem>
          {bookedTools.map((t) => (
            <MenuItem key={t.toolId} value={t.toolId}>
              {t.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FormTextField form={form} name="image" label="Image URL" type="url" required placeholder="https://…" helperText="A link to your photo (https://)" />
      <Controller
        name="review"
        control={form.control}
        render={({ field }) => {
          const text = field.value === undefined || field.value === null ? '' : String(field.value);
          const stars = Number(text);
          return (
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
              <TextField
                label={`Rating (${RATING_MIN} to ${RATING_MAX})`}
                type="number"
                required
                name={field.name}
                inputRef={field.ref}
                value={text}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.value)}
                error={!!errors.review}
                helperText={errors.review?.message ?? `A whole number from ${RATING_MIN} to ${RATING_MAX}`}
                slotProps={{ htmlInput: { min: RATING_MIN, max: RATING_MAX, step: 1, inputMode: 'numeric' } }}
                sx={{ width: 200 }}
              />
              {/* A picture of the number typed: the input is the one control, so keyboards and screen readers meet it once. */}
              <Rating value={text !== '' && Number.isFinite(stars) ? stars : null} max={RATING_MAX} readOnly aria-hidden sx={{ mt: 2 }} />
            </Box>
          );
        }}
      />
      <FormTextField form={form} name="description" label="Description" required multiline minRows={4} />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting} sx={{ justifySelf: 'start' }}>
        {isSubmitting ? 'Saving…' : 'Add Review'}
      </Button>
    </Box>
  );
}
