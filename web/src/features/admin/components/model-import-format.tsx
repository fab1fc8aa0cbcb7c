import { Fragment, useId } from 'react';
import { DRAWING_MAX_BYTES } from '@fridgeparts/common/models/drawing-svg';
import { APPLIANCE_TYPES, MAX_MODELS_PER_IMPORT, MODEL_CSV_HEADER, MODEL_IMPORT_MAX_BYTES } from '@fridgeparts/common/models/model-basics';
import { sizeText } from '../lib/model-import-files';
import css from './model-import-form.module.css';

const CSV_EXAMPLE = [
  MODEL_CSV_HEADER.join(','),
  'NRT-18F2W,Nordcold,top-freezer-refrigerator,"Nordcold 18 cu ft top-freezer, white",Freezer door,1,FP-GSK-096,1,Door gasket',
  'NRT-18F2W,Nordcold,top-freezer-refrigerator,"Nordcold 18 cu ft top-freezer, white",Freezer door,2,FP-THM-CC-036,1,',
  'NRT-18F2W,Nordcold,top-freezer-refrigerator,"Nordcold 18 cu ft top-freezer, white",Machine compartment,1,FP-CMP-134A-033,1,',
].join('\n');

const JSON_EXAMPLE = `{ "models": [{ "modelNumber": "NRT-18F2W", "brand": "Nordcold",
  "applianceType": "top-freezer-refrigerator", "title": "Nordcold 18 cu ft top-freezer, white",
  "sections": [{ "name": "Freezer door", "diagramSvg": "<svg xmlns=…>…</svg>",
    "callouts": [{ "ref": "1", "partNumber": "FP-GSK-096", "quantity": 1, "note": "Door gasket" }] }] }] }`;

/**
 * What the import takes (CONTRACT §12, decision 0051), under the form so the admin can prepare the
 * files: folded (a <details>, its title the summary), since it is read once and was a screen long
 * above the list (issue 43).
 */
export function ModelImportFormat() {
  const titleId = useId();
  return (
    <details aria-labelledby={titleId} className={css.format}>
      <summary className={css.formatSummary}>
        <h3 id={titleId} className={css.formatTitle}>
          The files
        </h3>
      </summary>
      <p>
        <strong>CSV</strong>: one callout a line, under this header (the columns in this order; the model&apos;s and the section&apos;s cells repeated on each
        of their lines, quantity 1 when empty, the note may be empty):
      </p>
      <pre className={css.code} data-testid="model-csv-header">
        {MODEL_CSV_HEADER.join(',')}
      </pre>
      <p>For example:</p>
      <pre className={css.code}>{CSV_EXAMPLE}</pre>
      <p>
        With it, one <strong>.svg drawing</strong> per section, named after the model number and the section (<code>NRT-18F2W Freezer door.svg</code>), or after
        the section alone when only one model of the file has that section (<code>Machine compartment.svg</code>). Each callout&apos;s number is on its drawing
        as an element with <code>data-ref</code> (<code>&lt;text data-ref=&quot;1&quot;&gt;1&lt;/text&gt;</code>); a drawing holds only drawing elements (no
        scripts, images or links out of it).
      </p>
      <p>
        <strong>JSON</strong>: the same models with each section&apos;s drawing as SVG text in <code>diagramSvg</code>:
      </p>
      <pre className={css.code}>{JSON_EXAMPLE}</pre>
      <p>
        The appliance types:{' '}
        {APPLIANCE_TYPES.map((t, i) => (
          <Fragment key={t.key}>
            {i > 0 && ', '}
            <code>{t.key}</code>
          </Fragment>
        ))}
        . At most {MAX_MODELS_PER_IMPORT} models and {sizeText(MODEL_IMPORT_MAX_BYTES)} an import, {sizeText(DRAWING_MAX_BYTES)} a drawing; a larger catalogue
        goes in several imports.
      </p>
    </details>
  );
}
