import { Router } from 'express';
import { contractPriceInputSchema, contractPriceListQuerySchema, myPricesQuerySchema } from '@fridgeparts/common/contract-prices.schema';
import { documentIdSchema } from '@fridgeparts/common/ids';
import { deleteContractPrice, listContractPrices, myContractPrices, putContractPrice } from '../../services/companies/contract-prices';
import { callerOf, requireAdmin, requireUser } from '../middleware/auth';
import { parse } from '../validate';
import { param, sendPage } from '../respond';

const companyId = (value: string | string[] | undefined) => parse(documentIdSchema('Company id'), param(value));
const toolId = (value: string | string[] | undefined) => parse(documentIdSchema('Tool id'), param(value));

/**
 * Contract prices (CONTRACT §10, decision 0057): the shop admin sets a company's prices; a signed-in
 * caller reads their own company's (none for anyone in no company). The members' orders and carts
 * are priced with them by the order path itself (services/orders/order-lines.ts, services/orders/cart.ts).
 */
export function contractPriceRoutes(): Router {
  const r = Router();
  r.put('/companies/:id/prices/:toolId', requireAdmin, async (req, res) => {
    const id = companyId(req.params.id);
    const tool = toolId(req.params.toolId);
    const { created, price } = await putContractPrice(callerOf(req), id, tool, parse(contractPriceInputSchema, req.body));
    res.status(created ? 201 : 200).json(price);
  });
  r.delete('/companies/:id/prices/:toolId', requireAdmin, async (req, res) => {
    res.json(await deleteContractPrice(callerOf(req), companyId(req.params.id), toolId(req.params.toolId)));
  });
  r.get('/companies/:id/prices', requireAdmin, async (req, res) => {
    sendPage(res, await listContractPrices(companyId(req.params.id), parse(contractPriceListQuerySchema, req.query)));
  });
  r.get('/me/prices', requireUser, async (req, res) => {
    const { toolIds } = parse(myPricesQuerySchema, req.query);
    // One caller's prices: never kept by Hosting's CDN or a shared cache (the catalogue's public
    // answers stay the same for everyone, and cacheable).
    res.set('Cache-Control', 'private, no-store');
    res.json(await myContractPrices(callerOf(req), toolIds));
  });
  return r;
}
