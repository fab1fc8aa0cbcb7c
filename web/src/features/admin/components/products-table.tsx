import { lazy, Suspense, useCallback, useState } from 'react';
import { formatDollars } from '@fridgeparts/common/money';
import type { Tool } from '@fridgeparts/common/tool';
import { Button } from '../../../components/button';
import { ConfirmDeleteButton } from '../../../components/confirm-button';
import { EmptyState, numberColumn, Table, type Column } from '../../../components/table';
import { paths } from '../../../lib/infra/paths';
import { useManagedProducts } from '../api/use-products';
import css from './products-table.module.css';

// The edit dialog (its Modal, react-hook-form, the tool schema and zod) is shown only after Edit,
// so it loads then; pointing at or focusing an Edit button starts the load, and by the click it is
// usually there.
const loadEditDialog = () => import('./edit-product-dialog');
const preloadEditDialog = () => void loadEditDialog().catch(() => undefined);
const EditProductDialog = lazy(loadEditDialog);

/**
 * Manage All Products (SPEC §2): the catalogue with Edit (CONTRACT §7) and a Cancel that deletes
 * after confirmation. The shared Table: a table at desktop widths, cards on phones.
 */
export function ProductsTable() {
  const list = useManagedProducts();
  const [toEdit, setToEdit] = useState<Tool | null>(null);
  const closeEdit = useCallback(() => setToEdit(null), []);

  const columns: Column<Tool>[] = [
    { id: 'index', header: '#', className: css.index, cell: (_t, i) => i + 1 },
    {
      id: 'name',
      header: 'Item name',
      cell: (t) => (
        <>
          {t.name}
          {t.partNumber && <span className={css.partNumber}>{t.partNumber}</span>}
        </>
      ),
    },
    { id: 'price', header: 'Price', className: `${numberColumn} ${css.price}`, cell: (t) => formatDollars(t.price) },
    { id: 'minimum', header: 'Minimum quantity', className: `${numberColumn} ${css.quantity}`, cell: (t) => t.minimumQuantity },
    { id: 'available', header: 'Available quantity', className: `${numberColumn} ${css.quantity}`, cell: (t) => t.availableQuantity },
    {
      id: 'edit',
      header: 'Edit',
      className: css.action,
      cell: (t) => (
        <Button
          variant="outlined"
          size="small"
          onClick={() => setToEdit(t)}
          onPointerEnter={preloadEditDialog}
          onFocus={preloadEditDialog}
          aria-haspopup="dialog"
          aria-label={`Edit ${t.name}`}
        >
          Edit
        </Button>
      ),
    },
    {
      id: 'cancel',
      header: 'Cancel',
      className: css.action,
      cell: (t) => (
        <ConfirmDeleteButton
          size="small"
          details={t.name}
          doneMessage="Product deleted."
          onConfirm={() => list.deleteProduct(t)}
          aria-label={`Cancel (delete) ${t.name}`}
        >
          Cancel
        </ConfirmDeleteButton>
      ),
    },
  ];

  return (
    <div className={css.products}>
      <Table
        caption="All products"
        columns={columns}
        rows={list}
        paging={list}
        rowKey={(t) => t._id}
        rowTestId="product-row"
        minWidth={720}
        empty={<EmptyState title="The catalogue is empty." link={{ to: paths.addProduct, label: 'Add A Product' }} />}
      />
      {toEdit && (
        <Suspense fallback={null}>
          <EditProductDialog key={toEdit._id} tool={toEdit} onClose={closeEdit} onSave={list.editProduct} />
        </Suspense>
      )}
    </div>
  );
}
