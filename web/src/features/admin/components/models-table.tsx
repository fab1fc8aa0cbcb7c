import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ModelSummary } from '@fridgeparts/common/models/appliance-model.answers';
import { applianceTypeLabel, isModelQuery, MODEL_QUERY_MIN, modelKeyOf } from '@fridgeparts/common/models/model-basics';
import { ConfirmDeleteButton } from '../../../components/confirm-button';
import { Field, fieldControlClass } from '../../../components/form/field';
import { Table, type Column } from '../../../components/table';
import { paths } from '../../../lib/infra/paths';
import { useDebouncedValue } from '../../../lib/infra/use-debounced-value';
import { useManagedModels } from '../api/use-managed-models';
import css from './models-table.module.css';

/**
 * The shop's appliance models (CONTRACT §12) for the admin: each a link to its public page, with a
 * Delete behind the shop's confirmation. The shared Table (cards on phones), "Load more" through the
 * API's cursor. A search field over it finds models by number with the server's own search
 * (GET /models?q=: the list is paged, so filtering the rows loaded would miss the others), from
 * MODEL_QUERY_MIN letters or digits; with fewer, every model is listed.
 */
export function ModelsTable() {
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const key = useDebouncedValue(modelKeyOf(typed), 250);
  const searching = isModelQuery(key);
  const list = useManagedModels(searching ? key : '');

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
        <ConfirmDeleteButton
          size="small"
          details={`Model ${m.modelNumber} (${m.brand}), with its drawings and the parts it lists.`}
          doneMessage="Model deleted."
          onConfirm={() => list.deleteModel(m)}
          aria-label={`Delete model ${m.modelNumber}`}
        >
          Delete
        </ConfirmDeleteButton>
      ),
    },
  ];

  const tooShort = typed.trim() !== '' && !isModelQuery(modelKeyOf(typed));
  return (
    <div className={css.models}>
      <div className={css.search} role="search" aria-label="Models">
        <Field
          id={searchId}
          label="Find a model by its number"
          message={tooShort ? `At least ${MODEL_QUERY_MIN} letters or digits.` : 'Spaces and dashes do not matter.'}
          className={css.searchField}
        >
          <input
            id={searchId}
            type="search"
            className={fieldControlClass}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            aria-describedby={`${searchId}-message`}
            data-testid="models-search"
          />
        </Field>
      </div>
      <Table
        caption="Appliance models"
        columns={columns}
        rows={list}
        paging={list}
        rowKey={(m) => m.modelKey}
        rowTestId="model-row"
        minWidth={640}
        empty={searching ? `No model number starts with or contains ${key}.` : 'No appliance models yet: import them below.'}
      />
    </div>
  );
}
