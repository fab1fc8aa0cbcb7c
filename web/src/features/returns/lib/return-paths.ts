import type { ReturnState } from '@fridgeparts/common/returns/returns';

const enc = encodeURIComponent;

/** The returns' REST paths (CONTRACT §16). */
export const RETURNS_API = {
  bookingReturns: (id: string) => `/booking/${enc(id)}/returns`,
  returns: (query: { state: ReturnState; cursor?: string }) => `/returns?state=${enc(query.state)}${query.cursor ? `&cursor=${enc(query.cursor)}` : ''}`,
  approve: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/approve`,
  decline: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/decline`,
  receive: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/receive`,
  refund: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/refund`,
  slip: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/slip`,
};
