import { useParams } from 'react-router-dom';
import { ModelView } from '../features/models/components/model-view';

/** /appliance-models/{modelKey}: a model's drawings and parts (CONTRACT §12); any spelling of the number finds it. */
export default function ApplianceModelPage() {
  const { modelKey = '' } = useParams();
  return <ModelView modelKey={modelKey} />;
}
