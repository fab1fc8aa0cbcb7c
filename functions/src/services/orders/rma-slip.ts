import PDFDocument from 'pdfkit';
import { pdfBytes } from '../pdf-bytes';
import { pdfLabelLines, pdfTable, type PdfColumn } from '../pdf-table';
import { SHOP } from '@fridgeparts/common/constants';
import { RETURN_REASON_LABELS, RETURN_STATE_LABELS, RETURNS_ADDRESS } from '@fridgeparts/common/returns/returns';
import type { Return } from '@fridgeparts/common/returns/returns.answers';

/**
 * GET /booking/{id}/returns/{rid}/slip (CONTRACT §16, decision 0086): a return's RMA slip, to go
 * in the box. Built from the return as the API answers it, with pdfkit's Helvetica like the order's
 * own document and the packing slip: the RMA and order numbers, the state, where to send the
 * parts, and the lines with their quantities and reasons (no prices: it travels with the parts).
 */

/** The slip's label/value lines above its table. */
export function rmaSlipLines(r: Return): [string, string][] {
  return [
    ['RMA number', r.rmaNumber],
    ['Order number', r.orderNumber],
    ['Requested', r.createdAt.slice(0, 10)],
    ['State', RETURN_STATE_LABELS[r.state]],
    ...(r.restockingFeePercent ? [['Restocking fee', `${r.restockingFeePercent}%`] as [string, string]] : []),
  ];
}

export const RMA_SLIP_COLUMNS = ['Line', 'Part number', 'Item', 'Quantity', 'Reason'] as const;

/** One row per returned line. */
export const rmaSlipRows = (r: Return): string[][] =>
  r.lines.map((l) => [
    String(Number(l.lineId) + 1),
    l.partNumber ?? '-',
    l.note ? `${l.name} ("${l.note}")` : l.name,
    String(l.quantity),
    RETURN_REASON_LABELS[l.reason],
  ]);

const LAYOUT: PdfColumn[] = [
  { x: 0, width: 30, align: 'left' },
  { x: 34, width: 110, align: 'left' },
  { x: 148, width: 200, align: 'left' },
  { x: 352, width: 50, align: 'right' },
  { x: 410, width: 73, align: 'left' },
];

/** The slip as a PDF, in memory (pure: no I/O). */
export function buildRmaSlip(r: Return): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `RMA slip ${r.rmaNumber}`, Author: SHOP.legalName, Creator: SHOP.name, Producer: SHOP.name, CreationDate: new Date(r.createdAt) },
  });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(20).text(SHOP.name);
  doc.font('Helvetica').fontSize(10).text(SHOP.legalName);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).text(`RETURN ${r.rmaNumber}`);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(11).text('Send the parts to');
  doc.font('Helvetica');
  for (const line of RETURNS_ADDRESS.split(', ')) doc.text(line);
  doc.text(`Mark the box ${r.rmaNumber} and put this slip inside.`);
  doc.moveDown(0.5);
  pdfLabelLines(doc, rmaSlipLines(r));
  doc.moveDown(0.8);
  pdfTable(doc, LAYOUT, RMA_SLIP_COLUMNS, rmaSlipRows(r));
  doc.end();
  return done;
}
