import { Router } from 'express';
import { shipToIdSchema } from '@fridgeparts/common/company.schema';
import { documentIdSchema } from '@fridgeparts/common/ids';
import { exemptionApproveSchema, exemptionRejectSchema, exemptionReviewQuerySchema, exemptionUploadSchema } from '@fridgeparts/common/tax/exemption.schema';
import { approveExemption, exemptionCertificate, listExemptions, rejectExemption, reviewExemptions, uploadExemption } from '../../services/tax/exemptions';
import { taxRegistrations } from '../../services/tax/registrations';
import { callerOf, requireAdmin, requireUser } from '../middleware/auth';
import { parse } from '../validate';
import { param } from '../respond';

const companyId = (value: string | string[] | undefined) => parse(documentIdSchema('Company id'), param(value));
const shipToId = (value: string | string[] | undefined) => parse(shipToIdSchema, param(value));
const exemptionId = (value: string | string[] | undefined) => parse(documentIdSchema('Certificate id'), param(value));

/**
 * Tax exemption certificates (CONTRACT §15, decision 0084): a company's admin (or the shop admin)
 * uploads a ship-to's certificate and reads the company's; the shop admin reviews them. Private:
 * never kept by a shared cache.
 */
export function exemptionRoutes(): Router {
  const r = Router();
  r.get('/tax/registrations', requireUser, async (_req, res) => {
    res.json({ registrations: await taxRegistrations() });
  });
  r.post('/companies/:id/shipTo/:shipToId/exemptions', requireUser, async (req, res) => {
    const id = companyId(req.params.id);
    const shipTo = shipToId(req.params.shipToId);
    const input = parse(exemptionUploadSchema, req.body);
    res.set('Cache-Control', 'private, no-store');
    res.status(201).json(await uploadExemption(callerOf(req), id, shipTo, input));
  });
  r.get('/companies/:id/exemptions', requireUser, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json({ exemptions: await listExemptions(callerOf(req), companyId(req.params.id)) });
  });
  r.get('/companies/:id/exemptions/:eid/certificate', requireUser, async (req, res) => {
    const { bytes, fileName } = await exemptionCertificate(callerOf(req), companyId(req.params.id), exemptionId(req.params.eid));
    res
      .status(200)
      .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'private, no-store' })
      .send(bytes);
  });
  r.post('/companies/:id/shipTo/:shipToId/exemptions/:eid/approve', requireAdmin, async (req, res) => {
    const id = companyId(req.params.id);
    const shipTo = shipToId(req.params.shipToId);
    const eid = exemptionId(req.params.eid);
    parse(exemptionApproveSchema, req.body);
    res.set('Cache-Control', 'private, no-store');
    res.json(await approveExemption(callerOf(req), id, shipTo, eid));
  });
  r.post('/companies/:id/shipTo/:shipToId/exemptions/:eid/reject', requireAdmin, async (req, res) => {
    const id = companyId(req.params.id);
    const shipTo = shipToId(req.params.shipToId);
    const eid = exemptionId(req.params.eid);
    const input = parse(exemptionRejectSchema, req.body);
    res.set('Cache-Control', 'private, no-store');
    res.json(await rejectExemption(callerOf(req), id, shipTo, eid, input));
  });
  r.get('/exemptions', requireAdmin, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await reviewExemptions(parse(exemptionReviewQuerySchema, req.query)));
  });
  return r;
}
