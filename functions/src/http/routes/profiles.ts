import { Router } from 'express';
import { profileInputSchema, profileQuerySchema } from '@fridgeparts/common/profile';
import { profilesOf, saveProfile } from '../../services/users/profiles';
import { callerOf, requireUser } from '../middleware/auth';
import { parse } from '../validate';

/** My Profile. */
export function profileRoutes(): Router {
  const r = Router();
  r.put('/api/users/profile', requireUser, async (req, res) => {
    res.json(await saveProfile(callerOf(req), parse(profileInputSchema, req.body)));
  });
  r.get('/userProfile', requireUser, async (req, res) => {
    res.json(await profilesOf(callerOf(req), parse(profileQuerySchema, req.query).email));
  });
  return r;
}
