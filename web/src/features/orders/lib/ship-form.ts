import type { Booking } from '@fridgeparts/common/booking';
import type { Carrier } from '@fridgeparts/common/shipping/methods';
import { shippableOf } from '@fridgeparts/common/shipping/shipments';

/** One line of the ship dialog: the order line it ships from (its position) and how many are left. */
export interface ShipLine {
  lineId: string;
  name: string;
  partNumber: string | null;
  left: number;
}

/** The carrier and tracking fields of both shipment dialogs (Ship…, Edit tracking), as typed: the tracking numbers in one field. */
export interface TrackingFieldValues {
  carrier: Carrier;
  service: string;
  trackingNumbers: string;
  trackingUrl: string;
}

/** The ship dialog's fields, as typed (quantities as text). */
export interface ShipForm extends TrackingFieldValues {
  lines: { quantity: string }[];
}

/** The body of POST /booking/{id}/shipments (CONTRACT §14), before the server's schema parses it. */
export interface ShipBody {
  lines: { lineId: string; quantity: number }[];
  carrier: Carrier;
  service?: string;
  trackingNumbers: string[];
  trackingUrl?: string;
}

/** The lines with something left to ship (ordered, less shipped, less waiting for stock), named by position. */
export function linesToShip(order: Pick<Booking, 'lines'>): ShipLine[] {
  return order.lines.map((l, i) => ({ lineId: String(i), name: l.name, partNumber: l.partNumber, left: shippableOf(l) })).filter((l) => l.left > 0);
}

/** The dialog's first values: every line's whole quantity left, UPS, nothing else. */
export function shipDefaults(lines: readonly ShipLine[]): ShipForm {
  return { lines: lines.map((l) => ({ quantity: String(l.left) })), carrier: 'ups', service: '', trackingNumbers: '', trackingUrl: '' };
}

/** "1Z999, 1Z998" or one a line: the numbers, blanks dropped. */
export function trackingNumbersOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((n) => n.trim())
    .filter((n) => n !== '');
}

/**
 * The request body from the form: the lines with a quantity (a blank or 0 ships none of that
 * line), `sent` the form's line index of each body line (the server's `lines.N` names the body's).
 * A quantity that is no whole number is sent as typed, for the schema to name.
 */
export function shipBodyOf(form: ShipForm, lines: readonly ShipLine[]): { body: ShipBody; sent: number[] } {
  const sent: number[] = [];
  const bodyLines: ShipBody['lines'] = [];
  form.lines.forEach((l, i) => {
    const text = l.quantity.trim();
    if (text === '' || Number(text) === 0 || !lines[i]) return;
    sent.push(i);
    bodyLines.push({ lineId: lines[i].lineId, quantity: Number(text) });
  });
  const service = form.service.trim();
  const url = form.trackingUrl.trim();
  return {
    body: {
      lines: bodyLines,
      carrier: form.carrier,
      ...(service ? { service } : {}),
      trackingNumbers: trackingNumbersOf(form.trackingNumbers),
      ...(url ? { trackingUrl: url } : {}),
    },
    sent,
  };
}

/**
 * How much of a partly shipped order has gone, counted in lines: "2 of 3 lines shipped". Null
 * before any has shipped and once all have: the order's state says those ("Shipped").
 */
export function shippedSummary(order: Pick<Booking, 'lines'>): string | null {
  const { lines } = order;
  const any = lines.some((l) => l.shippedQuantity > 0);
  const whole = lines.filter((l) => l.shippedQuantity >= l.quantity).length;
  if (!any || whole === lines.length) return null;
  return `${whole} of ${lines.length} ${lines.length === 1 ? 'line' : 'lines'} shipped`;
}
