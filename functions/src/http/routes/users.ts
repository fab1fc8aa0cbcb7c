import { Router } from 'express';
import { z } from 'zod';
import { emailSchema } from '@fridgeparts/common/user';
import { getUserRecord, isAdminEmail, syncUser } from '../../services/users/users';
import { callerOf, requireUser } from '../middleware/auth';
import { parse } from '../validate';
import { param } from '../respond';

const emailQuery = z.object({ email: emailSchema });

export function userRoutes(): Router {
  const r = Router();
  r.put('/user/:email', requireUser, async (req, res) => {
    res.json(await syncUser(callerOf(req), parse(emailSchema, param(req.params.email))));
  });
  r.get('/admins/:email', requireUser, async (req, res) => {
    res.json(await isAdminEmail(callerOf(req), parse(emailSchema, param(req.params.email))));
  });
  r.get('/user', requireUser, async (req, res) => {
    res.json(await getUserRecord(callerOf(req), parse(emailQuery, req.query).email));
  });
  return r;
}
