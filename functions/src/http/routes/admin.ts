import { Router } from 'express';
import { pageQuerySchema } from '@fridgeparts/common/pagination';
import { emailSchema } from '@fridgeparts/common/user';
import { listUsers, makeAdmin, removeUser } from '../../services/users/admin-users';
import { callerOf, requireAdmin } from '../middleware/auth';
import { parse } from '../validate';
import { param, sendPage } from '../respond';

/** Make Admin (admin): the users list and the admin role. */
export function adminRoutes(): Router {
  const r = Router();
  r.get('/allusers', requireAdmin, async (req, res) => {
    sendPage(res, await listUsers(parse(pageQuerySchema, req.query)));
  });
  r.put('/user/admin/:email', requireAdmin, async (req, res) => {
    res.json(await makeAdmin(callerOf(req), parse(emailSchema, param(req.params.email))));
  });
  r.delete('/alluserr/:email', requireAdmin, async (req, res) => {
    res.json(await removeUser(callerOf(req), parse(emailSchema, param(req.params.email))));
  });
  return r;
}
