import { Link as RouterLink } from 'react-router-dom';
import { lineCheckColumn, OrderLinesTable } from '../../../components/order-lines-table';
import { paths } from '../../../lib/infra/paths';
import type { Column } from '../../../components/table';
import type { NumberCheck } from '../../../lib/domain/use-resolved-numbers';
import type { QuickOrderLine } from '../lib/parse-quick-order';
import css from './quick-order-form.module.css';

/*
 * The quick order's lines as checked (CONTRACT §7, §11), apart from the form: the page opens with
 * no lines, so this (and the shop's table under it) loads when the form is first focused, not with
 * the page (route JS, issue 9).
 */

/** The pasted line's number, for the buyer to find it in what they pasted. */
const LINE_NUMBER = { id: 'line', header: 'Line', cell: (l: QuickOrderLine) => l.lineNumber };

/**
 * The part a line's number names, as the shop resolved it (CONTRACT §11): its name, linked to its
 * page, and when the number was not the part's own, how it led there ("FP-DFT-6H21 has been
 * replaced by FP-DFT-8H25", "W10189966 (Whirlpool) is FP-...").
 */
function ResolvedPart({ check }: { check: NumberCheck | undefined }) {
  if (check?.state === 'checking') return <span className={css.note}>Checking…</span>;
  if (check?.state !== 'found') return <>—</>;
  const { part, match, message } = check.answer;
  return (
    <span className={css.part} data-testid="quick-order-part">
      <RouterLink to={paths.tool(part._id)}>{part.name}</RouterLink>
      {match !== 'current' && <span className={css.resolved}>{message}</span>}
    </span>
  );
}

export interface QuickOrderLinesProps {
  lines: QuickOrderLine[];
  /** The shop's check of each line's number, by number. */
  checks: ReadonlyMap<string, NumberCheck>;
  /** The form's own columns before the check (the backorder tick). */
  extra?: Column<QuickOrderLine>[];
  /** What stops a line: its own problem or the server's word on it. */
  problemOf: (line: QuickOrderLine, index: number) => string | null | undefined;
}

export default function QuickOrderLines({ lines, checks, extra = [], problemOf }: QuickOrderLinesProps) {
  return (
    <OrderLinesTable
      caption="Lines to book"
      lines={lines}
      rowKey={(l) => `${l.lineNumber}-${l.text}`}
      rowTestId="quick-order-line"
      omit={['price', 'lineTotal']}
      cells={{ partNumber: (l) => l.partNumber || l.text, name: (l) => <ResolvedPart check={l.problem ? undefined : checks.get(l.partNumber)} /> }}
      before={[LINE_NUMBER]}
      after={[...extra, lineCheckColumn(problemOf)]}
      minWidth={0}
    />
  );
}
