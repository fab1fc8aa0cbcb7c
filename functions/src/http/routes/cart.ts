import { Router } from 'express';
import { cartInputSchema, checkoutSchema } from '@fridgeparts/common/cart';
import { checkoutCart, getCart, putCart } from '../../services/cart';
import { callerOf, requireUser, requireVerifiedUser } from '../middleware/auth';
import { parse } from '../validate';

/** The signed-in buyer's cart and its checkout (CONTRACT §8). */
export function cartRoutes(): Router {
  const r = Router();
  r.get('/cart', requireUser, async (req, res) => {
    res.json(await getCart(callerOf(req)));
  });
  r.put('/cart', requireUser, async (req, res) => {
    res.json(await putCart(callerOf(req), parse(cartInputSchema, req.body)));
  });
  r.post('/booking/checkout', requireVerifiedUser, async (req, res) => {
    res.status(201).json(await checkoutCart(callerOf(req), parse(checkoutSchema, req.body)));
  });
  return r;
}
