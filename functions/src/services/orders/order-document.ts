import PDFDocument from 'pdfkit';
import { pdfBytes } from '../pdf-bytes';
import type { Booking, BookingState } from '@fridgeparts/common/booking';
import { SHOP } from '@fridgeparts/common/constants';
import { formatDollars } from '@fridgeparts/common/money';
import { taxLabel } from '@fridgeparts/common/tax/tax';
import { CORE_DEPOSIT_LABEL } from '@fridgeparts/common/returns/returns';
import type { Caller } from '../caller';
import { getBooking } from './bookings';
import { orderedAsText } from '@fridgeparts/common/search/part-alias';

/**
 * GET /booking/{id}/document (CONTRACT §7): a purchase order while the booking is unpaid, an
 * invoice once paid. The PDF is built from the booking as the API reads it, so it says exactly
 * what My Orders says. Built with pdfkit's standard Helvetica (no font files to ship).
 */

export type OrderDocumentKind = 'Purchase order' | 'Invoice';

/** Which document a booking gets, and its payment state in words. */
export function documentKindOf(state: BookingState): { kind: OrderDocumentKind; title: string; payment: string } {
  switch (state) {
    case 'paid':
      return { kind: 'Invoice', title: 'INVOICE', payment: 'Paid' };
    case 'shipped':
      return { kind: 'Invoice', title: 'INVOICE', payment: 'Paid, shipped' };
    case 'partially-shipped':
      return { kind: 'Invoice', title: 'INVOICE', payment: 'Paid, partially shipped' };
    case 'delivered':
      return { kind: 'Invoice', title: 'INVOICE', payment: 'Paid, delivered' };
    case 'refunded':
      return { kind: 'Invoice', title: 'INVOICE (REFUNDED)', payment: 'Refunded' };
    case 'expired':
      return { kind: 'Purchase order', title: 'PURCHASE ORDER', payment: 'Unpaid, reservation expired' };
    case 'awaiting-approval':
      return { kind: 'Purchase order', title: 'PURCHASE ORDER', payment: 'Unpaid, awaiting company approval' };
    case 'declined':
      return { kind: 'Purchase order', title: 'PURCHASE ORDER', payment: 'Declined by the company, not charged' };
    case 'confirmed':
      return { kind: 'Purchase order', title: 'ORDER CONFIRMATION', payment: 'On account, invoice due in 30 days' };
    case 'reserved':
    default:
      return { kind: 'Purchase order', title: 'PURCHASE ORDER', payment: 'Unpaid, awaiting payment' };
  }
}

/** A file name the Content-Disposition header can carry as it is. */
export function documentFileName(b: Pick<Booking, '_id' | 'orderNumber'>): string {
  return `${(b.orderNumber || b._id).replace(/[^A-Za-z0-9_-]/g, '-')}.pdf`;
}

/** The document's label/value lines above the table of lines, in order (also what the unit tests read). */
export function documentLines(b: Booking): [string, string][] {
  return [
    ['Order number', b.orderNumber || b._id],
    ['Date', b.createdAt.slice(0, 10)],
    ['Buyer', `${b.userName} <${b.email}>`],
    ['PO number', b.poNumber ?? '-'],
    ['Ship to', b.address.replace(/\s*[\r\n]+\s*/g, ', ')],
    ['Phone', b.phone],
    // On account (decision 0058): where the invoice is paid, and when it is due.
    ...(b.payment
      ? ([
          ['Invoice', b.payment.hostedInvoiceUrl ?? 'being issued'],
          ['Invoice due', b.payment.dueDate?.slice(0, 10) ?? '-'],
          ['Invoice status', b.payment.status],
        ] as [string, string][])
      : []),
  ];
}

/** The table's columns: a row per line (CONTRACT §8). */
export const DOCUMENT_COLUMNS = ['Part number', 'Item', 'Quantity', 'Unit price', 'Line total'] as const;

/** One row per line of the order, as the table prints it; the item says the number it was ordered by when not its own. */
export function documentRows(b: Booking): string[][] {
  return b.lines.map((l) => [
    l.partNumber ?? '-',
    l.resolvedFrom ? `${l.name}\n${orderedAsText(l.resolvedFrom)}` : l.name,
    String(l.quantity),
    formatDollars(l.price),
    formatDollars(l.lineTotal),
  ]);
}

/** The label/value lines below the table: the core deposits, shipping and tax, the order's total and its payment. */
export function documentTotals(b: Booking): [string, string][] {
  const { payment } = documentKindOf(b.state ?? 'reserved');
  return [
    // Decision 0088: each line's refundable core deposit, in the total, and the cores it still owes
    // with the day they are due (or that they were kept).
    ...b.lines.flatMap((l): [string, string][] =>
      l.coreDeposit > 0
        ? [
            [`${CORE_DEPOSIT_LABEL} (${l.name})`, formatDollars(l.coreDeposit)],
            ...(l.coresOwed > 0 && l.coresDueOn ? [[`Cores owed (${l.name})`, `${l.coresOwed}, return by ${l.coresDueOn}`] as [string, string]] : []),
            ...(l.coresKept ? [[`Cores kept (${l.name})`, 'not returned in time, deposit kept'] as [string, string]] : []),
          ]
        : [],
    ),
    // CONTRACT §14: the shipping chosen, included in the total (none on orders placed before it).
    ...(b.shipping ? [[`Shipping (${b.shipping.name})`, b.shipping.amount === 0 ? 'Free' : formatDollars(b.shipping.amount)] as [string, string]] : []),
    // CONTRACT §15: the sales tax row, in the total ("No sales tax collected for OR" where none is).
    ...(b.tax ? [[taxLabel(b.tax), formatDollars(b.tax.amount)] as [string, string]] : []),
    ['Total', formatDollars(b.total)],
    ['Payment', payment],
    ['Transaction id', b.transactionId ?? '-'],
  ];
}

// Column x offsets from the left margin and widths, in points (A4 with 56 pt margins: 483 pt wide).
const COLUMN_LAYOUT: { x: number; width: number; align: 'left' | 'right' }[] = [
  { x: 0, width: 120, align: 'left' },
  { x: 124, width: 185, align: 'left' },
  { x: 313, width: 50, align: 'right' },
  { x: 367, width: 55, align: 'right' },
  { x: 426, width: 57, align: 'right' },
];

/** Builds the PDF in memory: the order's details, a row per line (pages as needed), the total. Pure: no I/O. */
export function buildOrderDocument(b: Booking, createdAt = new Date(b.createdAt)): Promise<Buffer> {
  const { title, kind } = documentKindOf(b.state ?? 'reserved');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    // Fixed metadata so the same booking gives the same document.
    info: { Title: `${kind} ${b.orderNumber || b._id}`, Author: SHOP.legalName, Creator: SHOP.name, Producer: SHOP.name, CreationDate: createdAt },
  });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const labelled = (pairs: [string, string][]) => {
    for (const [label, value] of pairs) {
      doc.font('Helvetica-Bold').text(`${label}: `, left, doc.y, { continued: true }).font('Helvetica').text(value);
      doc.moveDown(0.2);
    }
  };
  const row = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(9);
    const y = doc.y;
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: COLUMN_LAYOUT[i].width }));
    cells.forEach((c, i) => doc.text(c, left + COLUMN_LAYOUT[i].x, y, { width: COLUMN_LAYOUT[i].width, align: COLUMN_LAYOUT[i].align }));
    doc.x = left;
    doc.y = y + Math.max(...heights) + 4;
  };
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  doc.font('Helvetica-Bold').fontSize(20).text(SHOP.name);
  doc.font('Helvetica').fontSize(10).text(SHOP.legalName);
  for (const line of SHOP.addressLines) doc.text(line);
  doc.text(SHOP.email);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc.moveDown(0.5);
  doc.fontSize(11);
  labelled(documentLines(b));
  doc.moveDown(0.8);
  row(DOCUMENT_COLUMNS, 'Helvetica-Bold');
  for (const cells of documentRows(b)) {
    // A row that would not fit starts a new page, under the column headings again.
    if (doc.y + 28 > bottom()) {
      doc.addPage();
      row(DOCUMENT_COLUMNS, 'Helvetica-Bold');
    }
    row(cells, 'Helvetica');
  }
  doc.moveDown(0.8);
  if (doc.y + 80 > bottom()) doc.addPage();
  doc.fontSize(11);
  labelled(documentTotals(b));
  doc.moveDown(1);
  doc.fontSize(9).fillColor('#555555');
  doc.text(
    kind === 'Invoice' ? 'Thank you for your order.' : 'This purchase order reserves the stock above until it is paid or the reservation expires.',
    left,
    doc.y,
  );
  doc.end();
  return done;
}

/** The owner's or an admin's document; anyone else gets the same 404 as GET /mybooking/{id}. */
export async function getOrderDocument(caller: Caller, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const booking = await getBooking(caller, id);
  return { fileName: documentFileName(booking), pdf: await buildOrderDocument(booking) };
}
