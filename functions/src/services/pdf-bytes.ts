/**
 * The bytes of a pdfkit document as it is written: call it right after making the document (before
 * anything is drawn, so no chunk is missed); it settles when the document is ended. The order's
 * document and a shipment's packing slip are made this way.
 */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
