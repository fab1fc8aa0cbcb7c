import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodType } from 'zod';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/toast';

export interface ShopFormOptions<TForm extends FieldValues, TOut> {
  /** The common zod schema (STYLE habit 1): the same the server parses the request with. */
  schema: ZodType<TOut, TForm>;
  defaultValues?: DefaultValues<TForm>;
  /** Sends the form. An ApiError with `fields` puts each message on its field. */
  action: (values: TOut, form: UseFormReturn<TForm, unknown, TOut>) => Promise<void>;
  /** The toast after a successful send. */
  success?: string | ((values: TOut) => string);
  /** Empty the form after a successful send (to `defaultValues`, or to these values). */
  resetTo?: DefaultValues<TForm> | 'defaults';
  /** When to validate: on submit (the default) or as the person types. */
  mode?: 'onSubmit' | 'onChange' | 'onBlur';
}

/**
 * The one form harness (decision 0019): react-hook-form with the common zod schema, the
 * server's `fields` errors on their fields (focus on the first), a success toast and an optional
 * reset. Fields are FormTextField (or a Controller for anything else) over the returned `form`.
 */
export function useShopForm<TForm extends FieldValues, TOut = TForm>(options: ShopFormOptions<TForm, TOut>) {
  const form = useForm<TForm, unknown, TOut>({ resolver: zodResolver(options.schema), defaultValues: options.defaultValues, mode: options.mode });
  const [latest] = useState(() => ({ options }));
  latest.options = options;

  const submit = form.handleSubmit(async (values) => {
    const { action, success, resetTo, defaultValues } = latest.options;
    try {
      await action(values, form);
    } catch (err) {
      // Field messages go on their fields; anything else the API client (or the action) has said.
      applyServerFields(form, err);
      return;
    }
    if (success) notify.success(typeof success === 'function' ? success(values) : success);
    if (resetTo) form.reset(resetTo === 'defaults' ? defaultValues : resetTo);
  });

  return { form, submit, errors: form.formState.errors, isSubmitting: form.formState.isSubmitting };
}

/**
 * Puts the server's per-field messages (`{ error: { fields: { "priceBreaks": "…" } } }`) on the
 * form's fields of the same name and focuses the first. Returns whether any landed.
 */
export function applyServerFields<TForm extends FieldValues>(form: Pick<UseFormReturn<TForm, unknown, unknown>, 'setError' | 'setFocus' | 'getValues'>, err: unknown): boolean {
  if (!(err instanceof ApiError) || !err.fields) return false;
  const values = form.getValues() as Record<string, unknown>;
  const known = Object.entries(err.fields).filter(([name]) => name in values);
  known.forEach(([name, message], i) => form.setError(name as Path<TForm>, { type: 'server', message }, { shouldFocus: i === 0 }));
  return known.length > 0;
}
