import { Router, type Request } from 'express';
import { idempotencyKeySchema, shipmentIdSchema, shipmentInputSchema, shipmentPatchSchema } from '@fridgeparts/common/shipping/shipments.schema';
import { IDEMPOTENCY_KEY_MESSAGE } from '@fridgeparts/common/shipping/shipments';
import { cancelShipment, correctShipment, createShipment, markDelivered } from '../../services/shipping/shipments';
import { getPackingSlip } from '../../services/shipping/packing-slip';
import { callerOf, requireAdmin, requireUser } from '../middleware/auth';
import { parse } from '../validate';
import { param } from '../respond';
import { badRequest, notFound } from '../../errors';

/** The Idempotency-Key header, required (400 when missing or malformed). */
function idempotencyKey(req: Request): string {
  const key = idempotencyKeySchema.safeParse(req.get('Idempotency-Key'));
  if (!key.success) throw badRequest(IDEMPOTENCY_KEY_MESSAGE, { 'Idempotency-Key': IDEMPOTENCY_KEY_MESSAGE });
  return key.data;
}

/** A shipment id in the path; anything else names no shipment (404, as an unknown one). */
function shipmentId(req: Request): string {
  const sid = shipmentIdSchema.safeParse(param(req.params.sid));
  if (!sid.success) throw notFound(`This order has no shipment with id "${param(req.params.sid)}".`);
  return sid.data;
}

/** Shipments (CONTRACT §14, decision 0079): the shop admin ships, corrects, records delivery and cancels; the buyer reads the slip. */
export function shipmentRoutes(): Router {
  const r = Router();
  r.post('/booking/:id/shipments', requireAdmin, async (req, res) => {
    const key = idempotencyKey(req);
    res.status(201).json(await createShipment(param(req.params.id), key, parse(shipmentInputSchema, req.body)));
  });
  r.patch('/booking/:id/shipments/:sid', requireAdmin, async (req, res) => {
    res.json(await correctShipment(param(req.params.id), shipmentId(req), parse(shipmentPatchSchema, req.body)));
  });
  r.delete('/booking/:id/shipments/:sid', requireAdmin, async (req, res) => {
    res.json(await cancelShipment(param(req.params.id), shipmentId(req)));
  });
  r.post('/booking/:id/shipments/:sid/delivered', requireAdmin, async (req, res) => {
    res.json(await markDelivered(param(req.params.id), shipmentId(req)));
  });
  r.get('/booking/:id/shipments/:sid/document', requireUser, async (req, res) => {
    const { fileName, pdf } = await getPackingSlip(callerOf(req), param(req.params.id), shipmentId(req));
    res
      .status(200)
      .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'no-store' })
      .send(pdf);
  });
  return r;
}
