import { useEffect, useId } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import type { ShippingOption } from '@fridgeparts/common/shipping/options.answers';
import { formatDollars } from '@fridgeparts/common/money';
import { shopCalendarDay, shopToday } from '../../lib/domain/date-format';
import { CARRIER_NAMES, shippingAmountText } from '../../lib/domain/shipping-words';
import { Button } from '../button';
import css from './shipping.module.css';

/** "Arrives Dec 3 - Dec 5" (one day: "Arrives Dec 3"). */
export function arrivesText(o: Pick<ShippingOption, 'deliveryEstimate'>): string {
  const { minimum, maximum } = o.deliveryEstimate;
  return minimum === maximum ? `Arrives ${shopCalendarDay(minimum)}` : `Arrives ${shopCalendarDay(minimum)} - ${shopCalendarDay(maximum)}`;
}

/** "ships today" / "ships tomorrow" / "ships Dec 1", by the shop's own calendar (America/Chicago). */
export function shipsText(shipsOn: string, now = new Date()): string {
  const today = shopToday(now);
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return shipsOn === today ? 'ships today' : shipsOn === tomorrow ? 'ships tomorrow' : `ships ${shopCalendarDay(shipsOn)}`;
}

export interface ShippingOptionsState {
  options: ShippingOption[] | undefined;
  loading: boolean;
  error: Error | null;
  retry: () => void;
  /** Nothing to price yet (no complete address, no parts). */
  waiting: boolean;
}

export interface ShippingOptionsFieldProps<TForm extends FieldValues> {
  form: UseFormReturn<TForm, unknown, unknown>;
  state: ShippingOptionsState;
  /** What the buyer still has to give before options appear ("Enter the address..."). */
  waitingText: string;
  /** Where it ships, in words, for the "no method serves" message. */
  placeText: string;
}

/**
 * The shipping choice of an order form (CONTRACT §14, decision 0076): a native radio group, one
 * option per method the place is served by (name, carrier, amount, "Arrives Dec 3 - Dec 5", when
 * it ships), the cheapest chosen first. Its box keeps the room of three options from the start, so
 * nothing below it moves when they arrive. The form's field is `shippingMethodId`.
 */
export function ShippingOptionsField<TForm extends FieldValues>({ form, state, waitingText, placeText }: ShippingOptionsFieldProps<TForm>) {
  const field = 'shippingMethodId' as Path<TForm>;
  const chosen = useWatch({ control: form.control, name: field }) as string | undefined;
  const { setValue } = form;
  const { options } = state;
  const legendId = useId();
  const noteId = useId();

  // The cheapest (first) is chosen when the options come, and whenever the one chosen is no longer offered.
  useEffect(() => {
    if (!options) return;
    if (!options.some((o) => o.id === chosen)) setValue(field, (options[0]?.id ?? '') as PathValue<TForm, Path<TForm>>);
  }, [options, chosen, setValue, field]);

  let note: React.ReactNode = null;
  if (state.waiting) note = <p className={css.note}>{waitingText}</p>;
  else if (state.error)
    note = (
      <p className={css.problem} role="alert">
        Shipping options could not be read: {state.error.message}{' '}
        <Button variant="text" onClick={state.retry}>
          Try again
        </Button>
      </p>
    );
  else if (state.loading || !options) note = <p className={css.note}>Finding shipping options…</p>;
  else if (options.length === 0)
    note = (
      <p className={css.problem} role="alert" data-testid="no-shipping">
        No shipping method serves this address: {placeText}. Check the state and postal code; if they are right, none of our carriers goes there yet: choose
        another address to ship to, or add the parts to your cart and ask us for a freight quote.
      </p>
    );

  return (
    <fieldset
      className={css.options}
      aria-labelledby={legendId}
      aria-describedby={note ? noteId : undefined}
      aria-busy={state.loading}
      data-testid="shipping-options"
    >
      <legend id={legendId} className={css.legend}>
        Shipping
      </legend>
      {note && <div id={noteId}>{note}</div>}
      {!note &&
        options!.map((o) => (
          <label key={o.id} className={css.option} data-testid="shipping-option">
            <input type="radio" value={o.id} {...form.register(field)} />
            <span className={css.optionName}>
              {o.name} · {CARRIER_NAMES[o.carrier]}
            </span>
            <span className={css.optionAmount}>{shippingAmountText(o.amount)}</span>
            <span className={css.optionWhen}>
              {arrivesText(o)}; {shipsText(o.shipsOn)}
              {o.freeUpTo !== undefined && o.amount === 0 && <> (free on orders up to {formatDollars(o.freeUpTo)})</>}
            </span>
          </label>
        ))}
    </fieldset>
  );
}

/** The option the form has chosen, among those offered; undefined while none is. */
export const chosenOption = (options: ShippingOption[] | undefined, id: string | undefined): ShippingOption | undefined => options?.find((o) => o.id === id);
