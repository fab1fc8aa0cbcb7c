import { Router } from 'express';
import { toolInputSchema, toolPatchSchema } from '@fridgeparts/common/tool';
import { addTool, deleteTool } from '../../services/catalog/catalog';
import { editTool } from '../../services/catalog/product-edit';
import { callerOf, requireAdmin } from '../middleware/auth';
import { parse } from '../validate';
import { ifMatchVersions, sendVersion } from '../if-match';
import { param } from '../respond';

/** Add A Product and Manage All Products (admin). */
export function productRoutes(): Router {
  const r = Router();
  r.post('/addItem', requireAdmin, async (req, res) => {
    res.status(201).json(await addTool(parse(toolInputSchema, req.body), callerOf(req).uid));
  });
  // If-Match (CONTRACT §13): checked in the edit's transaction; 412 with the current tool when it
  // moved. The answer carries the edited tool's new ETag, so the form can edit again.
  r.patch('/manage/:id', requireAdmin, async (req, res) => {
    const expected = ifMatchVersions(req);
    const { tool, version } = await editTool(param(req.params.id), parse(toolPatchSchema, req.body), expected);
    sendVersion(res, version);
    res.json(tool);
  });
  r.delete('/manage/:id', requireAdmin, async (req, res) => {
    res.json(await deleteTool(param(req.params.id)));
  });
  return r;
}
