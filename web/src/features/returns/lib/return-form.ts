import type { ReturnableLine } from '@fridgeparts/common/returns/returns.answers';
import type { ReturnRequest } from '@fridgeparts/common/returns/returns.schema';
import { RETURN_LIMITS, type ReturnReason } from '@fridgeparts/common/returns/returns';

/** The Return dialog's fields, as typed: per returnable line a quantity (text), a reason and a note. */
export interface ReturnForm {
  lines: { quantity: string; reason: ReturnReason | ''; note: string }[];
  /** A warranty claim's appliance (decision 0087): sent only when a line returned is Warranty. */
  warranty?: { modelNumber: string; serialNumber: string; installedOn: string; failure: string };
}

/** Whether the form claims warranty: some line with a quantity has the reason Warranty. */
export const claimsWarranty = (form: Pick<ReturnForm, 'lines'>): boolean =>
  form.lines.some((l) => l.reason === 'warranty' && l.quantity.trim() !== '' && Number(l.quantity.trim()) !== 0);

/** The longest note a line takes. */
export const NOTE_MAX = RETURN_LIMITS.noteLength;

/** The lines the dialog offers: those with something still returnable and a reason whose window is open. */
export function offeredLines(returnable: readonly ReturnableLine[]): ReturnableLine[] {
  return returnable.filter((l) => l.quantity > 0 && l.reasons.length > 0);
}

/** Nothing returned by default: each line at 0, its first open reason chosen, no note. */
export function returnDefaults(lines: readonly ReturnableLine[]): ReturnForm {
  return {
    lines: lines.map((l) => ({ quantity: '0', reason: l.reasons[0]?.reason ?? '', note: '' })),
    warranty: { modelNumber: '', serialNumber: '', installedOn: '', failure: '' },
  };
}

/**
 * The body of POST /booking/{id}/returns from the form: the lines with a quantity (a blank or 0
 * returns none of it), `sent` the form's line index of each body line (the server's `lines.N` names
 * the body's). A quantity that is no whole number is sent as typed, for the schema to name.
 */
export function returnBodyOf(form: ReturnForm, lines: readonly ReturnableLine[]): { body: ReturnRequest; sent: number[] } {
  const sent: number[] = [];
  const body: ReturnRequest = { lines: [] };
  form.lines.forEach((l, i) => {
    const text = l.quantity.trim();
    const line = lines[i];
    if (text === '' || Number(text) === 0 || !line) return;
    sent.push(i);
    const note = l.note.trim();
    body.lines.push({ lineId: line.lineId, quantity: Number(text), reason: l.reason as ReturnReason, ...(note ? { note } : {}) });
  });
  if (claimsWarranty(form) && form.warranty) {
    const w = form.warranty;
    body.warranty = { modelNumber: w.modelNumber.trim(), serialNumber: w.serialNumber.trim(), installedOn: w.installedOn.trim(), failure: w.failure.trim() };
  }
  return { body, sent };
}

/**
 * Where a server message about `lines.N.<field>` goes in the form: the body's line N is the form's
 * line sent[N]; its reason or note at those fields, anything else at its quantity.
 */
export function returnFieldOf(path: string, sent: readonly number[]): string | undefined {
  if (/^warranty\.(modelNumber|serialNumber|installedOn|failure)$/.test(path)) return path;
  const m = /^lines\.(\d+)(?:\.(\w+))?/.exec(path);
  if (!m) return undefined;
  const at = sent[Number(m[1])];
  if (at === undefined) return 'lines';
  const field = m[2] === 'reason' || m[2] === 'note' ? m[2] : 'quantity';
  return `lines.${at}.${field}`;
}
