/**
 * The slips' shared drawing (the RMA slip and the packing slip, both pdfkit's Helvetica): the
 * label/value lines above a table, and the table itself, a row of cells at a time in fixed columns.
 */

/** Where a table column stands from the left margin, how wide it is, and how its text aligns. */
export interface PdfColumn {
  x: number;
  width: number;
  align: 'left' | 'right';
}

/** One row at the current line: each cell in its column at 9 pt in `font`, then the next row below the tallest cell. */
export function pdfTableRow(doc: PDFKit.PDFDocument, layout: readonly PdfColumn[], cells: readonly string[], font: string): void {
  const left = doc.page.margins.left;
  doc.font(font).fontSize(9);
  const y = doc.y;
  const heights = cells.map((c, i) => doc.heightOfString(c, { width: layout[i].width }));
  cells.forEach((c, i) => doc.text(c, left + layout[i].x, y, { width: layout[i].width, align: layout[i].align }));
  doc.x = left;
  doc.y = y + Math.max(...heights) + 4;
}

/** The bold column heads, then a row each, starting a new page (heads again) when a row would not fit. */
export function pdfTable(doc: PDFKit.PDFDocument, layout: readonly PdfColumn[], heads: readonly string[], rows: readonly (readonly string[])[]): void {
  pdfTableRow(doc, layout, heads, 'Helvetica-Bold');
  for (const cells of rows) {
    if (doc.y + 28 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      pdfTableRow(doc, layout, heads, 'Helvetica-Bold');
    }
    pdfTableRow(doc, layout, cells, 'Helvetica');
  }
}

/** "Label: value" lines, the label bold, a little apart, from the left margin. */
export function pdfLabelLines(doc: PDFKit.PDFDocument, lines: readonly (readonly [string, string])[]): void {
  for (const [label, value] of lines) {
    doc.font('Helvetica-Bold').text(`${label}: `, doc.page.margins.left, doc.y, { continued: true }).font('Helvetica').text(value);
    doc.moveDown(0.2);
  }
}
