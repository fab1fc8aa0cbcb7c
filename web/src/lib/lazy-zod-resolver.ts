import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export interface LazyResolver<T extends FieldValues> {
  resolver: Resolver<T>;
  /** Starts loading the schema and zod (e.g. when the form is first focused). */
  preload: () => void;
}

/**
 * A zod resolver whose schema (and zod itself) loads on first use instead of with the page.
 * The prerendered public forms (/login, /signup) paint and hydrate without evaluating zod, which
 * would otherwise be a large part of their start-up work (Lighthouse TBT, issue 9). Messages are
 * the same as with zodResolver: it is zodResolver, only later.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType<T>>): LazyResolver<T> {
  let loaded: Promise<Resolver<T>> | null = null;
  const load = () =>
    (loaded ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      // zodResolver's overloads cannot see that the schema's output is T; it is by construction.
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    ));
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load(),
  };
}
