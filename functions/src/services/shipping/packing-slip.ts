import PDFDocument from 'pdfkit';
import { pdfBytes } from '../pdf-bytes';
import { pdfLabelLines, pdfTable, type PdfColumn } from '../pdf-table';
import type { Booking } from '@fridgeparts/common/booking';
import { SHOP } from '@fridgeparts/common/constants';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import type { Caller } from '../caller';
import { getBooking } from '../order-reads/get-booking';
import { notFound } from '../../errors';

/**
 * GET /booking/{id}/shipments/{sid}/document (CONTRACT §14, decision 0079): a shipment's packing
 * slip. Built from the order and the shipment as the API answers them (the same access as GET
 * /mybooking/{id}), with pdfkit's Helvetica like the order's own document; lines and quantities,
 * ship-to, carrier and tracking, no prices (it travels in the box).
 */

const CARRIER_NAMES: Record<Shipment['carrier'], string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', freight: 'LTL freight', other: 'Other carrier' };

/** Where the box goes, a line each: the address object when the order has one, else its one-line address. */
export function shipToLines(b: Pick<Booking, 'userName' | 'email' | 'address' | 'shippingAddress' | 'phone'>): string[] {
  const a = b.shippingAddress;
  const place = a
    ? [a.line1, ...(a.line2 ? [a.line2] : []), `${a.city}${a.region ? `, ${a.region}` : ''} ${a.postalCode}`.trim(), a.country]
    : b.address
        .split(/\s*[\r\n]+\s*/)
        .map((l) => l.trim())
        .filter(Boolean);
  return [b.userName || b.email, ...place, ...(b.phone ? [`Phone: ${b.phone}`] : [])];
}

/** The slip's label/value lines above its table. */
export function slipLines(b: Booking, s: Shipment): [string, string][] {
  return [
    ['Order number', b.orderNumber || b._id],
    ['PO number', b.poNumber ?? '-'],
    ['Shipment', s.id],
    ['Shipped', s.shippedAt.slice(0, 10)],
    ['Carrier', `${CARRIER_NAMES[s.carrier]}${s.service ? ` ${s.service}` : ''}`],
    ['Tracking', s.trackingNumbers.length > 0 ? s.trackingNumbers.join(', ') : '-'],
    ...s.trackingUrls.map((u) => ['Track at', u] as [string, string]),
  ];
}

export const SLIP_COLUMNS = ['Line', 'Part number', 'Item', 'Quantity', 'Of ordered'] as const;

/** One row per shipment line: what is in the box, and how many of the line were ordered. */
export function slipRows(b: Booking, s: Shipment): string[][] {
  return s.lines.map((l) => [
    String(Number(l.lineId) + 1),
    l.partNumber ?? '-',
    l.name,
    String(l.quantity),
    String(b.lines[Number(l.lineId)]?.quantity ?? '-'),
  ]);
}

const LAYOUT: PdfColumn[] = [
  { x: 0, width: 30, align: 'left' },
  { x: 34, width: 120, align: 'left' },
  { x: 158, width: 215, align: 'left' },
  { x: 377, width: 50, align: 'right' },
  { x: 431, width: 52, align: 'right' },
];

/** The slip as a PDF, in memory (pure: no I/O). */
export function buildPackingSlip(b: Booking, s: Shipment): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `Packing slip ${b.orderNumber || b._id} ${s.id}`,
      Author: SHOP.legalName,
      Creator: SHOP.name,
      Producer: SHOP.name,
      CreationDate: new Date(s.shippedAt),
    },
  });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(20).text(SHOP.name);
  doc.font('Helvetica').fontSize(10).text(SHOP.legalName);
  for (const line of SHOP.addressLines) doc.text(line);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).text('PACKING SLIP');
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(11).text('Ship to');
  doc.font('Helvetica');
  for (const line of shipToLines(b)) doc.text(line);
  doc.moveDown(0.5);
  pdfLabelLines(doc, slipLines(b, s));
  doc.moveDown(0.8);
  pdfTable(doc, LAYOUT, SLIP_COLUMNS, slipRows(b, s));
  doc.end();
  return done;
}

/** The buyer's, their company admin's or a shop admin's slip; anyone else the 404 of GET /mybooking/{id}. */
export async function getPackingSlip(caller: Caller, id: string, sid: string): Promise<{ fileName: string; pdf: Buffer }> {
  const booking = await getBooking(caller, id);
  const shipment = booking.shipments.find((s) => s.id === sid);
  if (!shipment) throw notFound(`This order has no shipment with id "${sid}". It may have been cancelled.`);
  const fileName = `${(booking.orderNumber || booking._id).replace(/[^A-Za-z0-9_-]/g, '-')}-packing-slip-${sid}.pdf`;
  return { fileName, pdf: await buildPackingSlip(booking, shipment) };
}
