import express, { type Express } from 'express';
import { errorMiddleware, notFoundMiddleware } from './middleware/errors';
import { jsonBody, wellFormedUrl } from './middleware/body';
import { catalogRoutes } from './routes/tools';
import { reviewRoutes } from './routes/reviews';
import { userRoutes } from './routes/users';
import { bookingRoutes } from './routes/bookings';
import { orderRoutes } from './routes/orders';
import { productRoutes } from './routes/products';
import { adminRoutes } from './routes/admin';
import { profileRoutes } from './routes/profiles';

/**
 * The Express app behind the HTTPS function `api`. Routes are thin: parse, call a service,
 * answer (STYLE habit 6). Exported as a factory so tests drive it over HTTP with supertest.
 */
export function createApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(wellFormedUrl);
  // JSON only, from the bytes, with the limit enforced (middleware/body.ts): never express.json,
  // which Cloud Functions' own pre-parsing bypasses.
  app.use(jsonBody);
  app.use((_req, res, next) => {
    // API answers are per-user or change often: never let a shared cache keep them.
    res.set('Cache-Control', 'no-store');
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.use(catalogRoutes());
  app.use(reviewRoutes());
  app.use(userRoutes());
  app.use(bookingRoutes());
  app.use(orderRoutes());
  app.use(productRoutes());
  app.use(adminRoutes());
  app.use(profileRoutes());

  app.use(notFoundMiddleware);
  app.use(errorMiddleware);
  return app;
}
