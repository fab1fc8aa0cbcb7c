import { Router } from 'express';
import { reviewInputSchema, reviewListQuerySchema } from '@fridgeparts/common/review';
import { documentIdSchema } from '@fridgeparts/common/ids';
import { addReview, hideReview, listReviews } from '../../services/catalog/reviews';
import { callerOf, requireAdmin, requireVerifiedUser } from '../middleware/auth';
import { parse } from '../validate';
import { publicCache } from '../middleware/security';
import { param, sendPage } from '../respond';

export function reviewRoutes(): Router {
  const r = Router();
  r.get('/reviewsget', publicCache, async (req, res) => {
    sendPage(res, await listReviews(parse(reviewListQuerySchema, req.query)));
  });
  r.post('/reviews', requireVerifiedUser, async (req, res) => {
    const caller = callerOf(req);
    res.status(201).json(await addReview(parse(reviewInputSchema, req.body), caller));
  });
  // CONTRACT §9: an admin hides a review; it leaves the home page and the tool page at once.
  r.delete('/reviews/:id', requireAdmin, async (req, res) => {
    res.json(await hideReview(parse(documentIdSchema('Review id'), param(req.params.id)), callerOf(req)));
  });
  return r;
}
