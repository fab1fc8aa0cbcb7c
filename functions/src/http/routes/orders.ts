import { Router } from 'express';
import { allOrdersQuerySchema, orderFilterSchema } from '@fridgeparts/common/booking';
import { deleteOrder, listAllBookings, markShipped } from '../../services/orders/bookings';
import { requireAdmin } from '../middleware/auth';
import { parse } from '../validate';
import { param, sendPage } from '../respond';
import { sendCsv } from '../send-csv';
import { exportOrdersCsv } from '../../services/orders/order-export';
import { voidOrderInvoice } from '../../services/payments/invoice-void';

/** Manage All Orders (admin). */
export function orderRoutes(): Router {
  const r = Router();
  r.get('/bookingOrder', requireAdmin, async (req, res) => {
    sendPage(res, await listAllBookings(parse(allOrdersQuerySchema, req.query)));
  });
  // Before any /bookingOrder/:id route, so "export.csv" is never read as an order id.
  r.get('/bookingOrder/export.csv', requireAdmin, async (req, res) => {
    const filter = parse(orderFilterSchema, req.query);
    await sendCsv(res, `orders-${new Date().toISOString().slice(0, 10)}.csv`, exportOrdersCsv(filter));
  });
  r.patch('/api/orders/shipped/:id', requireAdmin, async (req, res) => {
    res.json(await markShipped(param(req.params.id)));
  });
  // An order on account is stopped by voiding its invoice, which releases it (decision 0066).
  r.post('/booking/:id/invoice/void', requireAdmin, async (req, res) => {
    res.json(await voidOrderInvoice(param(req.params.id)));
  });
  r.delete('/bookingOrder/:id', requireAdmin, async (req, res) => {
    res.json(await deleteOrder(param(req.params.id)));
  });
  return r;
}
