import express, { type Express } from 'express';
import { errorMiddleware, notFoundMiddleware } from './middleware/errors';
import { jsonBody, wellFormedUrl } from './middleware/body';
import { apiHeaders, appCheck, type AppCheckVerifier } from './middleware/security';
import { countFailed, countUnverified, rateLimits, type RateLimits } from './middleware/rate-limits';
import { catalogRoutes } from './routes/tools';
import { reviewRoutes } from './routes/reviews';
import { userRoutes } from './routes/users';
import { bookingRoutes } from './routes/bookings';
import { cartRoutes } from './routes/cart';
import { orderRoutes } from './routes/orders';
import { shipmentRoutes } from './routes/shipments';
import { productRoutes } from './routes/products';
import { adminRoutes } from './routes/admin';
import { profileRoutes } from './routes/profiles';
import { paymentRoutes } from './routes/payments';
import { partRoutes } from './routes/parts';
import { modelRoutes } from './routes/models';
import { openApiRoutes } from './routes/openapi';
import { companyRoutes } from './routes/companies';
import { approvalRoutes } from './routes/approvals';
import { contractPriceRoutes } from './routes/contract-prices';
import { shippingRoutes } from './routes/shipping';
import { returnRoutes } from './routes/returns';
import { shipCutoff } from '../config';

/**
 * The Express app behind the HTTPS function `api`. Routes are thin: parse, call a service,
 * answer (STYLE habit 6). Exported as a factory so tests drive it over HTTP with supertest.
 */
export interface AppOptions {
  /** Default: DEFAULT_RATE_LIMITS, scaled on the local stack by FRIDGEPARTS_RATE_LIMIT_SCALE. */
  rateLimits?: RateLimits;
  /**
   * X-Forwarded-For entries written by trusted proxies (rate-limits.ts clientAddress). Default:
   * Google's front end's when deployed, none locally. Tests set it to act as the deployed function.
   */
  proxyEntries?: number;
  /** App Check enforcement (off on the local stack: docs/decisions/0013-app-check.md). */
  appCheck?: { enforce: () => boolean; verify: AppCheckVerifier };
}

export function createApp(options: AppOptions = {}): Express {
  // Configuration read strictly at startup (CONTRACT §14): a bad SHIP_CUTOFF throws here, naming
  // what it should be, so the function never starts rather than answering 500 per call.
  shipCutoff();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // No `trust proxy`: req.ip is never used. The address a call is counted under is read from the
  // entries Google's front end appends, never from what a caller wrote (rate-limits.ts, decision 0036).
  app.use(apiHeaders);
  app.use(rateLimits({ limits: options.rateLimits, proxyEntries: options.proxyEntries }));
  app.use(appCheck(options.appCheck?.enforce ?? (() => false), options.appCheck?.verify ?? (() => Promise.reject(new Error('no verifier')))));
  app.use(wellFormedUrl);
  // JSON only, from the bytes, with the limit enforced (middleware/body.ts): never express.json,
  // which Cloud Functions' own pre-parsing bypasses.
  app.use(jsonBody);

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.use(openApiRoutes());
  app.use(catalogRoutes());
  app.use(partRoutes());
  app.use(modelRoutes());
  app.use(reviewRoutes());
  app.use(userRoutes());
  app.use(cartRoutes());
  app.use(bookingRoutes());
  app.use(orderRoutes());
  app.use(shipmentRoutes());
  app.use(productRoutes());
  app.use(adminRoutes());
  app.use(profileRoutes());
  app.use(paymentRoutes());
  app.use(companyRoutes());
  app.use(approvalRoutes());
  app.use(contractPriceRoutes());
  app.use(shippingRoutes());
  app.use(returnRoutes());

  app.use(countUnverified, notFoundMiddleware);
  app.use(countFailed, errorMiddleware);
  return app;
}
