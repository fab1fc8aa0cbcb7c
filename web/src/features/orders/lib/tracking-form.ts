import type { Carrier } from '@fridgeparts/common/shipping/methods';
import { trackingUrlFor } from '@fridgeparts/common/shipping/shipments';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import { trackingNumbersOf, type TrackingFieldValues } from './ship-form';

/** The Edit tracking dialog's fields: the Ship dialog's carrier and tracking fields, nothing else. */
export type TrackingForm = TrackingFieldValues;

/**
 * The body of PATCH /booking/{id}/shipments/{sid} (CONTRACT §14, decision 0079): every field the
 * dialog shows, so what is saved is what the admin sees; a blank service or link is null (cleared).
 */
export interface TrackingPatch {
  carrier: Carrier;
  service: string | null;
  trackingNumbers: string[];
  trackingUrl: string | null;
}

/**
 * The link the admin gave, read back from the answer: the shipment answers its links, one per
 * number built from the carrier's page, then the given one when it is not one of those.
 */
export function givenTrackingUrl(s: Pick<Shipment, 'carrier' | 'trackingNumbers' | 'trackingUrls'>): string {
  const built = new Set(s.trackingNumbers.map((n) => trackingUrlFor(s.carrier, n)));
  return s.trackingUrls.find((u) => !built.has(u)) ?? '';
}

/** The dialog's first values: the shipment as it is. */
export function trackingDefaults(s: Shipment): TrackingForm {
  return { carrier: s.carrier, service: s.service ?? '', trackingNumbers: s.trackingNumbers.join(', '), trackingUrl: givenTrackingUrl(s) };
}

/** The request body from the form: the numbers split as the Ship dialog splits them, blanks as null. */
export function trackingPatchOf(form: TrackingForm): TrackingPatch {
  const service = form.service.trim();
  const url = form.trackingUrl.trim();
  return { carrier: form.carrier, service: service || null, trackingNumbers: trackingNumbersOf(form.trackingNumbers), trackingUrl: url || null };
}
