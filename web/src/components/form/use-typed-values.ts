import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * What a buyer has typed so far into an order form that is made anew (keyed member/contact) when
 * their company membership becomes known (decisions 0060, 0063): quick order, checkout, the
 * booking modal. The component that keys the form holds it (`useTypedValues`), so it outlives the
 * remount; the form keeps it current (`useKeepTyped`) and starts from it (`{ ...defaults,
 * ...typed.current }`). A buyer who starts typing at once loses nothing.
 */
export interface TypedValues<T> {
  current: Partial<T>;
}

/** In the component that keys the form: the values typed so far, kept across the form's remount. */
export const useTypedValues = <T extends FieldValues>(): TypedValues<T> => useRef<Partial<T>>({});

/**
 * In the form: keeps the `names` fields' values in `typed` as they change (typed, pasted, reset),
 * as soon as they change, so a form remade in the same render starts from them. `names` is a
 * constant (the fields both forms show; not the address, which a member's form does not).
 */
export function useKeepTyped<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'watch'>,
  typed: TypedValues<T>,
  names: readonly (keyof T & string)[],
): void {
  const { watch } = form;
  useEffect(() => {
    const { unsubscribe } = watch((values) => {
      const kept: Partial<T> = {};
      for (const name of names) if (values[name] !== undefined) kept[name] = values[name] as T[typeof name];
      typed.current = kept;
    });
    return unsubscribe;
  }, [watch, typed, names]);
}
