import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { RATING_MAX, RATING_MIN } from '@fridgeparts/common/constants';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { ReviewInput, ReviewInputForm } from '@fridgeparts/common/review';
import { Field, fieldControlClass } from '../../../components/form/field';
import { FormInput, FormTextarea } from '../../../components/form/form-input';
// The native select wears the text fields' look (label above, the same box), so it sits among them.
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/button';
import { useRecentBookings } from '../../../lib/domain/use-recent-bookings';
import { useAddReview } from '../api/use-add-review';
import { RatingStars } from './rating-stars';
import css from './review-form.module.css';

const EMPTY: ReviewInputForm = { image: '', review: '', description: '' };

/**
 * The tools the customer has booked, newest first, once each: what they can review as a buyer.
 * Undefined while the bookings load.
 */
function useBookedTools(): { toolId: string; label: string }[] | undefined {
  const bookings = useRecentBookings(50);
  return useMemo(() => {
    if (!bookings) return undefined;
    const seen = new Map<string, string>();
    for (const b of bookings) if (!seen.has(b.toolId)) seen.set(b.toolId, b.partNumber ? `${b.name} (${b.partNumber})` : b.name);
    return [...seen].map(([toolId, label]) => ({ toolId, label }));
  }, [bookings]);
}

/**
 * The optional product: a labelled native select, its help tied to it by aria-describedby. It is
 * there from the first paint, disabled while the bookings load and when there is no tool to
 * choose, so the fields below never move when they arrive (issue 21).
 */
function ProductSelect({
  tools,
  value,
  onChange,
}: {
  tools: { toolId: string; label: string }[] | undefined;
  value: string;
  onChange: (toolId: string) => void;
}) {
  const id = useId();
  const none = tools !== undefined && tools.length === 0;
  return (
    <Field
      id={id}
      label="Product (optional)"
      message={
        none
          ? "None yet: a review of a tool you have bought shows as a verified buyer's"
          : "A tool you have bought: your review then shows as a verified buyer's"
      }
    >
      <select
        id={id}
        className={fieldControlClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-message`}
        disabled={!tools?.length}
      >
        <option value="">{tools === undefined ? 'Loading the tools you bought…' : 'No particular product'}</option>
        {(tools ?? []).map((t) => (
          <option key={t.toolId} value={t.toolId}>
            {t.label}
          </option>
        ))}
      </select>
    </Field>
  );
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
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<ReviewInputForm, ReviewInput>({
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
  const typed = useWatch({ control: form.control, name: 'review' });
  const text = typed === undefined || typed === null ? '' : String(typed);
  const stars = Number(text);

  return (
    <form noValidate onSubmit={submit} onFocus={prefetch} aria-label="Give Review" className={css.form}>
      <ProductSelect tools={bookedTools} value={toolId} onChange={setToolId} />
      <FormInput form={form} name="image" label="Image URL" type="url" required placeholder="https://…" helperText="A link to your photo (https://)" />
      <div className={css.rating}>
        <div className={css.ratingField}>
          <FormInput
            form={form}
            name="review"
            label={`Rating (${RATING_MIN} to ${RATING_MAX})`}
            type="number"
            required
            min={RATING_MIN}
            max={RATING_MAX}
            step={1}
            inputMode="numeric"
            helperText={`A whole number from ${RATING_MIN} to ${RATING_MAX}`}
          />
        </div>
        {/* A picture of the number typed: the input is the one control, so keyboards and screen readers meet it once. */}
        <span aria-hidden="true" className={css.stars} data-testid="rating-picture">
          <RatingStars value={text !== '' && Number.isFinite(stars) ? stars : 0} size={24} />
        </span>
      </div>
      <FormTextarea form={form} name="description" label="Description" required rows={4} />
      <FormError message={formError} />
      <Button type="submit" variant="contained" size="large" className={css.submit} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Add Review'}
      </Button>
    </form>
  );
}
