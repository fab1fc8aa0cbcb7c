import { useMemo, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/infra/api-client';
import { notify } from '../../lib/infra/toast';
import { lazyZodResolver, type SchemaSource } from './lazy-zod-resolver';

export interface ShopFormOptions<TForm extends FieldValues, TOut, TResult> {
  /**
   * The common zod schema (STYLE habit 1): the same the server parses the request with; or a
   * loader of it, so zod loads on first validation and not with a prerendered page. Neither zod
   * nor @hookform/resolvers is evaluated before the first validation. Without a schema the form
   * checks itself (the quick order parses its own lines) and the server checks the rest.
   */
  schema?: SchemaSource<TForm, TOut>;
  defaultValues?: DefaultValues<TForm>;
  /** Sends the form. An ApiError with `fields` puts each message on its field; other errors end the send quietly (the API client has toasted them). */
  action: (values: TOut, form: UseFormReturn<TForm, unknown, TOut>) => Promise<TResult>;
  /** The toast after a successful send. */
  success?: string | ((values: TOut, result: TResult) => string);
  /** Empty the form after a successful send (to `defaultValues`, or to these values). */
  resetTo?: DefaultValues<TForm> | 'defaults';
  /** When to validate: on submit (the default) or as the person types. */
  mode?: 'onSubmit' | 'onChange' | 'onBlur';
  /**
   * The form field a server path belongs to. Undefined: found by name (`fieldNameFor`); null:
   * left off the form (the caller shows it some other way, like the quick order's line table).
   */
  serverFieldName?: (path: string) => Path<TForm> | null | undefined;
}

/**
 * The one form harness (decision 0019): react-hook-form with the common zod schema (loaded when
 * first needed), the server's `fields` errors on their fields (focus on the first), a success
 * toast and an optional reset. Fields are FormTextField (or a Controller for anything else) over
 * the returned `form`; `prefetch` on the form's focus starts loading a lazy schema early.
 */
export function useShopForm<TForm extends FieldValues, TOut = TForm, TResult = unknown>(options: ShopFormOptions<TForm, TOut, TResult>) {
  // A loader is usually written inline: the first one stays (and keeps what it loaded). A schema
  // object may change (the booking modal's depends on the tool's stock) and is followed.
  const [firstLoader] = useState(() => options.schema);
  const source = typeof options.schema === 'function' ? firstLoader : options.schema;
  const validation = useMemo(() => (source ? lazyZodResolver(source) : null), [source]);

  const form = useForm<TForm, unknown, TOut>({ resolver: validation?.resolver, defaultValues: options.defaultValues, mode: options.mode });
  const [latest] = useState(() => ({ options }));
  latest.options = options;

  // A refusal the server tied to something that is no field of this form (a header, a field the
  // form does not show): said on the form itself, never swallowed (issue 43: the company form
  // dropped a 400 on If-Match silently). Cleared by the next send.
  const [formError, setFormError] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    const { action, success, resetTo, defaultValues, serverFieldName } = latest.options;
    let result: TResult;
    setFormError(null);
    try {
      result = await action(values, form);
    } catch (err) {
      // Field messages go on their fields; anything else the API client (or the action) has said,
      // except field messages with no field here, which the form says.
      const { unplaced } = placeServerFields(form, err, serverFieldName);
      if (err instanceof ApiError && unplaced.length > 0) setFormError(formErrorText(err.message, unplaced));
      return;
    }
    if (success) notify.success(typeof success === 'function' ? success(values, result) : success);
    if (resetTo) form.reset(resetTo === 'defaults' ? defaultValues : resetTo);
  });

  const prefetch = validation?.preload ?? noop;
  return { form, submit, prefetch, errors: form.formState.errors, isSubmitting: form.formState.isSubmitting, formError };
}

/** The form-level message: the refusal's own, and each field message no field could show ("If-Match: Not a list of entity tags"). */
export function formErrorText(message: string, unplaced: [path: string, message: string][]): string {
  const details = unplaced.map(([path, text]) => `${path}: ${text}`).join('; ');
  return `${message.replace(/[.\s]*$/, '')}. ${details}.`;
}

const noop = () => undefined;

const isContainer = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !(v instanceof Date);

/**
 * The form field a server path names: the longest leading part of the path that is a field of
 * the form's values. `price` is `price`; `priceBreaks.0.minQuantity` is `priceBreaks` when the
 * form has the price breaks as one text field; `lines.2.quantity` is `lines.2.quantity` when the
 * form has an array of lines. Null when the form has no such field.
 */
export function fieldNameFor(path: string, values: unknown): string | null {
  const name: string[] = [];
  let node = values;
  for (const part of path.split('.')) {
    if (!isContainer(node) || !(part in node)) break;
    name.push(part);
    node = node[part];
  }
  return name.length > 0 ? name.join('.') : null;
}

/**
 * Puts the server's per-field messages (`{ error: { fields: { "priceBreaks.0.minQuantity": "…" } } }`)
 * on the form's fields they belong to and focuses the first. Returns whether any landed.
 */
export function applyServerFields<TForm extends FieldValues>(
  form: Pick<UseFormReturn<TForm, unknown, unknown>, 'setError' | 'getValues'>,
  err: unknown,
  serverFieldName?: (path: string) => Path<TForm> | null | undefined,
): boolean {
  return placeServerFields(form, err, serverFieldName).placed > 0;
}

/**
 * applyServerFields, also answering the messages no field of the form could take (`unplaced`, by
 * server path). A path the caller maps to null is its own to show (the quick order's line table),
 * so it counts as placed.
 */
export function placeServerFields<TForm extends FieldValues>(
  form: Pick<UseFormReturn<TForm, unknown, unknown>, 'setError' | 'getValues'>,
  err: unknown,
  serverFieldName?: (path: string) => Path<TForm> | null | undefined,
): { placed: number; unplaced: [path: string, message: string][] } {
  if (!(err instanceof ApiError) || !err.fields) return { placed: 0, unplaced: [] };
  const values = form.getValues();
  const messages = new Map<Path<TForm>, string>();
  const unplaced: [string, string][] = [];
  for (const [path, message] of Object.entries(err.fields)) {
    const chosen = serverFieldName?.(path);
    const name = chosen === undefined ? (fieldNameFor(path, values) as Path<TForm> | null) : chosen;
    if (chosen === undefined && !name) unplaced.push([path, message]);
    // Several paths may land on one field (two bad price breaks): the first message stays.
    if (name && !messages.has(name)) messages.set(name, message);
  }
  [...messages].forEach(([name, message], i) => form.setError(name, { type: 'server', message }, { shouldFocus: i === 0 }));
  return { placed: messages.size, unplaced };
}
