import { ROLE_LABELS } from '../lib/labels';

/** The roles a company's person may have, as a select's options (the invite form and the member dialog). */
export const roleOptions = Object.entries(ROLE_LABELS).map(([value, text]) => (
  <option key={value} value={value}>
    {text}
  </option>
));
