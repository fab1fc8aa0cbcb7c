/**
 * CSV read as the shop's imports read it (the alias import, CONTRACT §11; the model import, §12).
 * No zod here, so a page can read a file before sending it without loading the schemas.
 */

/** Cells of one CSV line (RFC 4180 quotes: "a,b" and "" inside quotes); null when a quote is left open. */
export function csvCells(line: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells;
}
