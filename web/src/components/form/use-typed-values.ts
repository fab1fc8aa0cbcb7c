import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * What a buyer has typed so far into an order form that is made anew (keyed by useMemberForm) when
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
 * In the form: keeps its values in `typed` as they change (typed, pasted, reset), as soon as they
 * change, so a form remade in the same render starts from them. Every field is kept (decision
 * 0076): a value the new form does not show (the address in a member's form) is harmless there,
 * and one it does show (the ship-to chosen, the shipping method) is never lost.
 */
export function useKeepTyped<T extends FieldValues>(form: Pick<UseFormReturn<T, unknown, unknown>, 'watch'>, typed: TypedValues<T>): void {
  const { watch } = form;
  useEffect(() => {
    const { unsubscribe } = watch((values) => {
      const kept: Partial<T> = {};
      for (const [name, value] of Object.entries(values)) if (value !== undefined) kept[name as keyof T] = value as T[keyof T];
      typed.current = kept;
    });
    return unsubscribe;
  }, [watch, typed]);
}
