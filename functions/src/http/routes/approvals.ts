import { Router } from 'express';
import { approveSchema, declineSchema } from '@fridgeparts/common/booking';
import { documentIdSchema } from '@fridgeparts/common/ids';
import { pageQuerySchema } from '@fridgeparts/common/pagination';
import { decideApproval, listCompanyApprovals, listCompanyOrders } from '../../services/orders/approvals';
import { callerOf, requireUser } from '../middleware/auth';
import { parse } from '../validate';
import { param, sendPage } from '../respond';

const companyId = (value: string | string[] | undefined) => parse(documentIdSchema('Company id'), param(value));

/**
 * Approvals and the company's orders (CONTRACT §10, decision 0056). Who may call is decided by the
 * service from the caller's membership as stored now (services/orders/approvals.ts), so these only need a
 * signed-in caller here.
 */
export function approvalRoutes(): Router {
  const r = Router();
  r.get('/companies/:id/orders', requireUser, async (req, res) => {
    sendPage(res, await listCompanyOrders(callerOf(req), companyId(req.params.id), parse(pageQuerySchema, req.query)));
  });
  r.get('/companies/:id/approvals', requireUser, async (req, res) => {
    sendPage(res, await listCompanyApprovals(callerOf(req), companyId(req.params.id), parse(pageQuerySchema, req.query)));
  });
  r.post('/booking/:id/approve', requireUser, async (req, res) => {
    // The body is optional: an approval without a note may send none.
    const { note } = parse(approveSchema, req.body ?? {});
    res.json(await decideApproval(callerOf(req), param(req.params.id), 'approved', note));
  });
  r.post('/booking/:id/decline', requireUser, async (req, res) => {
    const { note } = parse(declineSchema, req.body ?? {});
    res.json(await decideApproval(callerOf(req), param(req.params.id), 'declined', note));
  });
  return r;
}
