import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { get, useFieldArray, type Path } from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form/form-error';
import { FormInput, FormSelect } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { DialogActions, ModalBody } from '../../../components/modal';
import { CARRIER_NAMES } from '../../../lib/domain/shipping-words';
import { fieldOfPath, FORM_CARRIERS, FORM_LIMITS, idFromName, METHOD_ID_LENGTH, newRate, newZone, type MethodForm } from '../lib/method-form';
import css from './shipping-method-form.module.css';

export interface ShippingMethodFormProps {
  /** The values the form starts from: empty for a new method, the method as read for an edit. */
  initial: MethodForm;
  /** The ids of the methods listed, for a new method (its id may not be one of them); null for an edit, whose id is fixed. */
  takenIds: readonly string[] | null;
  /** Sends the values; a refusal with field messages puts them at their fields, anything else is the caller's to show. */
  onSubmit: (values: MethodForm) => Promise<unknown>;
  onCancel: () => void;
  /** Told while a save runs, so the dialog around the form does not close under it. */
  onBusyChange: (busy: boolean) => void;
}

type ListName = 'zones' | 'rates';

/** Where focus goes after a row moved or went: the same kind of button on the row's new place, else another. */
interface PendingFocus {
  list: ListName;
  index: number;
  button: 'up' | 'down' | 'remove';
}

/**
 * Add or edit a shipping method (CONTRACT §14, decision 0078): name (and, for a new one, its id,
 * made from the name until typed), carrier, days in transit, freight only, the zones it serves and
 * its rates, as rows to add, remove and move up or down: the first rate an order fits gives its
 * price, so their order is the admin's to set. Checked with the API's own schema before it is sent.
 */
export function ShippingMethodForm({ initial, takenIds, onSubmit, onCancel, onBusyChange }: ShippingMethodFormProps) {
  const isNew = takenIds !== null;
  const { form, submit, prefetch, isSubmitting, errors, formError } = useShopForm<MethodForm, unknown>({
    schema: () => import('../lib/method-schemas').then((m) => m.methodFormSchema(takenIds) as never),
    defaultValues: initial,
    action: (_parsed, f) => onSubmit(f.getValues()),
    serverFieldName: (path) => {
      const field = fieldOfPath(path);
      return field === path ? undefined : (field as Path<MethodForm>);
    },
  });
  const zones = useFieldArray({ control: form.control, name: 'zones', keyName: 'key' });
  const rates = useFieldArray({ control: form.control, name: 'rates', keyName: 'key' });
  const formId = useId();
  const buttonId = (p: PendingFocus) => `${formId}-${p.list}-${p.index}-${p.button}`;

  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);
  const { setFocus, setValue, watch } = form;
  useEffect(() => setFocus('name'), [setFocus]);

  // A new method's id follows its name until the admin types one (and again if they empty it).
  const idTyped = useRef(false);
  useEffect(() => {
    if (!isNew) return;
    const sub = watch((values, { name }) => {
      if (name === 'name' && !idTyped.current) setValue('id', idFromName(values.name ?? ''));
    });
    return () => sub.unsubscribe();
  }, [isNew, watch, setValue]);

  // After a move or a removal, focus stays with the rows: on the button pressed, at the row's new
  // place, or the nearest one that is still there (a disabled or removed button would drop it).
  const [pending, setPending] = useState<PendingFocus | null>(null);
  useLayoutEffect(() => {
    if (!pending) return;
    setPending(null);
    const { list, index, button } = pending;
    // The row's new place, or after the last row was removed the one before it; the button pressed first.
    for (const at of [index, index - 1]) {
      for (const b of [button, 'up', 'down', 'remove']) {
        const el = document.getElementById(`${formId}-${list}-${at}-${b}`);
        if (el instanceof HTMLButtonElement && !el.disabled) {
          el.focus();
          return;
        }
      }
    }
    document.getElementById(`${formId}-${list}-add`)?.focus();
  }, [pending, formId]);

  const rowButtons = (list: ListName, index: number, count: number, what: string, move: (from: number, to: number) => void, remove: (i: number) => void) => (
    <div className={css.rowButtons}>
      <Button
        id={buttonId({ list, index, button: 'up' })}
        variant="outlined"
        size="small"
        disabled={index === 0}
        aria-label={`Move ${what} ${index + 1} up`}
        onClick={() => {
          move(index, index - 1);
          setPending({ list, index: index - 1, button: 'up' });
        }}
      >
        Up
      </Button>
      <Button
        id={buttonId({ list, index, button: 'down' })}
        variant="outlined"
        size="small"
        disabled={index === count - 1}
        aria-label={`Move ${what} ${index + 1} down`}
        onClick={() => {
          move(index, index + 1);
          setPending({ list, index: index + 1, button: 'down' });
        }}
      >
        Down
      </Button>
      <Button
        id={buttonId({ list, index, button: 'remove' })}
        variant="danger"
        size="small"
        disabled={count === 1}
        aria-label={`Remove ${what} ${index + 1}`}
        onClick={() => {
          remove(index);
          setPending({ list, index, button: 'remove' });
        }}
      >
        Remove
      </Button>
    </div>
  );

  const listError = (list: ListName): string | undefined => {
    const e = get(errors, list) as { message?: string; root?: { message?: string } } | undefined;
    return e?.root?.message ?? e?.message;
  };

  return (
    <form noValidate onSubmit={submit} onFocus={prefetch} aria-label={isNew ? 'New shipping method' : 'Edit shipping method'} className={css.form}>
      <ModalBody>
        <div className={css.pairs}>
          <FormInput form={form} name="name" label="Name" required maxLength={FORM_LIMITS.nameLength} helperText="What buyers see, like UPS Ground" />
          {isNew ? (
            <FormInput
              form={form}
              name="id"
              label="Id"
              required
              maxLength={METHOD_ID_LENGTH}
              autoComplete="off"
              spellCheck={false}
              onInput={(e) => (idTyped.current = e.currentTarget.value !== '')}
              helperText="Lower-case letters, digits and dashes; made from the name unless you type one. Orders keep it."
            />
          ) : (
            <p className={css.fixedId}>
              <span className={css.fixedLabel}>Id</span>
              <span data-testid="method-id">{initial.id}</span>
            </p>
          )}
        </div>
        <div className={css.pairs}>
          <FormSelect form={form} name="carrier" label="Carrier">
            {FORM_CARRIERS.map((c) => (
              <option key={c} value={c}>
                {CARRIER_NAMES[c]}
              </option>
            ))}
          </FormSelect>
          <div className={css.check}>
            <input id={`${formId}-freight`} type="checkbox" {...form.register('freightOnly')} aria-describedby={`${formId}-freight-help`} />
            <label htmlFor={`${formId}-freight`}>Freight only</label>
            <span id={`${formId}-freight-help`} className={css.help}>
              Offered only for orders with a freight part, which go by no other method.
            </span>
          </div>
        </div>
        <fieldset className={css.fieldset}>
          <legend className={css.legend}>Working days in transit</legend>
          <div className={css.pairs}>
            <FormInput form={form} name="transitDays.min" label="At least" required inputMode="numeric" />
            <FormInput form={form} name="transitDays.max" label="At most" required inputMode="numeric" />
          </div>
        </fieldset>

        <fieldset className={css.fieldset}>
          <legend className={css.legend}>Zones it serves</legend>
          <p className={css.note}>A country, and its region codes if only some of them; leave the regions empty for the whole country.</p>
          {zones.fields.map((field, i) => (
            <fieldset key={field.key} className={css.row} data-testid="zone-row">
              <legend className={css.rowLegend}>Zone {i + 1}</legend>
              <div className={css.zoneFields}>
                <FormInput
                  form={form}
                  name={`zones.${i}.country`}
                  label="Country"
                  required
                  maxLength={2}
                  autoComplete="off"
                  helperText="Two letters, like US"
                />
                <FormInput form={form} name={`zones.${i}.regions`} label="Regions" autoComplete="off" helperText="Like TX, OK, LA; empty for all" />
              </div>
              {rowButtons('zones', i, zones.fields.length, 'zone', zones.move, zones.remove)}
            </fieldset>
          ))}
          {listError('zones') && (
            <p className={css.listError} role="alert">
              {listError('zones')}
            </p>
          )}
          {zones.fields.length < FORM_LIMITS.zones && (
            <Button id={`${formId}-zones-add`} variant="outlined" size="small" className={css.add} onClick={() => zones.append(newZone())}>
              Add a zone
            </Button>
          )}
        </fieldset>

        <fieldset className={css.fieldset}>
          <legend className={css.legend}>Rates, tried in order</legend>
          <p className={css.note}>
            An order pays the first rate whose limits it fits (a limit is inclusive; empty is none). An order past every rate&apos;s limits is not offered this
            method.
          </p>
          {rates.fields.map((field, i) => (
            <fieldset key={field.key} className={css.row} data-testid="rate-row">
              <legend className={css.rowLegend}>Rate {i + 1}</legend>
              <div className={css.rateFields}>
                <FormInput form={form} name={`rates.${i}.maxWeight`} label="Up to weight (lb)" inputMode="decimal" autoComplete="off" />
                <FormInput form={form} name={`rates.${i}.maxSubtotal`} label="Up to subtotal (USD)" inputMode="decimal" autoComplete="off" />
                <FormInput form={form} name={`rates.${i}.amount`} label="Amount (USD)" required inputMode="decimal" autoComplete="off" helperText="0 is free" />
              </div>
              {rowButtons('rates', i, rates.fields.length, 'rate', rates.move, rates.remove)}
            </fieldset>
          ))}
          {listError('rates') && (
            <p className={css.listError} role="alert">
              {listError('rates')}
            </p>
          )}
          {rates.fields.length < FORM_LIMITS.rates && (
            <Button id={`${formId}-rates-add`} variant="outlined" size="small" className={css.add} onClick={() => rates.append(newRate())}>
              Add a rate
            </Button>
          )}
        </fieldset>
        <FormError message={formError} />
      </ModalBody>
      <DialogActions onCancel={onCancel} label={isNew ? 'Add method' : 'Save'} busyLabel="Saving…" busy={isSubmitting} spinner />
    </form>
  );
}
