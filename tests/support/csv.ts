/**
 * Reads CSV as RFC 4180 says (quoted cells, doubled quotes, CRLF rows), the way a spreadsheet
 * program imports the shop's export: tests compare what comes back cell by cell.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The columns of an order line in the orders CSV, in the order the tests compare them. */
const LINE_COLUMNS = ['Line', 'Part number', 'Item', 'Quantity', 'Unit price', 'Line total', 'Order total'] as const;

/** Each row's line columns (LINE_COLUMNS), found by the header's names: a column that is missing fails. */
export function lineCells([header, ...rows]: string[][]): string[][] {
  const at = LINE_COLUMNS.map((name) => {
    const i = header!.indexOf(name);
    if (i < 0) throw new Error(`The CSV has no "${name}" column: ${header!.join(', ')}`);
    return i;
  });
  return rows.map((r) => at.map((i) => r[i]!));
}
