/**
 * A copy of the returns design's shapes (issue 47 slice 1, CONTRACT §16) until common's own land
 * with the server (branch ret47srv): replaced by common's types, then deleted.
 */
import { z } from '@fridgeparts/common/zod-setup';

export const RETURN_REASONS = ['wrong-part', 'not-needed', 'defective', 'damaged-in-transit', 'warranty', 'core'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_STATES = ['requested', 'approved', 'declined', 'received', 'refunded'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export interface ReturnAmounts {
  parts: number;
  fee: number;
  shipping: number;
  tax: number;
  total: number;
}

export interface ReturnLine {
  lineId: string;
  toolId: string;
  name: string;
  partNumber: string | null;
  quantity: number;
  reason: ReturnReason;
  note: string | null;
  unitPrice: number;
  resaleable: number;
  damaged: number;
}

export interface Return {
  id: string;
  rmaNumber: string;
  bookingId: string;
  orderNumber: string;
  state: ReturnState;
  lines: ReturnLine[];
  restockingFeePercent: number | null;
  declineReason: string | null;
  refund: (ReturnAmounts & { method: 'card' | 'credit-note'; refundId: string | null; creditNoteId: string | null }) | null;
  createdAt: string;
  approvedAt: string | null;
  receivedAt: string | null;
  refundedAt: string | null;
  declinedAt: string | null;
  returnAddress: string | null;
  refundDue: ReturnAmounts | null;
}

export interface ReturnableLine {
  lineId: string;
  name: string;
  partNumber: string | null;
  quantity: number;
  reasons: { reason: ReturnReason; until: string }[];
}

export interface BookingReturns {
  returns: Return[];
  returnable: ReturnableLine[];
}

export interface ReturnsPage {
  returns: Return[];
  nextCursor: string | null;
}

export const returnInputSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: z.string().regex(/^(?:[0-9]|[1-4][0-9])$/),
        quantity: z.number().int().min(1),
        reason: z.enum(RETURN_REASONS),
        note: z.string().max(500).optional(),
      }),
    )
    .min(1)
    .max(50),
});
export type ReturnInput = z.output<typeof returnInputSchema>;

const enc = encodeURIComponent;
export const RETURNS_API = {
  bookingReturns: (id: string) => `/booking/${enc(id)}/returns`,
  returns: (query: { state: ReturnState; cursor?: string }) => `/returns?state=${enc(query.state)}${query.cursor ? `&cursor=${enc(query.cursor)}` : ''}`,
  approve: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/approve`,
  decline: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/decline`,
  receive: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/receive`,
  refund: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/refund`,
  slip: (id: string, rid: string) => `/booking/${enc(id)}/returns/${enc(rid)}/slip`,
};
