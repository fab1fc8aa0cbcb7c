import ui from '../components/ui.module.css';
import { ModelFinder } from '../features/models/components/model-finder';
import { usePageTitle } from '../lib/infra/use-page-title';

/** /appliance-models: Find by model (CONTRACT §12). Public and prerendered, like the catalogue. */
export default function ApplianceModelsPage() {
  usePageTitle('Find parts by appliance model');
  return (
    <div className={ui.container} style={{ paddingTop: 32, paddingBottom: 48 }}>
      <h1 className={ui.pageTitle}>Find parts by appliance model</h1>
      <p className={ui.muted} style={{ margin: 0 }}>
        Type the model number from the appliance's tag, open the drawing of the assembly you are repairing and order the numbered part.
      </p>
      <ModelFinder />
    </div>
  );
}
