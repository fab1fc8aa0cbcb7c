import { useId } from 'react';
import ui from '../../components/ui.module.css';
import { ModelImportForm } from '../../features/admin/components/model-import-form';
import { ModelsTable } from '../../features/admin/components/models-table';
import { usePageTitle } from '../../lib/use-page-title';
import css from './manage-models-page.module.css';

/** Manage Appliance Models (CONTRACT §12): the import, then every model with Delete. */
export default function ManageModelsPage() {
  usePageTitle('Manage Appliance Models');
  const importId = useId();
  const listId = useId();
  return (
    <>
      <h1 className={ui.pageTitle}>Manage Appliance Models</h1>
      <p className={css.lede}>
        Import the models technicians find parts by: each model&apos;s sections with their drawings and numbered callouts. The models are listed below, each
        with its public page.
      </p>
      <section aria-labelledby={importId} className={css.section}>
        <h2 id={importId} className={css.heading}>
          Import models
        </h2>
        <ModelImportForm />
      </section>
      <section aria-labelledby={listId} className={css.section}>
        <h2 id={listId} className={css.heading}>
          Models
        </h2>
        <ModelsTable />
      </section>
    </>
  );
}
