/** The approve and decline dialogs' one field, as typed. */
export interface DecisionForm {
  note: string;
}

/**
 * The request body the dialog sends: the note as typed, or none when it is blank (an approval
 * needs no note; a decline without one gets the server's own message at the field).
 */
export function decisionBodyOf(form: DecisionForm): { note?: string } {
  return form.note.trim() === '' ? {} : { note: form.note };
}

/**
 * When a waiting order is released if nobody decides, and whether that is soon (under a quarter
 * of a day), so the list can say so. Null when the server did not say (an order stored before it).
 */
export function expiryOf(expiresAt: string | null, nowMs: number): { at: Date; soon: boolean; past: boolean } | null {
  if (!expiresAt) return null;
  const at = new Date(expiresAt);
  if (!(at.getTime() > 0)) return null;
  const left = at.getTime() - nowMs;
  return { at, soon: left < 6 * 3_600_000, past: left <= 0 };
}
