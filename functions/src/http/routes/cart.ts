import { Router, type Response } from 'express';
import { cartInputSchema, cartLinesInputSchema, checkoutSchema, type Cart } from '@fridgeparts/common/cart';
import { addCartLines, checkoutCart, getCart, putCart } from '../../services/orders/cart';
import { expectedVersions, sendVersion } from '../if-match';
import { callerOf, requireUser, requireVerifiedUser } from '../middleware/auth';
import { parse } from '../validate';
import { cartQuerySchema } from '@fridgeparts/common/tax/tax.schema';

/** Every cart answer carries its version as the ETag too (CONTRACT §13). */
function answerCart(res: Response, cart: Cart): void {
  sendVersion(res, cart.version);
  res.json(cart);
}

/**
 * The signed-in buyer's cart and its checkout (CONTRACT §8, §13). PUT /cart and checkout are
 * conditional when the caller names the version it saw (If-Match, or `version` in the body):
 * 412 `{ error, cart }` when the cart moved since, nothing changed.
 */
export function cartRoutes(): Router {
  const r = Router();
  r.get('/cart', requireUser, async (req, res) => {
    // CONTRACT §15: with a ship-to or an address, the cart's sales tax (strict: 400 on a bad query).
    const query = parse(cartQuerySchema, req.query);
    answerCart(res, await getCart(callerOf(req), query));
  });
  r.put('/cart', requireUser, async (req, res) => {
    const input = parse(cartInputSchema, req.body);
    answerCart(res, await putCart(callerOf(req), input, expectedVersions(req, input.version)));
  });
  r.post('/cart/lines', requireUser, async (req, res) => {
    answerCart(res, await addCartLines(callerOf(req), parse(cartLinesInputSchema, req.body)));
  });
  r.post('/booking/checkout', requireVerifiedUser, async (req, res) => {
    const input = parse(checkoutSchema, req.body);
    res.status(201).json(await checkoutCart(callerOf(req), input, expectedVersions(req, input.version)));
  });
  return r;
}
