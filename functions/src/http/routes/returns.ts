import { Router, type Request } from 'express';
import { idempotencyKeySchema } from '@fridgeparts/common/shipping/shipments.schema';
import {
  returnApproveSchema,
  returnDeclineSchema,
  returnIdSchema,
  returnReceiveSchema,
  coreReceiveSchema,
  returnRequestSchema,
  returnsQuerySchema,
} from '@fridgeparts/common/returns/returns.schema';
import { approveReturn, declineReturn, getReturnSlip, listBookingReturns, listReturns, requestReturn } from '../../services/returns/returns';
import { receiveReturn } from '../../services/returns/receive';
import { refundReturn } from '../../services/returns/refund';
import { receiveCoreReturn } from '../../services/returns/receive-core';

/** A receipt naming an inspection on a line: a core return's (decision 0088). */
const isCoreReceipt = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as { lines?: unknown }).lines) &&
  (body as { lines: unknown[] }).lines.some((l) => typeof l === 'object' && l !== null && 'inspection' in l);
import { callerOf, requireAdmin, requireUser } from '../middleware/auth';
import { parse } from '../validate';
import { param } from '../respond';
import { badRequest, notFound } from '../../errors';

const RETURN_KEY_MESSAGE = 'Send an Idempotency-Key header (1 to 255 visible ASCII characters, e.g. a UUID) so a repeated request makes one return';

/** The Idempotency-Key header, required (400 when missing or malformed). */
function idempotencyKey(req: Request): string {
  const key = idempotencyKeySchema.safeParse(req.get('Idempotency-Key'));
  if (!key.success) throw badRequest(RETURN_KEY_MESSAGE, { 'Idempotency-Key': RETURN_KEY_MESSAGE });
  return key.data;
}

/** A return id in the path; anything else names no return (404, as an unknown one). */
function returnId(req: Request): string {
  const rid = returnIdSchema.safeParse(param(req.params.rid));
  if (!rid.success) throw notFound(`This order has no return with id "${param(req.params.rid)}".`);
  return rid.data;
}

/**
 * Returns (CONTRACT §16, decision 0086): the buyer (or their company admin, or the shop admin)
 * requests and lists an order's returns; the shop admin lists every return, approves, declines,
 * receives and refunds.
 */
export function returnRoutes(): Router {
  const r = Router();
  r.get('/booking/:id/returns', requireUser, async (req, res) => {
    res.json(await listBookingReturns(callerOf(req), param(req.params.id)));
  });
  r.post('/booking/:id/returns', requireUser, async (req, res) => {
    const key = idempotencyKey(req);
    res.status(201).json(await requestReturn(callerOf(req), param(req.params.id), key, parse(returnRequestSchema, req.body)));
  });
  r.get('/returns', requireAdmin, async (req, res) => {
    res.json(await listReturns(parse(returnsQuerySchema, req.query)));
  });
  r.post('/booking/:id/returns/:rid/approve', requireAdmin, async (req, res) => {
    res.json(await approveReturn(param(req.params.id), returnId(req), parse(returnApproveSchema, req.body ?? {})));
  });
  r.post('/booking/:id/returns/:rid/decline', requireAdmin, async (req, res) => {
    res.json(await declineReturn(param(req.params.id), returnId(req), parse(returnDeclineSchema, req.body)));
  });
  r.post('/booking/:id/returns/:rid/receive', requireAdmin, async (req, res) => {
    // A core return's lines are inspected (decision 0088): its body names an inspection per line.
    res.json(
      isCoreReceipt(req.body)
        ? await receiveCoreReturn(param(req.params.id), returnId(req), parse(coreReceiveSchema, req.body))
        : await receiveReturn(param(req.params.id), returnId(req), parse(returnReceiveSchema, req.body)),
    );
  });
  r.post('/booking/:id/returns/:rid/refund', requireAdmin, async (req, res) => {
    res.json(await refundReturn(param(req.params.id), returnId(req)));
  });
  r.get('/booking/:id/returns/:rid/slip', requireUser, async (req, res) => {
    const { fileName, pdf } = await getReturnSlip(callerOf(req), param(req.params.id), returnId(req));
    res
      .status(200)
      .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'no-store' })
      .send(pdf);
  });
  return r;
}
