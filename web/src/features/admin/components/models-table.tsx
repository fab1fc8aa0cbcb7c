import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ModelSummary } from '@fridgeparts/common/models/appliance-model';
import { applianceTypeLabel } from '@fridgeparts/common/models/model-basics';
import { Button } from '../../../components/button';
import { ConfirmDeleteDialog, preloadConfirmDialog } from '../../../components/confirm-dialog';
import { Table, type Column } from '../../../components/table';
import { paths } from '../../../lib/paths';
import { useManagedModels } from '../api/use-managed-models';
import css from './models-table.module.css';

/**
 * The shop's appliance models (CONTRACT §12) for the admin: each a link to its public page, with a
 * Delete behind the shop's confirmation. The shared Table (cards on phones), "Load more" through the
 * API's cursor.
 */
export function ModelsTable() {
  const list = useManagedModels();
  const [toDelete, setToDelete] = useState<ModelSummary | null>(null);

  const columns: Column<ModelSummary>[] = [
    {
      id: 'number',
      header: 'Model number',
      className: css.number,
      cell: (m) => <Link to={paths.applianceModel(m.modelKey)}>{m.modelNumber}</Link>,
    },
    { id: 'brand', header: 'Brand', className: css.brand, cell: (m) => m.brand },
    { id: 'type', header: 'Appliance type', className: css.type, cell: (m) => applianceTypeLabel(m.applianceType) },
    { id: 'title', header: 'Title', cell: (m) => m.title },
    {
      id: 'delete',
      header: 'Delete',
      className: css.action,
      cell: (m) => (
        <Button
          variant="danger"
          size="small"
          onClick={() => setToDelete(m)}
          onPointerEnter={preloadConfirmDialog}
          onFocus={preloadConfirmDialog}
          aria-label={`Delete model ${m.modelNumber}`}
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <div className={css.models}>
      <Table
        caption="Appliance models"
        columns={columns}
        rows={list}
        paging={list}
        rowKey={(m) => m.modelKey}
        rowTestId="model-row"
        minWidth={640}
        empty="No appliance models yet: import them above."
      />
      <ConfirmDeleteDialog
        doneMessage="Model deleted."
        itemLabel={toDelete ? `Model ${toDelete.modelNumber} (${toDelete.brand}), with its drawings and the parts it lists.` : null}
        onConfirm={() => (toDelete ? list.deleteModel(toDelete) : Promise.resolve())}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
