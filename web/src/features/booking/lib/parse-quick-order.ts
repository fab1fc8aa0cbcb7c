import { QUICK_ORDER_MAX_LINES } from '@fridgeparts/common/constants';
import { PART_NUMBER_PATTERN } from '@fridgeparts/common/pricing';

/** One pasted or uploaded line of a quick order, with what is wrong with it (null: fine). */
export interface QuickOrderLine {
  /** 1-based line number in what was pasted, for the person reading the table. */
  lineNumber: number;
  text: string;
  partNumber: string;
  quantity: number | null;
  problem: string | null;
}

const HEADER = /^\s*"?part\s*-?\s*number"?\s*[,;\t]\s*"?(quantity|qty)"?\s*$/i;

/**
 * Reads `PART-NUMBER quantity` lines (space, tab, comma or semicolon between them; a CSV export
 * with a partNumber,quantity header works too). Blank lines are skipped. Every line is checked
 * for its form here; stock, minimums and pack sizes are the server's to judge (it answers per line).
 */
export function parseQuickOrder(text: string): QuickOrderLine[] {
  const lines: QuickOrderLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || (i === 0 && HEADER.test(line))) return;
    const cells = line
      .split(/[\s,;]+/)
      .map((c) => c.replace(/^"|"$/g, '').trim())
      .filter(Boolean);
    const partNumber = (cells[0] ?? '').toUpperCase();
    const qtyText = cells[1] ?? '';
    let problem: string | null = null;
    let quantity: number | null = null;
    if (!PART_NUMBER_PATTERN.test(partNumber) || partNumber.length > 32) problem = 'Part number uses capitals, digits and dashes, like FP-CMP-134A-033';
    else if (!qtyText) problem = 'Add a quantity after the part number';
    else if (!/^\d{1,7}$/.test(qtyText) || Number(qtyText) < 1) problem = 'Quantity must be a whole number of at least 1';
    else if (cells.length > 2) problem = 'One part number and one quantity per line';
    else quantity = Number(qtyText);
    lines.push({ lineNumber: i + 1, text: line, partNumber, quantity: problem ? null : quantity, problem });
  });
  if (lines.length > QUICK_ORDER_MAX_LINES) {
    for (const l of lines.slice(QUICK_ORDER_MAX_LINES)) l.problem ??= `A quick order takes at most ${QUICK_ORDER_MAX_LINES} lines`;
  }
  return lines;
}
