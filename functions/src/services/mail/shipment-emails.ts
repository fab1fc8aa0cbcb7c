import type { BookingDoc } from '../../data/firestore';
import { trackingUrlsOf, type ShipmentDoc } from '@fridgeparts/common/shipping/shipments';
import { render, type Line, type MailContent } from './mail-templates';

/**
 * The shipment emails (CONTRACT §14, decision 0079): one per shipment (its lines, carrier and
 * tracking links) and one when it is delivered. Pure text, rendered when queued (mail-outbox.ts).
 */

const CARRIER_NAMES: Record<ShipmentDoc['carrier'], string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', freight: 'LTL freight', other: 'Other carrier' };

const carrierText = (s: Pick<ShipmentDoc, 'carrier' | 'service'>) => `${CARRIER_NAMES[s.carrier]}${s.service ? ` ${s.service}` : ''}`;

const lineText = (l: ShipmentDoc['lines'][number]) => `${l.quantity} x ${l.name}${l.partNumber ? ` (${l.partNumber})` : ''}`;

function tracking(s: ShipmentDoc): Line[] {
  const urls = trackingUrlsOf(s);
  return [
    ...(s.trackingNumbers.length > 0
      ? [{ label: s.trackingNumbers.length === 1 ? 'Tracking number' : 'Tracking numbers', value: s.trackingNumbers.join(', ') }]
      : []),
    ...urls.map((link, i) => ({ link, text: urls.length === 1 ? 'Track the shipment' : `Track package ${i + 1}` })),
  ];
}

/** "Order FP-... has shipped" (everything) or "Part of order FP-... has shipped". */
export function shipmentEmail(b: BookingDoc, s: ShipmentDoc, bookingId: string, complete: boolean): MailContent {
  const order = b.orderNumber || bookingId;
  return render(complete ? `Order ${order} has shipped` : `Part of order ${order} has shipped`, `Hello ${b.userName || b.email},`, [
    complete ? `The rest of your order ${order} is on its way.` : `Part of your order ${order} is on its way; we will write again when the rest ships.`,
    { label: 'Order number', value: order },
    ...(b.poNumber ? [{ label: 'Your PO number', value: b.poNumber }] : []),
    `In this shipment (${s.lines.length} ${s.lines.length === 1 ? 'line' : 'lines'}):`,
    ...s.lines.map(lineText),
    { label: 'Carrier', value: carrierText(s) },
    ...tracking(s),
  ]);
}

/** "A shipment of order FP-... was delivered". */
export function deliveredEmail(b: BookingDoc, s: ShipmentDoc, bookingId: string, orderDelivered: boolean): MailContent {
  const order = b.orderNumber || bookingId;
  return render(`A shipment of order ${order} was delivered`, `Hello ${b.userName || b.email},`, [
    orderDelivered
      ? `The last shipment of your order ${order} was delivered: the whole order has arrived.`
      : `A shipment of your order ${order} was delivered.`,
    { label: 'Order number', value: order },
    ...s.lines.map(lineText),
    { label: 'Carrier', value: carrierText(s) },
    ...tracking(s),
  ]);
}
