import { Router } from 'express';
import { createPaymentIntentSchema, recordPaymentSchema } from '@fridgeparts/common/payment';
import { createPaymentIntent, recordCardPayment, refundOrder } from '../../services/payments/payments';
import { handleStripeEvent, verifiedEvent } from '../../services/payments/stripe-webhook';
import { callerOf, requireAdmin, requireVerifiedUser } from '../middleware/auth';
import { parse } from '../validate';
import { param } from '../respond';

/** Card payments (CONTRACT §5). */
export function paymentRoutes(): Router {
  const r = Router();
  r.post('/create-payment-intent', requireVerifiedUser, async (req, res) => {
    const { bookingId } = parse(createPaymentIntentSchema, req.body);
    res.json(await createPaymentIntent(callerOf(req), bookingId));
  });
  r.patch('/cardBooking/:id', requireVerifiedUser, async (req, res) => {
    const { transactionId } = parse(recordPaymentSchema, req.body);
    res.json(await recordCardPayment(callerOf(req), param(req.params.id), transactionId));
  });
  r.post('/bookingOrder/:id/refund', requireAdmin, async (req, res) => {
    res.json(await refundOrder(param(req.params.id)));
  });
  // Signed by Stripe, not by a user: no token, no App Check (middleware/security.ts).
  r.post('/stripe/webhook', async (req, res) => {
    const event = verifiedEvent(req.rawBody, req.get('stripe-signature'));
    res.json({ received: true, outcome: await handleStripeEvent(event) });
  });
  return r;
}
