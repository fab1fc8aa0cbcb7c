import { Router } from 'express';
import { pageQuerySchema } from '@fridgeparts/common/pagination';
import { deleteOrder, listAllBookings, markShipped } from '../../services/bookings';
import { requireAdmin } from '../middleware/auth';
import { parse } from '../validate';
import { param, sendPage } from '../respond';

/** Manage All Orders (admin). */
export function orderRoutes(): Router {
  const r = Router();
  r.get('/bookingOrder', requireAdmin, async (req, res) => {
    sendPage(res, await listAllBookings(parse(pageQuerySchema, req.query)));
  });
  r.patch('/api/orders/shipped/:id', requireAdmin, async (req, res) => {
    res.json(await markShipped(param(req.params.id)));
  });
  r.delete('/bookingOrder/:id', requireAdmin, async (req, res) => {
    res.json(await deleteOrder(param(req.params.id)));
  });
  return r;
}
