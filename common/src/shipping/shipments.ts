import { isoTime, type StoredTime } from '../documents/time';
import type { Carrier } from './methods';
import type { Shipment } from './shipments.answers';

/**
 * Shipments (CONTRACT §14 "Shipments", decision 0079): the boxes an order leaves in, each with its
 * lines and quantities, its carrier and tracking. Zod-free (decision 0073): the request schemas are
 * in shipments.schema.ts, the answers in shipments.answers.ts.
 *
 * A line is named by `lineId`: its position in the order's `lines`, from "0" (lines never move
 * once an order is placed).
 */

export const SHIPMENT_LIMITS = {
  /** Lines in one shipment (an order has at most 50). */
  lines: 50,
  trackingNumbers: 10,
  trackingNumberLength: 40,
  trackingUrlLength: 500,
  serviceLength: 60,
  /** Shipments stored on one order, cancelled ones included: the order document stays small. */
  perOrder: 100,
  idempotencyKeyLength: 255,
} as const;

export const TRACKING_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
export const TRACKING_NUMBER_MESSAGE = 'A tracking number is 1 to 40 letters, digits and dashes';
export const LINE_ID = /^(0|[1-9]\d?)$/;
export const LINE_ID_MESSAGE = 'lineId is the line’s position in the order, from "0"';
export const TRACKING_URL_REQUIRED = 'trackingUrl is required for carrier freight or other (their tracking page is not known)';
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_KEY_MESSAGE =
  'Send an Idempotency-Key header (1 to 255 visible ASCII characters, e.g. a UUID) so a repeated request makes one shipment';

/** The carriers whose public tracking page is known, by the page's prefix (the number is appended, encoded). */
export const TRACKING_PAGES: Partial<Record<Carrier, string>> = {
  ups: 'https://www.ups.com/track?tracknum=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
};

/** A carrier's public tracking link for one number; null for a carrier without a known page (freight, other). */
export function trackingUrlFor(carrier: Carrier, trackingNumber: string): string | null {
  const page = TRACKING_PAGES[carrier];
  return page ? `${page}${encodeURIComponent(trackingNumber)}` : null;
}

/** Whether `carrier` needs the admin's own trackingUrl (no public page known). */
export const needsTrackingUrl = (carrier: Carrier): boolean => TRACKING_PAGES[carrier] === undefined;

/**
 * A shipment's tracking links: one per number from the carrier's page; for freight and other, the
 * link the admin gave (when given, after any built ones).
 */
export function trackingUrlsOf(s: { carrier: Carrier; trackingNumbers: readonly string[]; trackingUrl?: string | null }): string[] {
  const built = s.trackingNumbers.map((n) => trackingUrlFor(s.carrier, n)).filter((u): u is string => u !== null);
  return s.trackingUrl && !built.includes(s.trackingUrl) ? [...built, s.trackingUrl] : built;
}

/** One line of a shipment as stored: the order line it takes from and a copy of what it is (for the slip and the email). */
export interface ShipmentLineDoc {
  lineId: string;
  toolId: string;
  partNumber: string | null;
  name: string;
  quantity: number;
}

/**
 * bookings/{id}.shipments[]: kept on the order document (decision 0079), so one read answers the
 * order with its shipments and one transaction moves both. `key` and `fingerprint` are the
 * Idempotency-Key and what the request asked, so a replay answers the same shipment.
 */
export interface ShipmentDoc<Time extends StoredTime = StoredTime> {
  id: string;
  key: string;
  fingerprint: string;
  lines: ShipmentLineDoc[];
  carrier: Carrier;
  service: string | null;
  trackingNumbers: string[];
  trackingUrl: string | null;
  shippedAt: Time;
  deliveredAt: Time | null;
  /** Set when cancelled: its quantities went back to unshipped; kept so its key is not reused. */
  cancelledAt: Time | null;
  /** The admin's one Shipped action (the whole rest of the order, no tracking). */
  legacy?: boolean;
}

/** The shipments that count: not cancelled. */
export const activeShipments = <T extends { cancelledAt: unknown }>(all: readonly T[] | undefined): T[] => (all ?? []).filter((s) => !s.cancelledAt);

/** What a line can still ship: ordered, less shipped, less waiting for stock. */
export const shippableOf = (q: { quantity: number; shippedQuantity: number; backorderedQuantity: number }): number =>
  Math.max(0, q.quantity - q.shippedQuantity - q.backorderedQuantity);

/** Why a requested shipment can not go, per line (the 400's fields). */
export interface ShipmentProblem {
  field: string;
  message: string;
}

/**
 * Checks a shipment's lines against the order's running quantities (CONTRACT §14: each quantity
 * at most what is paid or confirmed and not yet shipped nor backordered); problems, none when it fits.
 */
export function shipmentProblems(
  requested: readonly { lineId: string; quantity: number }[],
  lines: readonly { quantity: number; shippedQuantity: number; backorderedQuantity: number }[],
): ShipmentProblem[] {
  const problems: ShipmentProblem[] = [];
  const seen = new Set<string>();
  requested.forEach((r, i) => {
    const field = `lines.${i}`;
    const line = lines[Number(r.lineId)];
    if (seen.has(r.lineId)) problems.push({ field, message: `Line ${r.lineId} is named twice; send it once with the whole quantity.` });
    else if (!line) problems.push({ field, message: `The order has no line ${r.lineId} (its lines are 0 to ${lines.length - 1}).` });
    else {
      const can = shippableOf(line);
      if (r.quantity > can)
        problems.push({
          field,
          message: `Line ${r.lineId} has ${can} left to ship (ordered ${line.quantity}, shipped ${line.shippedQuantity}, backordered ${line.backorderedQuantity}); ${r.quantity} is too many.`,
        });
    }
    seen.add(r.lineId);
  });
  return problems;
}

/** A stored shipment to the API shape: times as ISO text, the tracking links built. */
export function shipmentFromDoc(s: ShipmentDoc): Shipment {
  return {
    id: s.id,
    lines: s.lines.map((l) => ({ lineId: l.lineId, toolId: l.toolId, partNumber: l.partNumber, name: l.name, quantity: l.quantity })),
    carrier: s.carrier,
    service: s.service ?? null,
    trackingNumbers: [...s.trackingNumbers],
    trackingUrls: trackingUrlsOf(s),
    shippedAt: isoTime(s.shippedAt),
    deliveredAt: s.deliveredAt ? isoTime(s.deliveredAt) : null,
  };
}

/** An order's shipments as answered: the ones not cancelled, in the order they were made. */
export const shipmentsFromDoc = (all: readonly ShipmentDoc[] | undefined): Shipment[] => activeShipments(all).map(shipmentFromDoc);
