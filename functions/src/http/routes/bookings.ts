import { Router } from 'express';
import { bookingInputSchema, cancelBookingQuerySchema, myBookingsQuerySchema, quickOrderSchema } from '@fridgeparts/common/booking';
import { cancelBooking, createBooking, listBookingsOf } from '../../services/orders/bookings';
import { getBooking } from '../../services/order-reads/get-booking';
import { createQuickOrder } from '../../services/orders/quick-order';
import { getOrderDocument } from '../../services/orders/order-document';
import { callerOf, requireUser, requireVerifiedUser } from '../middleware/auth';
import { parse } from '../validate';
import { param, sendPage } from '../respond';

/** The customer's side of bookings (CONTRACT §3). */
export function bookingRoutes(): Router {
  const r = Router();
  r.post('/booking', requireVerifiedUser, async (req, res) => {
    res.status(201).json(await createBooking(callerOf(req), parse(bookingInputSchema, req.body)));
  });
  r.post('/booking/quick', requireVerifiedUser, async (req, res) => {
    res.status(201).json(await createQuickOrder(callerOf(req), parse(quickOrderSchema, req.body)));
  });
  r.get('/booking/:id/document', requireUser, async (req, res) => {
    const { fileName, pdf } = await getOrderDocument(callerOf(req), param(req.params.id));
    res
      .status(200)
      .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'no-store' })
      .send(pdf);
  });
  r.get('/booking', requireUser, async (req, res) => {
    const query = parse(myBookingsQuerySchema, req.query);
    sendPage(res, await listBookingsOf(callerOf(req), query.email, query));
  });
  r.delete('/booking', requireUser, async (req, res) => {
    const query = parse(cancelBookingQuerySchema, req.query);
    res.json(await cancelBooking(callerOf(req), query.email, query.id));
  });
  r.get('/mybooking/:id', requireUser, async (req, res) => {
    res.json(await getBooking(callerOf(req), param(req.params.id)));
  });
  return r;
}
