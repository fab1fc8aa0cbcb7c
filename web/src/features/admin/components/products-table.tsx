import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import { formatDollars } from '@fridgeparts/common/money';
import type { Tool } from '@fridgeparts/common/tool';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { EmptyState, PagedTable } from '../../../components/paged-table';
import { useManagedProducts } from '../api/use-products';

// The edit form (text fields, react-hook-form, the tool schema and zod: about 60 KB gzipped) is
// shown only after Edit, so it loads then; pointing at or focusing an Edit button starts the load,
// and by the click it is usually there.
const loadEditDialog = () => import('./edit-product-dialog');
const preloadEditDialog = () => void loadEditDialog().catch(() => undefined);
const EditProductDialog = lazy(() => loadEditDialog().then((m) => ({ default: m.EditProductDialog })));

/** While the edit form loads: the dialog it will be, titled, with a spinner in place of the fields. */
function EditDialogPending({ tool, onClose }: { tool: Tool | null; onClose: () => void }) {
  return (
    <Dialog open={!!tool} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-product-pending-title">
      <DialogTitle id="edit-product-pending-title">Edit {tool?.name}</DialogTitle>
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }} aria-busy="true">
        <CircularProgress aria-label="Loading the product form" />
      </DialogContent>
    </Dialog>
  );
}

const COLUMNS = ['#', 'Item name', 'Price', 'Minimum quantity', 'Available quantity', 'Edit', 'Cancel'];

/** Manage All Products (SPEC §2): the catalogue with Edit (CONTRACT §7) and a Cancel that deletes after confirmation. */
export function ProductsTable() {
  const list = useManagedProducts();
  const [toDelete, setToDelete] = useState<Tool | null>(null);
  const [toEdit, setToEdit] = useState<Tool | null>(null);
  // Mounted from the first Edit on, so it keeps its closing transition afterwards.
  const [editing, setEditing] = useState(false);
  const edit = (t: Tool) => {
    setEditing(true);
    setToEdit(t);
  };

  return (
    <>
      <PagedTable
        caption="All products"
        columns={COLUMNS}
        items={list.items}
        list={list}
        rowKey={(t) => t._id}
        minWidth={720}
        empty={
          <EmptyState title="The catalogue is empty.">
            <Button component={RouterLink} to="/dashboard/addnewitem" variant="contained">
              Add A Product
            </Button>
          </EmptyState>
        }
        renderRow={(t, i) => (
          <TableRow hover data-testid="product-row">
            <TableCell>{i + 1}</TableCell>
            <TableCell>
              {t.name}
              {t.partNumber && (
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem', fontFamily: 'monospace' }}>
                  {t.partNumber}
                </Box>
              )}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatDollars(t.price)}
            </TableCell>
            <TableCell align="right">{t.minimumQuantity}</TableCell>
            <TableCell align="right">{t.availableQuantity}</TableCell>
            <TableCell>
              <Button
                variant="outlined"
                size="small"
                onClick={() => edit(t)}
                onPointerEnter={preloadEditDialog}
                onFocus={preloadEditDialog}
                aria-haspopup="dialog"
                aria-label={`Edit ${t.name}`}
              >
                Edit
              </Button>
            </TableCell>
            <TableCell>
              <Button color="error" variant="outlined" size="small" onClick={() => setToDelete(t)} aria-label={`Cancel (delete) ${t.name}`}>
                Cancel
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
      {editing && (
        <Suspense fallback={<EditDialogPending tool={toEdit} onClose={() => setToEdit(null)} />}>
          <EditProductDialog tool={toEdit} onClose={() => setToEdit(null)} onSave={list.editProduct} />
        </Suspense>
      )}
      <ConfirmDeleteDialog
        doneMessage="Product deleted."
        itemLabel={toDelete ? toDelete.name : null}
        onConfirm={() => (toDelete ? list.deleteProduct(toDelete) : Promise.resolve())}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
