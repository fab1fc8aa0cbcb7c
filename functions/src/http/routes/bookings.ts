import { Router } from 'express';
import { bookingInputSchema, cancelBookingQuerySchema, myBookingsQuerySchema } from '@fridgeparts/common/booking';
import { cancelBooking, createBooking, getBooking, listBookingsOf } from '../../services/bookings';
import { callerOf, requireUser } from '../middleware/auth';
import { parse } from '../validate';
import { param, sendPage } from '../respond';

/** The customer's side of bookings (CONTRACT §3). */
export function bookingRoutes(): Router {
  const r = Router();
  r.post('/booking', requireUser, async (req, res) => {
    res.status(201).json(await createBooking(callerOf(req), parse(bookingInputSchema, req.body)));
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
