import { Router } from 'express';
import { reviewInputSchema, reviewListQuerySchema } from '@fridgeparts/common/review';
import { addReview, listReviews } from '../../services/reviews';
import { callerOf, requireUser } from '../middleware/auth';
import { parse } from '../validate';
import { publicCache } from '../middleware/security';
import { sendPage } from '../respond';

export function reviewRoutes(): Router {
  const r = Router();
  r.get('/reviewsget', publicCache, async (req, res) => {
    sendPage(res, await listReviews(parse(reviewListQuerySchema, req.query)));
  });
  r.post('/reviews', requireUser, async (req, res) => {
    const caller = callerOf(req);
    res.status(201).json(await addReview(parse(reviewInputSchema, req.body), caller));
  });
  return r;
}
