import { Router, type Response } from 'express';
import {
  companyCreateSchema,
  companyListQuerySchema,
  companyPatchSchema,
  invitationSchema,
  memberPatchSchema,
  memberUidSchema,
} from '@fridgeparts/common/company.schema';
import type { Company } from '@fridgeparts/common/company.answers';
import { documentIdSchema } from '@fridgeparts/common/ids';
import { emailSchema } from '@fridgeparts/common/user';
import {
  createCompany,
  getCompany,
  getMyCompany,
  inviteToCompany,
  listCompanies,
  patchCompany,
  patchMember,
  removeMember,
  withdrawInvitation,
} from '../../services/companies/companies';
import { expectedVersions, sendVersion } from '../if-match';
import { companyInvoicesQuerySchema } from '@fridgeparts/common/invoice.schema';
import { listCompanyInvoices } from '../../services/payments/invoices';
import { callerOf, requireAdmin, requireUser } from '../middleware/auth';
import { parse } from '../validate';
import { param, sendPage } from '../respond';

const companyId = (value: string | string[] | undefined) => parse(documentIdSchema('Company id'), param(value));
const memberUid = (value: string | string[] | undefined) => parse(memberUidSchema, param(value));

/** A company answer carries its version as the ETag too, for PATCH's If-Match (CONTRACT §13). */
function answerCompany(res: Response, company: Company, status = 200): void {
  sendVersion(res, company.version);
  res.status(status).json(company);
}

/**
 * Buying as a company (CONTRACT §10, decision 0055): companies (shop admin), their people (shop
 * admin or that company's admin) and the caller's own company. Who manages a company is read from
 * Firestore on every call (services/companies/companies.ts), never from a token.
 */
export function companyRoutes(): Router {
  const r = Router();
  r.post('/companies', requireAdmin, async (req, res) => {
    answerCompany(res, await createCompany(callerOf(req), parse(companyCreateSchema, req.body)), 201);
  });
  r.get('/companies', requireAdmin, async (req, res) => {
    sendPage(res, await listCompanies(parse(companyListQuerySchema, req.query)));
  });
  r.get('/companies/:id', requireUser, async (req, res) => {
    answerCompany(res, await getCompany(callerOf(req), companyId(req.params.id)));
  });
  r.patch('/companies/:id', requireAdmin, async (req, res) => {
    const id = companyId(req.params.id);
    const patch = parse(companyPatchSchema, req.body);
    answerCompany(res, await patchCompany(callerOf(req), id, patch, expectedVersions(req, patch.version)));
  });
  // Pay on account (decision 0058): the company's invoices and their due dates, for the shop admin.
  r.get('/companies/:id/invoices', requireAdmin, async (req, res) => {
    sendPage(res, await listCompanyInvoices(companyId(req.params.id), parse(companyInvoicesQuerySchema, req.query)));
  });
  r.post('/companies/:id/invitations', requireUser, async (req, res) => {
    const id = companyId(req.params.id);
    const { created, company } = await inviteToCompany(callerOf(req), id, parse(invitationSchema, req.body));
    answerCompany(res, company, created ? 201 : 200);
  });
  r.delete('/companies/:id/invitations/:email', requireUser, async (req, res) => {
    const id = companyId(req.params.id);
    answerCompany(res, await withdrawInvitation(callerOf(req), id, parse(emailSchema, param(req.params.email))));
  });
  r.patch('/companies/:id/members/:uid', requireUser, async (req, res) => {
    const id = companyId(req.params.id);
    const uid = memberUid(req.params.uid);
    answerCompany(res, await patchMember(callerOf(req), id, uid, parse(memberPatchSchema, req.body)));
  });
  r.delete('/companies/:id/members/:uid', requireUser, async (req, res) => {
    const id = companyId(req.params.id);
    answerCompany(res, await removeMember(callerOf(req), id, memberUid(req.params.uid)));
  });
  r.get('/me/company', requireUser, async (req, res) => {
    res.json(await getMyCompany(callerOf(req)));
  });
  return r;
}
