import { lazy, Suspense, useCallback, useState } from 'react';
import type { ShippingMethod } from '@fridgeparts/common/shipping/methods.answers';
import { Button } from '../../../components/button';
import { useDeleteShippingMethod, useShippingMethods } from '../api/use-shipping-methods';
import { FORM_LIMITS } from '../lib/method-form';
import { ShippingMethodsTable } from './shipping-methods-table';
import css from './shipping-admin.module.css';

// The form's dialog (its Modal, react-hook-form, and on the first check the API's schema and zod)
// loads with the first Add or Edit; pointing at or focusing one starts the load.
const loadDialog = () => import('./shipping-method-dialog');
const preloadDialog = () => void loadDialog().catch(() => undefined);
const ShippingMethodDialog = lazy(loadDialog);

/** What the dialog is open on: a method to edit, or a new one. */
type Editing = { method: ShippingMethod | null } | null;

/**
 * The admin's shipping methods (CONTRACT §14, decision 0078): the list with Edit and Delete, and
 * "Add a shipping method" above it, at most FORM_LIMITS.methods (the API keeps no more).
 */
export function ShippingAdmin() {
  const query = useShippingMethods();
  const remove = useDeleteShippingMethod();
  const [editing, setEditing] = useState<Editing>(null);
  const close = useCallback(() => setEditing(null), []);
  const methods = query.data?.methods ?? [];
  const full = methods.length >= FORM_LIMITS.methods;

  return (
    <>
      <div className={css.toolbar}>
        <Button onClick={() => setEditing({ method: null })} onPointerEnter={preloadDialog} onFocus={preloadDialog} disabled={!query.isSuccess || full}>
          Add a shipping method
        </Button>
        {full && <span className={css.full}>The shop keeps at most {FORM_LIMITS.methods} methods: delete one to add another.</span>}
      </div>
      <ShippingMethodsTable
        rows={{ items: methods, loading: query.isPending, error: query.error ?? undefined, retry: () => void query.refetch() }}
        onEdit={(method) => setEditing({ method })}
        onPreloadEdit={preloadDialog}
        onDelete={(method) => remove.mutateAsync(method)}
      />
      {editing && (
        <Suspense fallback={null}>
          <ShippingMethodDialog key={editing.method?.id ?? 'new'} method={editing.method} takenIds={methods.map((m) => m.id)} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
