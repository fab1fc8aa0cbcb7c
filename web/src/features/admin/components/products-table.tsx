import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';
import { formatDollars } from '@fridgeparts/common/money';
import type { Tool } from '@fridgeparts/common/tool';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { EmptyState, PagedTable } from '../../../components/paged-table';
import { useManagedProducts } from '../api/use-products';
import { EditProductDialog } from './edit-product-dialog';

const COLUMNS = ['#', 'Item name', 'Price', 'Minimum quantity', 'Available quantity', 'Edit', 'Cancel'];

/** Manage All Products (SPEC §2): the catalogue with Edit (CONTRACT §7) and a Cancel that deletes after confirmation. */
export function ProductsTable() {
  const list = useManagedProducts();
  const [toDelete, setToDelete] = useState<Tool | null>(null);
  const [toEdit, setToEdit] = useState<Tool | null>(null);

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
              <Button variant="outlined" size="small" onClick={() => setToEdit(t)} aria-haspopup="dialog" aria-label={`Edit ${t.name}`}>
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
      <EditProductDialog tool={toEdit} onClose={() => setToEdit(null)} onSave={list.editProduct} />
      <ConfirmDeleteDialog
        doneMessage="Product deleted."
        itemLabel={toDelete ? toDelete.name : null}
        onConfirm={() => (toDelete ? list.deleteProduct(toDelete) : Promise.resolve())}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
