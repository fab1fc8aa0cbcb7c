import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ModelImportResponse } from '@fridgeparts/common/models/appliance-model.answers';
import { Button } from '../../../components/button';
import { ErrorRetry } from '../../../components/error-retry';
import { Field, fieldControlClass } from '../../../components/form/field';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/infra/api-client';
import { paths } from '../../../lib/infra/paths';
import { countOf } from '../../../lib/domain/plural';
import { useImportModels } from '../api/use-managed-models';
import { importProblems, prepareModelImport, type ImportProblem, type PreparedImport } from '../lib/model-import-files';
import { ModelImportFormat } from './model-import-format';
import css from './model-import-form.module.css';

/** What the last import came to: the files refused before sending, the server's refusal by line, another failure, or the models written. */
type Outcome =
  | { kind: 'unsent'; problems: string[] }
  | { kind: 'refused'; message: string; problems: ImportProblem[] }
  | { kind: 'failed'; message: string; prepared: PreparedImport }
  | { kind: 'imported'; models: { key: string; number: string }[] };

const ACCEPT = '.json,.csv,.svg,application/json,text/csv,image/svg+xml';

/**
 * The admin's model import (CONTRACT §12): one native file input for a .json file, or a .csv file
 * and its .svg drawings, read in the browser and sent as one all-or-nothing POST /models/import.
 * Plain state rather than the shop's form hook: a file chooser has no text to validate as it is
 * typed, and what a model must hold is checked by the server, every line of it in one answer.
 */
export function ModelImportForm() {
  const { importModels, importing } = useImportModels();
  const [files, setFiles] = useState<File[]>([]);
  const [reading, setReading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = reading || importing;

  const send = async (prepared: PreparedImport) => {
    let answer: ModelImportResponse;
    try {
      answer = await importModels(prepared.body);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fields && Object.keys(err.fields).length > 0)
        setOutcome({ kind: 'refused', message: err.message, problems: importProblems(err.fields, prepared) });
      // 401 and 403 end the session or say so in the API client; anything else may pass on a second try.
      else setOutcome({ kind: 'failed', message: (err as Error).message || 'The import could not be sent.', prepared });
      return;
    }
    setOutcome({ kind: 'imported', models: answer.modelKeys.map((key) => ({ key, number: prepared.numbers.get(key) ?? key })) });
    // Imported: the files are spent, so Import cannot send them twice by mistake.
    setFiles([]);
    if (input.current) input.current.value = '';
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setOutcome(null);
    setReading(true);
    let read;
    try {
      read = await prepareModelImport(files);
    } catch (err) {
      read = { ok: false as const, problems: [`The files could not be read: ${(err as Error).message}`] };
    } finally {
      setReading(false);
    }
    if (!read.ok) setOutcome({ kind: 'unsent', problems: read.problems });
    else await send(read.prepared);
  };

  return (
    <div className={css.import}>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Import models" className={css.form}>
        <Field id={id} label="Files to import" message="One .json file, or one .csv file with its .svg drawings (choose them together).">
          <input
            ref={input}
            id={id}
            type="file"
            multiple
            accept={ACCEPT}
            className={`${fieldControlClass} ${css.file}`}
            aria-describedby={`${id}-message`}
            onChange={(e) => setFiles([...(e.target.files ?? [])])}
            data-testid="model-import-files"
          />
        </Field>
        <div className={css.actions}>
          <Button type="submit" disabled={busy} busy={busy}>
            {importing ? 'Importing…' : reading ? 'Reading the files…' : 'Import'}
          </Button>
          <p className={css.note}>All or nothing: a problem anywhere and nothing is imported. A model imported again is replaced.</p>
        </div>
      </form>
      <ImportOutcome outcome={outcome} onRetry={(prepared) => void (busy || send(prepared))} />
      <ModelImportFormat />
    </div>
  );
}

function ImportOutcome({ outcome, onRetry }: { outcome: Outcome | null; onRetry: (prepared: PreparedImport) => void }) {
  if (!outcome) return null;
  switch (outcome.kind) {
    case 'unsent':
      return (
        <Notice severity="error" role="alert" title="These files cannot be imported" className={css.outcome}>
          <ul className={css.problems} data-testid="model-import-problems">
            {outcome.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Notice>
      );
    case 'refused':
      return (
        <Notice
          severity="error"
          role="alert"
          title={`Nothing was imported: ${countOf(outcome.problems.length, 'problem')} to fix, then import the files again.`}
          className={css.outcome}
        >
          <ul className={css.problems} data-testid="model-import-problems">
            {outcome.problems.map((p) => (
              <li key={p.key}>
                <strong>{p.where}:</strong> {p.message}
              </li>
            ))}
          </ul>
        </Notice>
      );
    case 'failed':
      return <ErrorRetry className={css.outcome} message={`Nothing was imported. ${outcome.message}`} onRetry={() => onRetry(outcome.prepared)} />;
    case 'imported':
      return (
        <Notice severity="success" role="status" title={`Imported ${countOf(outcome.models.length, 'model')}`} className={css.outcome}>
          <p className={css.imported} data-testid="model-import-done">
            New, or replacing the model of the same number:{' '}
            {outcome.models.map((m, i) => (
              <span key={m.key}>
                {i > 0 && ', '}
                <Link to={paths.applianceModel(m.key)}>{m.number}</Link>
              </span>
            ))}
            .
          </p>
        </Notice>
      );
  }
}
