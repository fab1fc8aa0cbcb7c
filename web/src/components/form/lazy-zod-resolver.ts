import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** A zod schema, or a loader of one (`() => import('@fridgeparts/common/user').then((m) => m.loginSchema)`). */
export type SchemaSource<TForm = unknown, TOut = TForm> = ZodType<TOut, TForm> | (() => Promise<ZodType<TOut, TForm>>);

export interface LazyResolver<TForm extends FieldValues, TOut = TForm> {
  resolver: Resolver<TForm, unknown, TOut>;
  /** Starts loading the schema and zod (e.g. when the form is first focused). */
  preload: () => void;
}

/**
 * A zod resolver whose schema (and zod itself, and @hookform/resolvers) load on first use instead
 * of with the page. The prerendered public forms (/login, /signup) paint and hydrate without
 * evaluating zod, which would otherwise be a large part of their start-up work (Lighthouse TBT,
 * issue 9). Messages are the same as with zodResolver: it is zodResolver, only later.
 * A failed load (a chunk lost to a deploy, a dropped connection) is tried again on the next use.
 */
export function lazyZodResolver<TForm extends FieldValues, TOut = TForm>(source: SchemaSource<TForm, TOut>): LazyResolver<TForm, TOut> {
  let loaded: Promise<Resolver<TForm, unknown, TOut>> | null = null;
  const load = () =>
    (loaded ??= Promise.all([import('@hookform/resolvers/zod'), typeof source === 'function' ? source() : source]).then(
      // zodResolver's overloads cannot see that the schema's input and output are TForm and TOut; they are by construction.
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<TForm, unknown, TOut>,
      (err: unknown) => {
        loaded = null;
        throw err;
      },
    ));
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load().catch(() => undefined),
  };
}
