import { Router } from 'express';
import { shippingMethodIdSchema, shippingMethodInputSchema } from '@fridgeparts/common/shipping/methods.schema';
import { shippingOptionsQuerySchema } from '@fridgeparts/common/shipping/options.schema';
import { deleteShippingMethod, listShippingMethods, putShippingMethod } from '../../services/shipping/methods';
import { shippingOptions } from '../../services/shipping/options';
import { callerOf, requireAdmin, requireUser } from '../middleware/auth';
import { ifMatchVersions, sendVersion } from '../if-match';
import { parse } from '../validate';
import { param } from '../respond';

const methodId = (value: string | string[] | undefined) => parse(shippingMethodIdSchema, param(value));

/**
 * Shipping (CONTRACT §14, decision 0075): the shop admin's methods and rates, and the options a
 * signed-in buyer may choose for their cart, their lines or a placed order.
 */
export function shippingRoutes(): Router {
  const r = Router();
  r.get('/shipping/methods', requireAdmin, async (_req, res) => {
    res.json(await listShippingMethods());
  });
  r.put('/shipping/methods/:id', requireAdmin, async (req, res) => {
    const id = methodId(req.params.id);
    const input = parse(shippingMethodInputSchema, req.body);
    const { created, method } = await putShippingMethod(callerOf(req), id, input, ifMatchVersions(req));
    sendVersion(res, method.version);
    res.status(created ? 201 : 200).json(method);
  });
  r.delete('/shipping/methods/:id', requireAdmin, async (req, res) => {
    res.json(await deleteShippingMethod(callerOf(req), methodId(req.params.id), ifMatchVersions(req)));
  });
  r.get('/shipping/options', requireUser, async (req, res) => {
    const query = parse(shippingOptionsQuerySchema, req.query);
    // One buyer's cart and prices: never kept by a shared cache.
    res.set('Cache-Control', 'private, no-store');
    res.json(await shippingOptions(callerOf(req), query));
  });
  return r;
}
