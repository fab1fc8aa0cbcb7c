import { useId } from 'react';
import ui from '../../components/ui.module.css';
import { ModelImportForm } from '../../features/admin/components/model-import-form';
import { ModelsTable } from '../../features/admin/components/models-table';
import { usePageTitle } from '../../lib/infra/use-page-title';
import css from './manage-models-page.module.css';

/**
 * Manage Appliance Models (CONTRACT §12): every model with a search and Delete first (what an admin
 * comes for most days), then the import, its format guide folded away (issue 43: the guide came
 * first and pushed the list a screen down).
 */
export default function ManageModelsPage() {
  usePageTitle('Manage Appliance Models');
  const importId = useId();
  const listId = useId();
  return (
    <>
      <h1 className={ui.pageTitle}>Manage Appliance Models</h1>
      <p className={css.lede}>
        The models technicians find parts by, each with its public page; import more below: each model&apos;s sections with their drawings and numbered
        callouts.
      </p>
      <section aria-labelledby={listId} className={css.section}>
        <h2 id={listId} className={css.heading}>
          Models
        </h2>
        <ModelsTable />
      </section>
      <section aria-labelledby={importId} className={css.section}>
        <h2 id={importId} className={css.heading}>
          Import models
        </h2>
        <ModelImportForm />
      </section>
    </>
  );
}
