import express, { type Express } from 'express';
import { errorMiddleware, notFoundMiddleware } from './middleware/errors';
import { jsonBody, wellFormedUrl } from './middleware/body';
import { apiHeaders, appCheck, rateLimits, type AppCheckVerifier, type RateLimits } from './middleware/security';
import { catalogRoutes } from './routes/tools';
import { reviewRoutes } from './routes/reviews';
import { userRoutes } from './routes/users';
import { bookingRoutes } from './routes/bookings';
import { cartRoutes } from './routes/cart';
import { orderRoutes } from './routes/orders';
import { productRoutes } from './routes/products';
import { adminRoutes } from './routes/admin';
import { profileRoutes } from './routes/profiles';
import { paymentRoutes } from './routes/payments';

/**
 * The Express app behind the HTTPS function `api`. Routes are thin: parse, call a service,
 * answer (STYLE habit 6). Exported as a factory so tests drive it over HTTP with supertest.
 */
export interface AppOptions {
  rateLimits?: RateLimits;
  /** App Check enforcement (off on the local stack: docs/decisions/0013-app-check.md). */
  appCheck?: { enforce: () => boolean; verify: AppCheckVerifier };
}

export function createApp(options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Client -> Hosting CDN -> Google front end -> function: the caller is two proxies back.
  app.set('trust proxy', 2);
  app.use(apiHeaders);
  app.use(rateLimits(options.rateLimits));
  app.use(appCheck(options.appCheck?.enforce ?? (() => false), options.appCheck?.verify ?? (() => Promise.reject(new Error('no verifier')))));
  app.use(wellFormedUrl);
  // JSON only, from the bytes, with the limit enforced (middleware/body.ts): never express.json,
  // which Cloud Functions' own pre-parsing bypasses.
  app.use(jsonBody);

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.use(catalogRoutes());
  app.use(reviewRoutes());
  app.use(userRoutes());
  app.use(cartRoutes());
  app.use(bookingRoutes());
  app.use(orderRoutes());
  app.use(productRoutes());
  app.use(adminRoutes());
  app.use(profileRoutes());
  app.use(paymentRoutes());

  app.use(notFoundMiddleware);
  app.use(errorMiddleware);
  return app;
}
