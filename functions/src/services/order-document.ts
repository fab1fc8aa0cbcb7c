import PDFDocument from 'pdfkit';
import type { Booking, BookingState } from '@fridgeparts/common/booking';
import { SHOP } from '@fridgeparts/common/constants';
import { formatDollars } from '@fridgeparts/common/money';
import type { Caller } from './caller';
import { getBooking } from './bookings';

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
    case 'refunded':
      return { kind: 'Invoice', title: 'INVOICE (REFUNDED)', payment: 'Refunded' };
    case 'expired':
      return { kind: 'Purchase order', title: 'PURCHASE ORDER', payment: 'Unpaid, reservation expired' };
    case 'reserved':
    default:
      return { kind: 'Purchase order', title: 'PURCHASE ORDER', payment: 'Unpaid, awaiting payment' };
  }
}

/** A file name the Content-Disposition header can carry as it is. */
export function documentFileName(b: Pick<Booking, '_id' | 'orderNumber'>): string {
  return `${(b.orderNumber || b._id).replace(/[^A-Za-z0-9_-]/g, '-')}.pdf`;
}

/** The document's label/value lines, in order (also what the unit tests read). */
export function documentLines(b: Booking): [string, string][] {
  const { payment } = documentKindOf(b.state ?? 'reserved');
  return [
    ['Order number', b.orderNumber || b._id],
    ['Date', b.createdAt.slice(0, 10)],
    ['Buyer', `${b.userName} <${b.email}>`],
    ['PO number', b.poNumber ?? '-'],
    ['Ship to', b.address.replace(/\s*[\r\n]+\s*/g, ', ')],
    ['Phone', b.phone],
    ['Item', b.name],
    ['Part number', b.partNumber ?? '-'],
    ['Quantity', String(b.quantity)],
    ['Unit price', formatDollars(b.price)],
    ['Total', formatDollars(b.total)],
    ['Payment', payment],
    ['Transaction id', b.transactionId ?? '-'],
  ];
}

/** Builds the PDF in memory (a single page: one booking is one line). Pure: no I/O. */
export function buildOrderDocument(b: Booking, createdAt = new Date(b.createdAt)): Promise<Buffer> {
  const { title, kind } = documentKindOf(b.state ?? 'reserved');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    // Fixed metadata so the same booking gives the same document.
    info: { Title: `${kind} ${b.orderNumber || b._id}`, Author: SHOP.legalName, Creator: SHOP.name, Producer: SHOP.name, CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(SHOP.name);
  doc.font('Helvetica').fontSize(10).text(SHOP.legalName);
  for (const line of SHOP.addressLines) doc.text(line);
  doc.text(SHOP.email);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc.moveDown(0.5);
  doc.fontSize(11);
  for (const [label, value] of documentLines(b)) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    doc.moveDown(0.2);
  }
  doc.moveDown(1);
  doc.fontSize(9).fillColor('#555555');
  doc.text(kind === 'Invoice' ? 'Thank you for your order.' : 'This purchase order reserves the stock above until it is paid or the reservation expires.');
  doc.end();
  return done;
}

/** The owner's or an admin's document; anyone else gets the same 404 as GET /mybooking/{id}. */
export async function getOrderDocument(caller: Caller, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const booking = await getBooking(caller, id);
  return { fileName: documentFileName(booking), pdf: await buildOrderDocument(booking) };
}
